/**
 * The domain event the support chat publishes (lib/events.ts): this part's handler pushes it to
 * the member as SUPPORT (index.ts), so an operator's answer reaches the member's open chat and
 * badge live, and a reconnecting socket catches up on it.
 */
declare module '../../../lib/events' {
  interface DomainEvents {
    /** An operator answered (`messageId`) or closed the conversation (`messageId` null). */
    'support.changed': {
      merchantCode: string;
      memberId: number;
      conversationId: number;
      messageId: number | null;
      status: 'open' | 'closed';
      /** The member's unread count right after the change. */
      unread: number;
      /** Names the push once per change (a redelivery pushes nothing new). */
      sourceKey: string;
    };
    /** A member wrote a line: the console's desks hear it on the `support.desk` topic. */
    'support.member-wrote': {
      conversationId: number;
      messageId: number;
    };
  }
}

export {};
