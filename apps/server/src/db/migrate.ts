import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { REPO_ROOT } from '../config';
import type { Db } from './connect';

// From the repository root, so the bundled server (apps/server/dist) finds them too.
const MIGRATIONS_DIR = path.join(REPO_ROOT, 'apps/server/src/db/migrations');
const MIGRATION_FILE = /^(\d{4})_[a-z0-9_]+\.sql$/;
/** Arbitrary constant shared by every instance, so two servers starting together migrate one at a time. */
const MIGRATION_LOCK_KEY = 7_212_001;

export type MigrationReport = { applied: string[]; alreadyApplied: number };

/**
 * Applies the numbered `.sql` files of `db/migrations` that the database has not recorded yet,
 * in order, each in its own transaction with its record in `schema_migrations`. The same files
 * run on PostgreSQL 15 and on PGlite.
 */
export async function migrate(db: Db): Promise<MigrationReport> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    id text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);

  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => MIGRATION_FILE.test(f)).sort();
  const applied: string[] = [];
  let alreadyApplied = 0;
  for (const file of files) {
    const id = file.replace(/\.sql$/, '');
    const text = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
    const ran = await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
      const done = await trx
        .selectFrom('schema_migrations')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (done) return false;
      await sql.raw(text).execute(trx);
      await trx.insertInto('schema_migrations').values({ id }).execute();
      return true;
    });
    if (ran) applied.push(id);
    else alreadyApplied += 1;
  }
  return { applied, alreadyApplied };
}
