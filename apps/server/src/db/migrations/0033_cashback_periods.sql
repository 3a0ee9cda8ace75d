-- Cashback's period per brand, and the rewards' inbox messages (docs/bonus.md "Cashback",
-- issue 16 §5). Owned by the rewards module's cashback part; the messages' kinds by the
-- messages module.

-- A brand's cashback pays a member's net loss of a day, a week (Monday to Sunday) or a calendar
-- month, in the brand's time zone, once the period has ended. Existing brands keep 'day'.
ALTER TABLE cashback_settings DROP CONSTRAINT cashback_settings_period_check;
ALTER TABLE cashback_settings ADD CONSTRAINT cashback_settings_period_check CHECK (
  period IN ('day', 'week', 'month')
);

-- Payouts whose money is still owed (a cashback period's run, a rebate claim an instance left
-- unpaid): what the hourly job looks for, without reading every payout ever made.
CREATE INDEX cashback_payouts_unpaid ON cashback_payouts (id) WHERE operation_id IS NULL;

-- The member hears of the money the rewards parts move for them: a cashback or a rebate
-- credited, a bonus converted to cash, forfeited or expired. A later migration that adds kinds
-- must repeat this whole list.
ALTER TABLE member_messages DROP CONSTRAINT member_messages_kind_check;
ALTER TABLE member_messages ADD CONSTRAINT member_messages_kind_check CHECK (
  kind IN ('deposit_credited', 'deposit_failed', 'withdrawal_approved', 'withdrawal_rejected',
    'withdrawal_refunded', 'withdrawal_dispute_closed',
    'cashback_credited', 'rebate_credited', 'bonus_converted', 'bonus_forfeited', 'bonus_expired')
);
