import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { QUERY_NAME, nameOfSql } from './query-name';
import { queryStatsRecorder } from './query-stats';
import {
  pgliteNotifications,
  postgresNotifications,
  registerNotificationSource,
} from './notifications';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/**
 * bigint columns (money in minor units, ids) come back from node-postgres as strings by
 * default; parse int8 as a JavaScript number only while it is exact, and fail loudly beyond
 * Number.MAX_SAFE_INTEGER rather than round a balance.
 */
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n))
    throw new Error(`int8 value ${value} exceeds the safe integer range`);
  return n;
});

/** `date` columns (birthdays, business days) stay 'YYYY-MM-DD' strings: a Date would shift them across time zones. */
const DATE_OID = 1082;
pg.types.setTypeParser(DATE_OID, (value: string) => value);

export type DatabaseTarget = Config['database'] | { kind: 'memory' };

/** Opens the database named by the configuration: PostgreSQL, embedded PGlite on disk, or PGlite in memory (tests). */
export async function connectDatabase(target: DatabaseTarget): Promise<Db> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize });
    // An idle connection dropped by the server (restart, failover, DROP DATABASE) emits an
    // error on the pool; unhandled, it would crash the process. The pool replaces the client.
    pool.on('error', (error) =>
      console.warn(`[db] idle PostgreSQL connection lost: ${error.message}`),
    );
    // The pool listens only to idle clients. A checked-out client between two queries (a
    // transaction waiting on other work) that the server terminates emits 'error' with no
    // listener, which crashed the process (seen when a test or bench dropped its database with
    // FORCE). Its next query fails and the pool discards it on release; here it is only logged.
    pool.on('connect', (client) => {
      client.on('error', (error) =>
        console.warn(`[db] PostgreSQL connection in use lost: ${error.message}`),
      );
    });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: tagFailedQuery,
    });
    registerNotificationSource(db, postgresNotifications(target.url));
    return db;
  }
  const pglite = await PGlite.create(target.kind === 'embedded' ? target.dataDir : undefined, {
    extensions: { pg_trgm },
    // PostgreSQL's default 128 MB of shared buffers lives inside the WASM heap and dominated the
    // process's memory (RSS 410 MB at idle). The embedded database is a few tens of MB, so
    // 16 MB of buffers keeps it cached while the idle server stays near 200 MB (bench/boot).
    postgresqlconf: ['shared_buffers=16MB', 'wal_buffers=1MB', 'work_mem=4MB'],
    // PGlite parses int8 to bigint by default; keep the same number semantics as the pg pool.
    parsers: { 20: (value: string) => parseSafeInt8(value), [DATE_OID]: (value: string) => value },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), log: tagFailedQuery });
  registerNotificationSource(db, pgliteNotifications(pglite, db));
  return db;
}

const recordQuery = queryStatsRecorder();

/**
 * Names the failed query on its error (verb and table, never the SQL or its parameters), so the
 * error log says which query failed without the personal data it carried (http/logging.ts).
 */
function tagFailedQuery(event: LogEvent): void {
  recordQuery?.(event);
  if (event.level !== 'error' || !(event.error instanceof Error)) return;
  Object.defineProperty(event.error, QUERY_NAME, {
    value: nameOfSql(event.query.sql),
    configurable: true,
  });
}

function parseSafeInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n))
    throw new Error(`int8 value ${value} exceeds the safe integer range`);
  return n;
}
