/**
 * The domain events the wallet publishes (lib/events.ts). `bets.settled` is written by the
 * ledger's own SQL (migrations 0016 and 0027, ledger_apply_bets) in the transaction that settles
 * the rounds: one event per ledger call (a group commit's batch), carrying every round it
 * settled, so its payload is what that function builds: amounts in minor units, `settledAt` as
 * text. One event per batch rather than per round: each event costs an outbox row, a delivery
 * row per handler and their updates, which per round were a fifth of bench:pam's database time.
 */
export type SettledBetRound = {
  betRoundId: number;
  merchantCode: string;
  memberId: number;
  vendorCode: string;
  gameCode: string;
  roundId: string;
  currency: string;
  stakeMinor: number;
  payoutMinor: number;
  validBetMinor: number;
  settledAt: string;
};

declare module '../../lib/events' {
  interface DomainEvents {
    'bets.settled': { rounds: SettledBetRound[] };
    /** One round per event: written before migration 0027; handlers still take those left undelivered. */
    'bet.settled': SettledBetRound;
  }
}
