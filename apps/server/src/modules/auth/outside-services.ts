import { sql } from 'kysely';
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

/**
 * What the development adapter "sent", for the operator console's outbox desk: newest first,
 * filtered by channel and part of the destination. Only the development adapter fills the
 * table; with a real provider configured it stays empty.
 */
export function createOutboxReader(db: Db) {
  return {
    async list(filter: {
      channel?: 'sms' | 'email' | undefined;
      destination?: string | undefined;
      order: 'asc' | 'desc';
      limit: number;
      offset: number;
    }) {
      let query = db.selectFrom('outbox_messages');
      if (filter.channel) query = query.where('channel', '=', filter.channel);
      if (filter.destination)
        query = query.where(
          sql`lower(destination)`,
          'like',
          `%${filter.destination.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
        );
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy('id', filter.order)
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: count.n };
    },
  };
}
export type OutboxReader = ReturnType<typeof createOutboxReader>;
