-- The betting record shows a cancelled round's stake (found by a browser QA pass: a voided lottery
-- slip read R$ 0,00). A CANCEL takes its amount off bet_rounds.stake_minor, so a cancelled round
-- keeps 0 there; what was staked and given back is the sum of the round's applied CANCEL and
-- PROMOCANCEL transactions. The record reads them for the cancelled rounds of one page in one
-- query, by round. 0027 dropped the index on round_pk (no read used it; it cost every bet
-- transaction an index entry); this one holds only the cancels, a small share of the rows, so
-- the WITHDRAWs and DEPOSITs of play do not pay for it.
CREATE INDEX vendor_transactions_round_cancels ON vendor_transactions (round_pk)
  WHERE tx_type IN ('CANCEL', 'PROMOCANCEL') AND outcome = 'applied';
