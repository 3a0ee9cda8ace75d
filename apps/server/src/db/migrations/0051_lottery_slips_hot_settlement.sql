-- Marking a draw's slips settled without touching their indexes (issue 18's settlement).
--
-- A settlement marks every slip of the draw (status, payout, settled_at). lottery_slips_draw
-- (draw_id, status, id) named the status, so each mark wrote a new entry in all three indexes of
-- the table. The index now holds (draw_id, id): the questions asked of a draw's slips (its
-- pending stakes, its slips to settle or refund, its console counts) read the draw's slips and
-- their status from the rows, once per draw. The pages keep room (fillfactor 70) for the marked
-- version of each slip beside the placed one, as bet_rounds does since 0050.
--
-- The scheduler's backstop asked every minute for voided draws with slips left to refund, one
-- probe of that index per voided draw, ever. A voided draw is now marked refunded when its
-- refund has gone through every slip, and the backstop reads the draws not marked yet.

DROP INDEX lottery_slips_draw;
CREATE INDEX lottery_slips_draw ON lottery_slips (draw_id, id);
ALTER TABLE lottery_slips SET (fillfactor = 70);

ALTER TABLE lottery_draws ADD COLUMN refunded_at timestamptz;
UPDATE lottery_draws d SET refunded_at = coalesce(d.voided_at, now())
WHERE d.status = 'void'
  AND NOT EXISTS (SELECT 1 FROM lottery_slips s WHERE s.draw_id = d.id AND s.status IN ('pending', 'placed'));
CREATE INDEX lottery_draws_to_refund ON lottery_draws (id) WHERE status = 'void' AND refunded_at IS NULL;
