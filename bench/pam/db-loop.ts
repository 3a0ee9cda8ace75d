/* eslint-disable @typescript-eslint/no-explicit-any -- a benchmark reads statistics loosely */
/**
 * bench/pam/db-loop.ts: what one PAM round costs PostgreSQL, without HTTP and without the
 * machine's noise. `npm run bench:pam` measures the whole path, but on two shared cores its CPU
 * figures move by a third between identical runs; this loop is for comparing database changes.
 *
 * On a database of its own (created on BENCH_DATABASE_URL's server, dropped after), with one
 * pooled connection: WAVES waves of 16 first-sight WITHDRAWs and the DEPOSITs settling the
 * previous wave's rounds, all through the wallet's bet path (wallet.bets.post → the ledger's
 * group commit), the event bus draining every 60 waves as the server's poll would (so the games
 * module's handler runs too). Printed per round: that backend's CPU, and the database's own
 * counters (pg_stat_database: buffer accesses, rows written, rows read), which depend on the
 * work done rather than on the machine; BENCH_TABLES=1 adds buffer accesses per table.
 * BENCH_EXTRA_SQL=<file,…> runs SQL after the migrations (to try a change before writing it).
 *   node --import tsx bench/pam/db-loop.ts
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { connectDatabase } from '../../apps/server/src/db/connect';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/demo/seed';
import { createEventBus } from '../../apps/server/src/lib/events';
import { assembleServices, MODULES } from '../../apps/server/src/modules';
import { checkBetRecords } from '../../apps/server/src/modules/wallet';
import { checkInvariants } from '../../apps/server/src/modules/wallet/ledger';
import { seedMember } from '../../apps/server/test/seeds';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PLAYERS = Number(process.env.PLAYERS ?? 100);
const WAVES = Number(process.env.WAVES ?? 300);
/** Rounds opened (and rounds settled) per wave: one group-commit batch's worth. */
const ROUNDS_PER_WAVE = 16;
/** The server's bus polls every second; at the server's rates that is some 60 waves of rounds. */
const WAVES_PER_DRAIN = 60;
const WARM_UP_WAVES = 50;
const TICKS_PER_SECOND = 100;

function backendCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

