import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { buildApp, type App } from '../src/app';
import { connectDatabase, type Db } from '../src/db/connect';
import { migrate } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { seedDemo } from '../src/demo/seed';

/**
 * Integration tests run on the embedded database always, and on PostgreSQL too when
 * TEST_DATABASE_URL names a server (docs/architecture.md). Each run gets a database of its own,
 * created here and dropped afterwards.
 */
export type Engine = 'pglite' | 'postgres';

const AVAILABLE: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
/**
 * TEST_ENGINES (`pglite`, `postgres`, comma-separated) keeps some of them: with a second Node,
 * npm test runs the PostgreSQL leg on this Node and the embedded leg on the next one, so every
 * test runs once per engine and once per Node (scripts/test.mjs).
 */
const CHOSEN = process.env.TEST_ENGINES?.split(',').map((e) => e.trim());
export const ENGINES: Engine[] = CHOSEN
  ? AVAILABLE.filter((engine) => CHOSEN.includes(engine))
  : AVAILABLE;

export type TestDatabase = { db: Db; engine: Engine; url: string; drop: () => Promise<void> };

export async function openTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const db = await connectDatabase({ kind: 'memory' });
    await migrate(db);
    return { db, engine, url: 'memory', drop: () => db.destroy() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `banca_test_${randomBytes(6).toString('hex')}`;
  const admin = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: adminUrl, max: 1 }) }),
  });
  await sql`CREATE DATABASE ${sql.id(name)}`.execute(admin);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await connectDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 });
  await migrate(db);
  return {
    db,
    engine,
    url: url.toString(),
    drop: async () => {
      await db.destroy();
      await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(admin);
      await admin.destroy();
    },
  };
}

export type TestApp = { app: App; db: Db; engine: Engine; close: () => Promise<void> };

/** The real app on a fresh database, seeded with the demo brand unless `seed: false`. */
export async function startTestApp(
  engine: Engine,
  options: { seed?: boolean; webDistDir?: string | null } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(engine);
  if (options.seed ?? true) await seedDemo(database.db);
  const app = await buildApp({
    db: database.db,
    logLevel: 'silent',
    webDistDir: options.webDistDir ?? null,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    engine,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
