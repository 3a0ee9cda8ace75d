import { randomBytes } from 'node:crypto';
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

/**
 * NOTIFY's payload limit is 8,000 bytes. A member event longer than this travels as a pointer to
 * the backlog (service.ts); any other longer message is cut into pieces (`splitMessage`).
 */
export const MAX_MESSAGE_BYTES = 7_900;
/**
 * Raw bytes per piece of a cut message: base64 makes them 7,600 characters, and the piece's
 * header (`~<key>:<n>:<count>:`) fits in the rest of MAX_MESSAGE_BYTES.
 */
const PIECE_BYTES = 5_700;
/** Cut messages being put back together at once; more means pieces were lost: the oldest goes. */
const MAX_PARTIAL_MESSAGES = 32;
/** Marks a piece: whole messages are JSON objects and start with `{`. */
const PIECE_MARK = '~';

export const DEFAULT_CHANNEL = 'banca_realtime';

let pieceKeys = 0;
const pieceKeyPrefix = randomBytes(4).toString('hex');

/**
 * A message for NOTIFY: itself when it fits, else pieces `~<key>:<n>:<count>:<base64>` to be sent
 * in one statement, so they commit together and arrive together, in order (PostgreSQL delivers a
 * transaction's notifications in the order sent, and transactions in commit order).
 */
export function splitMessage(message: string): string[] {
  const bytes = Buffer.from(message, 'utf8');
  if (bytes.length <= MAX_MESSAGE_BYTES) return [message];
  const key = `${pieceKeyPrefix}${(pieceKeys += 1).toString(36)}`;
  const count = Math.ceil(bytes.length / PIECE_BYTES);
  return Array.from(
    { length: count },
    (_, n) =>
      `${PIECE_MARK}${key}:${n}:${count}:${bytes.subarray(n * PIECE_BYTES, (n + 1) * PIECE_BYTES).toString('base64')}`,
  );
}

/** Puts cut messages back together: whole messages pass through; a piece answers null until its message is complete. */
export function createMessageJoiner(): (payload: string) => string | null {
  const partial = new Map<string, { count: number; pieces: Buffer[]; received: number }>();
  return (payload) => {
    if (!payload.startsWith(PIECE_MARK)) return payload;
    const [key, n, count, data] = payload.slice(1).split(':');
    const index = Number(n);
    const total = Number(count);
    if (!key || !data || !Number.isInteger(index) || !Number.isInteger(total) || index >= total)
      return null;
    let entry = partial.get(key);
    if (!entry) {
      if (partial.size >= MAX_PARTIAL_MESSAGES) partial.delete(partial.keys().next().value!);
      entry = { count: total, pieces: [], received: 0 };
      partial.set(key, entry);
    }
    if (!entry.pieces[index]) entry.received += 1;
    entry.pieces[index] = Buffer.from(data, 'base64');
    if (entry.received < entry.count) return null;
    partial.delete(key);
    return Buffer.concat(entry.pieces).toString('utf8');
  };
}

/** LISTEN/NOTIFY on the platform's own database. */
export function createPostgresTransport(db: Db, channel = DEFAULT_CHANNEL): RealtimeTransport {
  return {
    name: 'postgres',
    inTransaction: true,
    async send(executor, message) {
      const pieces = splitMessage(message);
      if (pieces.length === 1)
        await sql`SELECT pg_notify(${channel}, ${message})`.execute(executor);
      else
        await sql`SELECT pg_notify(${channel}, piece) FROM unnest(${pieces}::text[]) WITH ORDINALITY AS p(piece, n) ORDER BY n`.execute(
          executor,
        );
    },
    subscribe: (onMessage, onGap) => {
      const join = createMessageJoiner();
      return notificationSourceOf(db).listen(
        channel,
        (payload) => {
          const message = join(payload);
          if (message !== null) onMessage(message);
        },
        onGap,
      );
    },
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
