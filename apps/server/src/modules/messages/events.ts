import type { MessageKind } from '@banca/contracts';

/** The domain events the messages module publishes (lib/events.ts). */
declare module '../../lib/events' {
  interface DomainEvents {
    /** A message arrived in a member's inbox (realtime pushes INBOX with the new unread count). */
    'message.created': {
      messageId: number;
      merchantCode: string;
      memberId: number;
      kind: MessageKind;
    };
  }
}

export {};
