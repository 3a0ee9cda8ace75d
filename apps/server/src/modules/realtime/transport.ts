import { sql } from 'kysely';
import { Redis } from 'ioredis';
import type { Db } from '../../db/connect';
import { notificationSourceOf } from '../../db/notifications';

/**
 * How an event pushed on one instance reaches the sockets of every instance (docs/realtime.md):
 * PostgreSQL LISTEN/NOTIFY by default (PGlite: in-process), Redis pub/sub when REDIS_URL is set.
 * Messages are small JSON strings; the backlog in the database stays the source of truth, so a
 * lost message is only a delay (sockets fill gaps from it).
 */
export interface RealtimeTransport {
  readonly name: 'postgres' | 'redis';
  /**
   * true: `send` runs in the transaction that stored the event (NOTIFY is delivered at commit,
   * never for a rolled-back event); false: after it commits.
   */
  readonly inTransaction: boolean;
  send(executor: Db, message: string): Promise<void>;
  /** `onGap` runs after a lost subscription is back: messages in between are gone. */
  subscribe(onMessage: (message: string) => void, onGap: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** NOTIFY's payload limit is 8,000 bytes; a longer message is sent as a pointer to the backlog. */
export const MAX_MESSAGE_BYTES = 7_900;

export const DEFAULT_CHANNEL = 'banca_realtime';

/** LISTEN/NOTIFY on the platform's own database. */
export function createPostgresTransport(db: Db, channel = DEFAULT_CHANNEL): RealtimeTransport {
  return {
    name: 'postgres',
    inTransaction: true,
    async send(executor, message) {
      await sql`SELECT pg_notify(${channel}, ${message})`.execute(executor);
    },
    subscribe: (onMessage, onGap) => notificationSourceOf(db).listen(channel, onMessage, onGap),
    close: async () => undefined,
  };
}

/**
 * Redis pub/sub: one connection publishes, one subscribes (a subscribed Redis connection can do
 * nothing else). `channel` separates deployments that share a Redis.
 */
export function createRedisTransport(options: {
  url: string;
  channel?: string;
  onError?: (error: Error) => void;
}): RealtimeTransport {
  const channel = options.channel ?? 'banca:realtime';
  const onError =
    options.onError ?? ((error) => console.warn(`[realtime] redis: ${error.message}`));
  // Commands wait while Redis is away (ioredis queues them) rather than fail at once; a push
  // that cannot publish still has its backlog row, which sockets read on their next gap.
  const publisher = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  publisher.on('error', onError);
  let subscriber: Redis | null = null;
  return {
    name: 'redis',
    inTransaction: false,
    async send(_executor, message) {
      await publisher.publish(channel, message);
    },
    async subscribe(onMessage, onGap) {
      const sub = new Redis(options.url, { lazyConnect: true });
      subscriber = sub;
      sub.on('error', onError);
      let readyOnce = false;
      sub.on('ready', () => {
        // ioredis re-subscribes by itself after a reconnect; what was published meanwhile is lost.
        if (readyOnce) onGap();
        readyOnce = true;
      });
      sub.on('message', (from: string, message: string) => {
        if (from === channel) onMessage(message);
      });
      await sub.connect();
      await sub.subscribe(channel);
      return async () => {
        subscriber = null;
        await sub.quit().catch(() => sub.disconnect());
      };
    },
    async close() {
      await subscriber?.quit().catch(() => subscriber?.disconnect());
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}
