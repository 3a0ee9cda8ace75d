/* eslint-disable @typescript-eslint/no-explicit-any -- a benchmark reads rows loosely */
/**
 * bench/vip: the VIP recalculation job over a big brand (docs/loyalty.md; issue 17's target:
 * 100,000 members ≤ 10 s), and the settled-bet handler's cost per batch (the bet path). On a
 * database it creates on BENCH_DATABASE_URL's server (default the local one) and drops after:
 *   1. seeds with set-based SQL: BENCH_VIP_MEMBERS members (100,000) with 10 days of deposits
 *      and valid bets each in the 30-day window (spread so members land on every level), a
 *      fifth of them already holding a level above what they now reach (the job drops them);
 *   2. runs the recalculation as the hourly job does (`vip.recalculate`), then again (nothing
 *      changes), printing each duration and the levels changed (each change an outbox event);
 *   3. times the `bets.settled` handler on 20 batches of 100 rounds of distinct members.
 * Figures are printed, never asserted; the machine's load is printed beside them.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { connectDatabase, type Db } from '../../apps/server/src/db/connect';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/demo/seed';
import { assembleServices, MODULES } from '../../apps/server/src/modules';
import { dayInZone } from '../../apps/server/src/modules/wallet';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MEMBERS = Number(process.env.BENCH_VIP_MEMBERS ?? 100_000);
/** Days of activity per member inside the 30-day window. */
const DAYS = 10;
const BATCHES = 20;
const ROUNDS_PER_BATCH = 100;

const ms = (t0: number) => `${(performance.now() - t0).toFixed(0)} ms`;
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${availableParallelism()} cores`;

async function seed(db: Db, today: string) {
  await sql`INSERT INTO members (merchant_code, username, password_hash, type, invite_code)
    SELECT 'BANCA', 'vipbench' || i, 'x', 0, 'V' || i FROM generate_series(0, ${MEMBERS - 1}) AS i`.execute(
    db,
  );
  // Member i bets (i % 1000) × R$ 10 a day and deposits a tenth of it: from nothing to R$ 100,000
  // over the window, so every level has members.
  await sql`INSERT INTO vip_activity (member_id, day, merchant_code, deposit_minor, valid_bet_minor)
    SELECT m.id, ${today}::date - d, 'BANCA',
      (substring(m.username FROM 9)::int % 1000) * 100,
      (substring(m.username FROM 9)::int % 1000) * 1000
    FROM members m CROSS JOIN generate_series(0, ${DAYS - 1}) AS d
    WHERE m.username LIKE 'vipbench%'`.execute(db);
  // A fifth held the top level once: the job drops those who no longer keep it.
  await sql`INSERT INTO vip_members (member_id, merchant_code, rank)
    SELECT id, 'BANCA', 4 FROM members
    WHERE username LIKE 'vipbench%' AND substring(username FROM 9)::int % 5 = 0`.execute(db);
  await sql`ANALYZE`.execute(db);
}

async function main() {
  const admin = new Kysely<any>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: ADMIN_URL, max: 1 }) }),
  });
  const name = `banca_bench_${randomBytes(4).toString('hex')}`;
  await sql`CREATE DATABASE ${sql.id(name)}`.execute(admin);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = await connectDatabase({ kind: 'postgres', url: url.toString(), poolSize: 8 });
  try {
    console.log(
      `bench:vip — ${MEMBERS.toLocaleString('en')} members (database ${name}), ${load()}`,
    );
    await migrate(db);
    await seedDemo(db);
    const services = assembleServices(MODULES, { db, adapters: {} });
    const brand = (await services.system.brandByCode('BANCA'))!;
    const level = (rank: number, name: string, bets: number, deposits: number) => ({
      rank,
      name,
      depositMinor: deposits,
      validBetMinor: bets,
      keepDepositMinor: Math.floor(deposits / 2),
      keepValidBetMinor: Math.floor(bets / 2),
      levelUpRewardMinor: 0,
      weeklyRewardMinor: 0,
      monthlyRewardMinor: 0,
      cashbackRateBp: 0,
    });
    await services.vip.admin.save({
      merchantCode: 'BANCA',
      settings: { enabled: true, period: 'rolling', rollingDays: 30, requirement: 'all' },
      levels: [
        level(0, 'Bronze', 0, 0),
        level(1, 'Prata', 1_000_00, 0),
        level(2, 'Ouro', 10_000_00, 1_000_00),
        level(3, 'Platina', 50_000_00, 5_000_00),
        level(4, 'Diamante', 90_000_00, 9_000_00),
      ],
    });
    let t0 = performance.now();
    await seed(db, dayInZone(new Date(), brand.timeZone));
    console.log(`  seeded ${(MEMBERS * DAYS).toLocaleString('en')} member-days in ${ms(t0)}`);

    for (const pass of ['recalculation', 're-run']) {
      t0 = performance.now();
      const changed = await services.vip.recalculate(brand);
      console.log(
        `  ${pass.padEnd(13)} ${ms(t0).padStart(9)}  levels changed ${changed.toLocaleString('en')}  (${load()})`,
      );
    }
    const levels = await sql<{
      rank: number;
      n: string;
    }>`SELECT rank, count(*) AS n FROM vip_members
      GROUP BY rank ORDER BY rank`.execute(db);
    console.log(`  members per level: ${levels.rows.map((r) => `${r.rank}: ${r.n}`).join(', ')}`);

    // The bet path: batches of settled rounds as the wallet publishes them.
    const ids = await sql<{ id: string }>`SELECT id FROM members WHERE username LIKE 'vipbench%'
      ORDER BY id LIMIT ${BATCHES * ROUNDS_PER_BATCH}`.execute(db);
    const durations: number[] = [];
    for (let b = 0; b < BATCHES; b++) {
      const rounds = ids.rows
        .slice(b * ROUNDS_PER_BATCH, (b + 1) * ROUNDS_PER_BATCH)
        .map((r, i) => ({
          betRoundId: b * ROUNDS_PER_BATCH + i,
          merchantCode: 'BANCA',
          memberId: Number(r.id),
          vendorCode: 'BGS',
          gameCode: 'DICE',
          roundId: `vb${b}:${i}`,
          currency: 'BRL',
          stakeMinor: 10_00,
          payoutMinor: 0,
          validBetMinor: 10_00,
          settledAt: new Date().toISOString(),
        }));
      t0 = performance.now();
      await services.vip.onRoundsSettled([{ id: 1_000_000 + b, rounds }]);
      durations.push(performance.now() - t0);
    }
    durations.sort((a, b) => a - b);
    console.log(
      `  bets.settled handler, ${BATCHES} batches of ${ROUNDS_PER_BATCH} rounds: median ${durations[BATCHES / 2]!.toFixed(1)} ms, max ${durations.at(-1)!.toFixed(1)} ms per batch`,
    );
  } finally {
    await db.destroy();
    await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(admin);
    await admin.destroy();
  }
}

await main();
