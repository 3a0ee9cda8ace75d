-- A lottery draw is its players' game round: a member's slips on a draw are the WITHDRAWs of one
-- bet round, `D<drawId>`, settled by one DEPOSIT (their payouts' total) or with nothing paid
-- (docs/lottery.md "Bet rounds"). Before, each slip was a round of its own, `L<slipId>`: settling a
-- draw of 100,000 slips wrote 100,000 round versions with their index entries, most of a
-- settlement's time (issue 18's target: 100,000 bets in ≤ 3 s).
--
-- The draws that exist keep one round per slip (their stakes are already in such rounds); the
-- draws opened from now on have one per member. The column says which, for the settlement and the
-- refund of a voided draw.
ALTER TABLE lottery_draws ADD COLUMN rounds text NOT NULL DEFAULT 'slip' CHECK (rounds IN ('slip', 'member'));
ALTER TABLE lottery_draws ALTER COLUMN rounds SET DEFAULT 'member';
