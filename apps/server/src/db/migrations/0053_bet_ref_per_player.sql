-- A bet reference is one player's (found by the PAM conformance probe of session 8). pam_api.yml
-- calls providerBetRef a "provider bet reference for grouping or matching transactions"; only the
-- transaction id is unique for the provider. The guard of migration 0016 (renamed
-- ledger_bet_guard_0016 by 0032, which calls it) read the reference across every player: player
-- A's bet under a reference player B had used made B's CANCEL find A's WITHDRAW (so B's refund was
-- refused as settled), and A's CANCEL naming B's reference could not be recorded. The same rules,
-- each read of the reference now limited to the bet's member (the vendors module's reads are
-- limited the same way, wallet/bets.ts `context`).
CREATE OR REPLACE FUNCTION ledger_bet_guard_0016(p_bet jsonb)
RETURNS boolean
LANGUAGE plpgsql
AS $$
DECLARE
  v_status text;
  v_deposits integer;
  v_game text;
BEGIN
  IF coalesce((p_bet->>'tombstone')::boolean, false) THEN
    -- still nothing to cancel
    RETURN NOT EXISTS (
      SELECT 1 FROM vendor_transactions w
      WHERE w.merchant_code = p_bet->>'merchant' AND w.vendor_code = p_bet->>'vendor'
        AND w.tx_type IN ('WITHDRAW', 'PROMOWITHDRAW') AND w.provider_tx_id = p_bet->>'txId')
    AND NOT EXISTS (
      SELECT 1 FROM vendor_transactions w
      WHERE w.merchant_code = p_bet->>'merchant' AND w.vendor_code = p_bet->>'vendor'
        AND w.tx_type IN ('WITHDRAW', 'PROMOWITHDRAW') AND w.bet_ref = p_bet->>'betRef'
          AND w.member_id = (p_bet->>'member')::bigint);
  END IF;
  SELECT r.status, r.deposit_count, r.game_code INTO v_status, v_deposits, v_game FROM bet_rounds r
  WHERE r.vendor_code = p_bet->>'vendor' AND r.round_id = p_bet->>'round'
    AND r.member_id = (p_bet->>'member')::bigint;
  IF coalesce((p_bet->>'fresh')::boolean, false) THEN
    -- The id seen before, in any type (a CANCEL named it, a repeat, a duplicate): the full path
    -- judges. This also covers the WITHDRAW's check for a CANCEL by the same id below.
    IF EXISTS (
      SELECT 1 FROM vendor_transactions t
      WHERE t.merchant_code = p_bet->>'merchant' AND t.vendor_code = p_bet->>'vendor'
        AND t.provider_tx_id = p_bet->>'txId') THEN
      RETURN false;
    END IF;
    IF p_bet->>'type' = 'WITHDRAW' THEN
      RETURN coalesce(v_status, 'open') = 'open'
        AND (p_bet->>'betRef' IS NULL OR NOT EXISTS (
          SELECT 1 FROM vendor_transactions c
          WHERE c.merchant_code = p_bet->>'merchant' AND c.vendor_code = p_bet->>'vendor'
            AND c.bet_ref = p_bet->>'betRef'
          AND c.member_id = (p_bet->>'member')::bigint AND c.tx_type IN ('CANCEL', 'PROMOCANCEL')));
    ELSIF p_bet->>'type' = 'DEPOSIT' THEN
      RETURN coalesce(v_status = 'open' AND v_game = p_bet->>'game', false)
        AND (p_bet->>'betRef' IS NULL OR NOT EXISTS (
          SELECT 1 FROM vendor_transactions w
          WHERE w.merchant_code = p_bet->>'merchant' AND w.vendor_code = p_bet->>'vendor'
            AND w.bet_ref = p_bet->>'betRef'
          AND w.member_id = (p_bet->>'member')::bigint AND w.tx_type IN ('WITHDRAW', 'PROMOWITHDRAW')
            AND w.cancelled_by_id IS NOT NULL));
    END IF;
    RETURN false;
  END IF;
  CASE p_bet->>'type'
    WHEN 'WITHDRAW', 'PROMOWITHDRAW' THEN
      RETURN coalesce(v_status, 'open') = 'open' AND NOT EXISTS (
        SELECT 1 FROM vendor_transactions c
        WHERE c.merchant_code = p_bet->>'merchant' AND c.vendor_code = p_bet->>'vendor'
          AND c.tx_type IN ('CANCEL', 'PROMOCANCEL') AND c.provider_tx_id = p_bet->>'txId')
      AND NOT EXISTS (
        SELECT 1 FROM vendor_transactions c
        WHERE c.merchant_code = p_bet->>'merchant' AND c.vendor_code = p_bet->>'vendor'
          AND c.tx_type IN ('CANCEL', 'PROMOCANCEL') AND c.bet_ref = p_bet->>'betRef'
          AND c.member_id = (p_bet->>'member')::bigint);
    WHEN 'DEPOSIT' THEN
      RETURN coalesce(v_status = 'open', false);
    WHEN 'PROMODEPOSIT' THEN
      RETURN coalesce(v_status, 'open') = 'open';
    ELSE
      RETURN coalesce(v_status = 'open' AND v_deposits = 0, false) AND EXISTS (
        SELECT 1 FROM vendor_transactions w
        WHERE w.id = (p_bet->>'cancels')::bigint AND w.cancelled_by_id IS NULL);
  END CASE;
END;
$$;