const name = `banca_dbloop_${randomBytes(4).toString('hex')}`;
const admin = new Kysely<any>({
  dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: ADMIN_URL, max: 1 }) }),
});
await sql`CREATE DATABASE ${sql.id(name)}`.execute(admin);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const db = await connectDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
try {
  await migrate(db);
  for (const file of (process.env.BENCH_EXTRA_SQL ?? '').split(',').filter(Boolean))
    await sql.raw(readFileSync(file, 'utf8')).execute(db);
  await seedDemo(db);
  const services = assembleServices(MODULES, { db, adapters: {} });
  const { wallet } = services;
  const bus = createEventBus(db, { logger: { info() {}, warn() {}, error: console.error } });
  for (const module of MODULES) module.handlers?.(bus, services);
  const game = (
    await sql<{
      game_code: string;
    }>`SELECT game_code FROM games WHERE vendor_code = 'PG' LIMIT 1`.execute(db)
  ).rows[0]!.game_code;
  const members: { memberId: number; merchantCode: string; currency: string }[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const member = { memberId: await seedMember(db), merchantCode: 'BANCA', currency: 'BRL' };
    await wallet.adjust({
      member,
      amountMinor: 1_000_000_000,
      reason: 'bench funding',
      operatorId: 'bench',
      idempotencyKey: `bench-fund-${member.memberId}`,
    });
    members.push(member);
  }
  const pid = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db)).rows[0]!.pid;

  const post = (member: (typeof members)[number], round: string, type: 'WITHDRAW' | 'DEPOSIT') =>
    wallet.bets.post({
      member,
      bet: {
        merchant: 'BANCA',
        member: member.memberId,
        vendor: 'PG',
        currency: 'BRL',
        txId: `${type[0]}${round}`,
        type,
        betRef: null,
        txTime: new Date().toISOString(),
        cancels: null,
        tombstone: false,
        fresh: true,
        game,
        round,
        amount: type === 'WITHDRAW' ? 100 : 95,
        gameOver: type === 'DEPOSIT',
      },
    });
  const memberOf = (wave: number, i: number) => members[(wave * ROUNDS_PER_WAVE + i) % PLAYERS]!;
  const waves = async (first: number, count: number) => {
    for (let w = first; w < first + count; w++) {
      const calls: Promise<unknown>[] = [];
      for (let i = 0; i < ROUNDS_PER_WAVE; i++) {
        calls.push(post(memberOf(w, i), `r${w}-${i}`, 'WITHDRAW'));
        if (w > first) calls.push(post(memberOf(w - 1, i), `r${w - 1}-${i}`, 'DEPOSIT'));
      }
      await Promise.all(calls);
      if ((w + 1 - first) % WAVES_PER_DRAIN === 0) await bus.deliverPending();
    }
    const last = first + count - 1;
    await Promise.all(
      Array.from({ length: ROUNDS_PER_WAVE }, (_, i) =>
        post(memberOf(last, i), `r${last}-${i}`, 'DEPOSIT'),
      ),
    );
    await bus.deliverPending();
  };

  const counters = async () => {
    // This backend's statistics reach the shared counters at most once a second.
    await sql`SELECT pg_stat_force_next_flush()`.execute(db);
    await new Promise((r) => setTimeout(r, 1100));
    await sql`SELECT pg_stat_clear_snapshot()`.execute(db);
    const database = (
      await sql<any>`SELECT blks_hit + blks_read AS buffers, tup_inserted + tup_updated + tup_deleted AS written,
        tup_returned + tup_fetched AS read FROM pg_stat_database WHERE datname = current_database()`.execute(
        db,
      )
    ).rows[0];
    const tables = new Map<string, number>(
      (
        await sql<any>`SELECT relname, coalesce(heap_blks_hit, 0) + coalesce(heap_blks_read, 0)
          + coalesce(idx_blks_hit, 0) + coalesce(idx_blks_read, 0) AS buffers FROM pg_statio_user_tables`.execute(
          db,
        )
      ).rows.map((r: any) => [r.relname as string, Number(r.buffers)]),
    );
    return { database, tables };
  };

  await waves(0, WARM_UP_WAVES);
  const before = await counters();
  const cpuBefore = backendCpuSeconds(pid);
  const started = performance.now();
  await waves(1_000_000, WAVES);
  const elapsedMs = performance.now() - started;
  const cpu = backendCpuSeconds(pid) - cpuBefore;
  const after = await counters();
  const rounds = WAVES * ROUNDS_PER_WAVE;
  const per = (a: number | string, b: number | string) => (Number(a) - Number(b)) / rounds;
  console.log(
    `${rounds} rounds, ${PLAYERS} players: per round backend CPU ${((cpu * 1000) / rounds).toFixed(3)} ms, ` +
      `wall ${(elapsedMs / rounds).toFixed(3)} ms; buffers ${per(after.database.buffers, before.database.buffers).toFixed(1)}, ` +
      `rows written ${per(after.database.written, before.database.written).toFixed(2)}, ` +
      `rows read ${per(after.database.read, before.database.read).toFixed(1)}`,
  );
  if (process.env.BENCH_TABLES)
    console.table(
      [...after.tables]
        .map(([table, buffers]) => ({
          table,
          buffersPerRound: Number(per(buffers, before.tables.get(table) ?? 0).toFixed(1)),
        }))
        .filter((t) => t.buffersPerRound >= 0.5)
        .sort((a, b) => b.buffersPerRound - a.buffersPerRound),
    );
  const problems = [...(await checkInvariants(db)), ...(await checkBetRecords(db))];
  console.log(
    `invariant violations ${problems.length}${problems.length ? `: ${problems.slice(0, 3).join('; ')}` : ''}`,
  );
} finally {
  await db.destroy();
  await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(admin);
  await admin.destroy();
}
