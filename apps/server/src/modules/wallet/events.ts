/**
 * The domain events the wallet publishes (lib/events.ts). `bet.settled` is written by the
 * ledger's own SQL (migration 0014, ledger_apply_bet) in the transaction that settles the round,
 * so its payload is what that function builds: amounts in minor units, `settledAt` as text.
 */
declare module '../../lib/events' {
  interface DomainEvents {
    'bet.settled': {
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
  }
}

export {};
