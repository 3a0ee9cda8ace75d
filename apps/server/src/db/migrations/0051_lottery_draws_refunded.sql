-- The scheduler's backstop asked every minute for voided draws with slips left to refund: a scan
-- of every draw for the void ones (no index has the status), then one probe of the slips per
-- voided draw, ever. A voided draw is now marked refunded when its refund has gone through every
-- slip, and the backstop reads the draws not marked yet, through their own partial index.
ALTER TABLE lottery_draws ADD COLUMN refunded_at timestamptz;
UPDATE lottery_draws d SET refunded_at = coalesce(d.voided_at, now())
WHERE d.status = 'void'
  AND NOT EXISTS (SELECT 1 FROM lottery_slips s WHERE s.draw_id = d.id AND s.status IN ('pending', 'placed'));
CREATE INDEX lottery_draws_to_refund ON lottery_draws (id) WHERE status = 'void' AND refunded_at IS NULL;
