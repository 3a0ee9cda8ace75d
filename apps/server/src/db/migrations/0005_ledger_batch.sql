-- Group commit for the ledger: many operations in one round trip and one commit. Every member
-- account of the batch is locked first, in ascending id order (so two batches can never
-- deadlock); then each operation runs in its own subtransaction, so a refused operation
-- (insufficient funds, idempotency conflict) is rolled back alone and reported in its slot.
CREATE FUNCTION ledger_post_operations(p_ops jsonb)
RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_op jsonb;
  v_results jsonb := '[]'::jsonb;
  v_result jsonb;
  v_state text;
  v_detail text;
  v_ignored integer;
BEGIN
  SELECT count(*) INTO v_ignored FROM (
    SELECT id FROM ledger_accounts
    WHERE owner_kind = 'member' AND id IN (
      SELECT (t->>'from')::bigint FROM jsonb_array_elements(p_ops) o, jsonb_array_elements(o->'transfers') t WHERE t->>'fromKind' = 'member'
      UNION
      SELECT (t->>'to')::bigint FROM jsonb_array_elements(p_ops) o, jsonb_array_elements(o->'transfers') t WHERE t->>'toKind' = 'member')
    ORDER BY id FOR UPDATE) locked;

  FOR v_op IN SELECT value FROM jsonb_array_elements(p_ops) LOOP
    BEGIN
      v_result := ledger_post_operation(v_op->>'key', v_op->>'fingerprint', v_op->>'kind', v_op->>'reference', v_op->'transfers');
    EXCEPTION WHEN SQLSTATE 'LD001' OR SQLSTATE 'LD002' OR SQLSTATE 'LD003' THEN
      GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE, v_detail = PG_EXCEPTION_DETAIL;
      v_result := jsonb_build_object('error', v_state, 'detail', v_detail);
    END;
    v_results := v_results || jsonb_build_array(v_result);
  END LOOP;
  RETURN v_results;
END;
$$;
