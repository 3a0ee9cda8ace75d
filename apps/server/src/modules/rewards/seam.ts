import type { RewardKind, TicketKind } from './tables';

/**
 * The reward-issuing seam (docs/rewards.md): "issue a reward of kind K to member M for
 * promotion P". The promotions code decides who gets what and when; an issuer moves it. Cash
 * and points are issued here (issuers.ts); bonus (the bonus wallet with its wagering
 * requirement) and tickets (red envelope, egg, prize wheel draws) are plugged in by
 * `bonus/` and `tickets/` in the module's manifest (index.ts).
 *
 * Contract of every issuer:
 * - idempotent by `grant.idempotencyKey` (`promotion-reward:<entryId>`): issuing the same key
 *   again returns the first result and moves nothing (a crash between issuing and recording it
 *   is completed by the recovery job calling issue again);
 * - money moves only through the wallet's ledger (`postOperation`), from the house account
 *   `promotion` of the brand;
 * - a refusal the member can act on is an AppError (a code of the catalogue); anything else is
 *   a fault and the entry stays `issuing` for the recovery job.
 */
export type RewardGrant = {
  merchantCode: string;
  memberId: number;
  currency: string;
  promotionId: number;
  /** The promotion entry this reward is for (one per member and period). */
  entryId: number;
  kind: RewardKind;
  /** Money or points in minor units; for tickets, how many tickets (≥ 1). */
  amountMinor: number;
  /** Tickets only: which draw the ticket is for. */
  ticketKind: TicketKind | null;
  /** Bonus only: the turnover requirement the promotion sets (multiple 0 = none). */
  wagering: { multiple: number; base: 'bonus' | 'bonus_deposit'; depositMinor: number } | null;
  /** Stable for this grant: `promotion-reward:<entryId>`. */
  idempotencyKey: string;
};

/** What an issuer answers: a reference the entry records (ledger operation, bonus or ticket id). */
export type IssuedReward = { reference: string };

export interface RewardIssuer {
  issue(grant: RewardGrant): Promise<IssuedReward>;
}

/** The issuers by reward kind; a kind without one is refused (`reward_kind_unavailable`). */
export type RewardIssuers = Partial<Record<RewardKind, RewardIssuer>>;
