/**
 * The domain events promotions publish (lib/events.ts): the realtime module pushes them to the
 * member (PROMOTION_CLAIM, MANUAL_PROMO; facts.md §1). Ids and amounts in minor units.
 */
declare module '../../lib/events' {
  interface DomainEvents {
    /** A member's entry qualified: the reward waits for the member's claim. */
    'promotion.reward-ready': {
      merchantCode: string;
      memberId: number;
      promotionId: number;
      entryId: number;
      currency: string;
    };
    /** A promotion's reward was issued to the member (claimed, automatic, or an approved application). */
    'promotion.reward-issued': {
      merchantCode: string;
      memberId: number;
      promotionId: number;
      entryId: number;
      currency: string;
      rewardMinor: number;
      claimed: boolean;
    };
    /** An operator approved or rejected a member's application. */
    'promotion.application-decided': {
      merchantCode: string;
      memberId: number;
      promotionId: number;
      applicationId: number;
      status: 'approved' | 'rejected';
      reason: string | null;
    };
    /** A period's cashback reached the member's main wallet (the inbox tells them, once per payout). */
    'cashback.credited': {
      merchantCode: string;
      memberId: number;
      currency: string;
      payoutId: number;
      amountMinor: number;
      /** The period paid, in the brand's time zone (yyyy-mm-dd, both included). */
      firstDay: string;
      lastDay: string;
    };
    /** A manual rebate claim reached the member's main wallet. */
    'rebate.credited': {
      merchantCode: string;
      memberId: number;
      currency: string;
      payoutId: number;
      amountMinor: number;
    };
    /** A bonus left the bonus wallet: converted to cash, forfeited by the member, or expired. */
    'bonus.closed': {
      merchantCode: string;
      memberId: number;
      currency: string;
      grantId: number;
      outcome: 'completed' | 'forfeited' | 'expired';
      amountMinor: number;
    };
  }
}

export {};
