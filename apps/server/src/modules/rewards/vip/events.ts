/**
 * The VIP part's domain event (lib/events.ts): a member's level changed, up on a settled bet or a
 * deposit, up or down by the recalculation job. Its handlers pay level-up rewards, write the
 * inbox message and push VIP_LEVEL to the member.
 */
declare module '../../../lib/events' {
  interface DomainEvents {
    'vip.level-changed': {
      memberId: number;
      merchantCode: string;
      currency: string;
      fromRank: number;
      toRank: number;
      at: string;
    };
  }
}

export {};
