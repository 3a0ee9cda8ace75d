import type { Db } from '../../db/connect';

/**
 * Outside services (docs/architecture.md): SMS and e-mail. The development adapter stores every
 * message in `outbox_messages`, where tests and the operator console read it; a real
 * provider's adapter implements the same interface.
 */
export type OutgoingMessage = {
  merchantCode: string;
  channel: 'sms' | 'email';
  destination: string;
  subject: string | null;
  body: string;
};

export interface MessageSender {
  send(message: OutgoingMessage): Promise<void>;
}

/** Failures a provider can report; the service maps them to the spec's phone-authentication errors. */
export class ProviderError extends Error {
  constructor(readonly reason: 'quota_exceeded' | 'unknown') {
    super(`message provider failed: ${reason}`);
  }
}

export function createOutboxSender(db: Db): MessageSender {
  return {
    async send(message) {
      await db
        .insertInto('outbox_messages')
        .values({
          merchant_code: message.merchantCode,
          channel: message.channel,
          destination: message.destination,
          subject: message.subject,
          body: message.body,
        })
        .execute();
    },
  };
}
