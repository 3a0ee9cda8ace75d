/** The domain events the content module publishes (lib/events.ts). */
declare module '../../lib/events' {
  interface DomainEvents {
    /** An operator answered a member's feedback: the answer goes to the member's inbox. */
    'feedback.answered': {
      feedbackId: number;
      merchantCode: string;
      memberId: number;
      /** The brand's currency: the inbox's templates format an amount, here none (0). */
      currency: string;
      reply: string;
      at: string;
    };
  }
}

export {};
