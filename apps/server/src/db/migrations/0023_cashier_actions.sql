-- The cashier's remaining withdrawal actions (modules/payments, docs/payments.md "Disputes" and
-- "Payouts the job gave up on"): a disputed payout is refunded (the missing amount back to the
-- member through the ledger, key `withdrawal-refund:<id>`) or closed with a reason; a payout the
-- job gave up on is retried or closed as failed (the locked amount back, `withdrawal-return:<id>`).

-- disputed → refunding → refunded (the missing amount credited) | disputed → dispute_closed (no
-- refund); approved → failing → failed (closed by the cashier after the job gave up). `refunding`
-- and `failing` are claims: the step between an operator's decision and its ledger operation,
-- finished by the payouts job when an instance died in between.
ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status_check;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check CHECK (status IN ('new', 'pending',
  'rejecting', 'rejected', 'approved', 'failing', 'failed', 'paid', 'confirmed', 'disputed',
  'refunding', 'refunded', 'dispute_closed', 'cancelled'));

-- Who settled the dispute (or closed the payout), when, why, and how much was refunded.
ALTER TABLE withdrawals ADD COLUMN resolved_by text;
ALTER TABLE withdrawals ADD COLUMN resolved_at timestamptz;
ALTER TABLE withdrawals ADD COLUMN resolution_note text;
ALTER TABLE withdrawals ADD COLUMN refund_minor bigint CHECK (refund_minor > 0);

-- The payouts job's list of steps left half-done now holds the two new claims too.
DROP INDEX withdrawals_unfinished;
CREATE INDEX withdrawals_unfinished ON withdrawals (updated_at)
  WHERE status IN ('new', 'rejecting', 'refunding', 'failing');

-- The member hears how the dispute ended (the messages module's inbox, modules/messages): two
-- kinds of message join its catalogue.
ALTER TABLE member_messages DROP CONSTRAINT member_messages_kind_check;
ALTER TABLE member_messages ADD CONSTRAINT member_messages_kind_check CHECK (
  kind IN ('deposit_credited', 'deposit_failed', 'withdrawal_approved', 'withdrawal_rejected',
    'withdrawal_refunded', 'withdrawal_dispute_closed')
);
