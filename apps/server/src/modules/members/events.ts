/** The domain events the members module emits (lib/events.ts); handlers live with their own modules. */
declare module '../../lib/events' {
  interface DomainEvents {
    /**
     * A player account was created by registration (not a trial account): referral rewards,
     * the agents' downline, compliance checks and welcome messages react to it.
     */
    'member.registered': {
      memberId: number;
      merchantCode: string;
      /** The agent whose affiliate code was used, if any. */
      uplineMemberId: number | null;
      /** The member whose referral code was used, if any. */
      referredByMemberId: number | null;
    };
  }
}

export {};
