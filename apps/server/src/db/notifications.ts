import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** connect.ts's Db, named here without importing connect.ts (which imports this file). */
type Db = Kysely<Database>;

/**
 * PostgreSQL's LISTEN side for a database opened by connect.ts (NOTIFY is plain SQL on any
 * connection: `SELECT pg_notify(channel, payload)`). The realtime module fans events out across
 * instances this way when no Redis is configured (docs/realtime.md).
 */
export interface NotificationSource {
  /**
   * Calls `onPayload` with every notification on `channel` from any connection to this
   * database (this one included), in commit order. `onReconnect` runs when a lost listening
   * connection is back: what was notified meanwhile is gone, so the caller reads it again.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
}

const sources = new WeakMap<Db, NotificationSource>();

export function registerNotificationSource(db: Db, source: NotificationSource): void {
  sources.set(db, source);
}

/** The LISTEN side of a database connect.ts opened. */
export function notificationSourceOf(db: Db): NotificationSource {
  const source = sources.get(db);
  if (!source) throw new Error('this database was not opened by connectDatabase: no LISTEN side');
  return source;
}

/** Channel names are identifiers: lower-case letters, digits and underscores only. */
function checkChannel(channel: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`bad channel name ${channel}`);
}

/**
 * PGlite is one in-process connection: its notifications reach the listeners of this process.
 * LISTEN and UNLISTEN go through the dialect's connection queue (db.connection()), so they never
 * run inside another request's open transaction (pglite-dialect.ts).
 */
export function pgliteNotifications(pglite: PGlite, db: Db): NotificationSource {
  return {
    async listen(channel, onPayload) {
      checkChannel(channel);
      const unlisten = await db.connection().execute(() => pglite.listen(channel, onPayload));
      return async () => {
        // A closed database has no listener left to remove.
        if (!pglite.closed) await db.connection().execute(() => unlisten());
      };
    },
  };
}

/** First wait before re-opening a lost LISTEN connection, doubled up to the cap. */
const RECONNECT_BASE_MS = 500;
const RECONNECT_MAX_MS = 15_000;

/**
 * PostgreSQL: one dedicated connection per listener (a LISTEN connection cannot serve the
 * pool's queries), re-opened with back-off when the server drops it.
 */
export function postgresNotifications(
  url: string,
  log: (message: string) => void = (message) => console.warn(`[db] ${message}`),
): NotificationSource {
  return {
    async listen(channel, onPayload, onReconnect) {
      checkChannel(channel);
      let client: pg.Client | null = null;
      let closed = false;
      let failures = 0;
      let retryTimer: NodeJS.Timeout | null = null;

      async function open(): Promise<void> {
        const next = new pg.Client({ connectionString: url });
        next.on('notification', (message) => {
          if (message.channel === channel) onPayload(message.payload ?? '');
        });
        next.on('error', (error) => {
          log(`LISTEN connection lost: ${error.message}`);
          lost(next);
        });
        next.on('end', () => lost(next));
        await next.connect();
        await next.query(`LISTEN ${channel}`);
        if (closed) {
          await next.end().catch(() => undefined);
          return;
        }
        client = next;
        failures = 0;
      }

      function lost(which: pg.Client): void {
        if (closed || client !== which) return;
        client = null;
        void which.end().catch(() => undefined);
        schedule();
      }

      function schedule(): void {
        const delayMs = Math.min(RECONNECT_BASE_MS * 2 ** failures, RECONNECT_MAX_MS);
        failures += 1;
        retryTimer = setTimeout(() => {
          retryTimer = null;
          open().then(
            () => onReconnect?.(),
            (error: Error) => {
              log(`LISTEN reconnect failed: ${error.message}`);
              if (!closed) schedule();
            },
          );
        }, delayMs);
        retryTimer.unref();
      }

      await open();
      return async () => {
        closed = true;
        if (retryTimer) clearTimeout(retryTimer);
        const current = client;
        client = null;
        await current?.end().catch(() => undefined);
      };
    },
  };
}
