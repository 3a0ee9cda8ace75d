/* eslint-disable @typescript-eslint/no-explicit-any -- a benchmark reads rows loosely */
/**
 * bench/agents: the real-time salary's settlement of one 5-minute window (docs/agents.md
 * "Settlement"; issue 15's target: ≤ 5 s for 100,000 members and 1,000,000 bets, growing
 * linearly), and the top agent's team overview (target ≤ 200 ms). For each size, on a database
 * it creates on BENCH_DATABASE_URL's server (default the local one) and drops afterwards:
 *   1. seeds with set-based SQL (generate_series): a 6-level tree (one top agent, 10, 100,
 *      1,000 and 10,000 agents under it, players under the last level), the closure rows,
 *      real-time contracts from the house to the top agent and from each agent of levels 0–2
 *      to its downline agents (1,111 contracts; BENCH_CONTRACT_LEVELS=5 gives every agent
 *      one: 11,111), and the settled rounds of one closed window (5 % of them placed in the
 *      window before: the adjustment); agents hold their main wallets already;
 *   2. settles the window as the job does (`agentSettlement.settleRealtime`), then again (the
 *      re-run: nothing paid twice), printing each duration, payouts and amounts;
 *   3. the team overview of the top agent (the agents module's service), after its roll-up.
 * Sizes: BENCH_SIZES="100000:1000000,200000:2000000" (members:bets). Figures are printed,
 * never asserted; the machine's load is printed beside them.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { connectDatabase, type Db } from '../../apps/server/src/db/connect';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/demo/seed';
import { assembleServices, MODULES } from '../../apps/server/src/modules';
import { createSettlementRepository } from '../../apps/server/src/modules/agents/settlement/repository';
import { settledBetsByMember } from '../../apps/server/src/modules/wallet';
import { cpuSnapshot, describeCpu } from '../support/cpu';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SIZES = (process.env.BENCH_SIZES ?? '100000:1000000,200000:2000000')
  .split(',')
  .map((pair) => pair.split(':').map(Number) as [number, number]);
/** Levels of agents (from the top) that hold a contract: 4 → levels 0–3, 1,111 contracts. */
const CONTRACT_LEVELS = Number(process.env.BENCH_CONTRACT_LEVELS ?? 4);
/** Agents per level under one agent, and the agent levels (players are the 6th level). */
const BRANCHING = 10;
const AGENT_LEVELS = 5;
const AGENTS = (BRANCHING ** AGENT_LEVELS - 1) / (BRANCHING - 1); // 11,111
const LAST_LEVEL_START = (BRANCHING ** (AGENT_LEVELS - 1) - 1) / (BRANCHING - 1); // 1,111
const LAST_LEVEL_SIZE = BRANCHING ** (AGENT_LEVELS - 1); // 10,000
const WINDOW_MS = 5 * 60_000;

const ms = (t0: number) => `${(performance.now() - t0).toFixed(0)} ms`;
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${availableParallelism()} cores`;

/** A level's first index in the heap order of agents (level 0: 0; 1: 1; 2: 11; …). */
const levelStart = (level: number) => (BRANCHING ** level - 1) / (BRANCHING - 1);

async function seed(db: Db, members: number, bets: number, windowStart: Date) {
  const players = members - AGENTS;
  // Members in index order (i = 0 is the top agent), then the index → id map.
  await sql`INSERT INTO members (merchant_code, username, password_hash, type, invite_code)
    SELECT 'BANCA', 'bench' || i, 'x', CASE WHEN i < ${AGENTS} THEN 1 ELSE 0 END, 'B' || i
    FROM generate_series(0, ${members - 1}) AS i`.execute(db);
  await sql`CREATE TABLE bench_members AS
    SELECT substring(username FROM 6)::int AS i, id,
      CASE WHEN substring(username FROM 6)::int = 0 THEN NULL
           WHEN substring(username FROM 6)::int < ${AGENTS} THEN (substring(username FROM 6)::int - 1) / ${BRANCHING}
           ELSE ${LAST_LEVEL_START} + (substring(username FROM 6)::int - ${AGENTS}) % ${LAST_LEVEL_SIZE}
      END AS parent_i
    FROM members WHERE username LIKE 'bench%'`.execute(db);
  await sql`CREATE UNIQUE INDEX ON bench_members (i)`.execute(db);
  await sql`ANALYZE bench_members`.execute(db);
  // The closure: each member's own row, then level by level its parent's ancestors + 1.
  await sql`INSERT INTO agent_tree (ancestor_id, descendant_id, depth, merchant_code)
    SELECT id, id, 0, 'BANCA' FROM bench_members`.execute(db);
  const levels: [number, number][] = [];
  for (let level = 1; level < AGENT_LEVELS; level++)
    levels.push([levelStart(level), levelStart(level + 1)]);
  levels.push([AGENTS, members]);
  for (const [from, to] of levels)
    await sql`INSERT INTO agent_tree (ancestor_id, descendant_id, depth, merchant_code)
      SELECT a.ancestor_id, c.id, a.depth + 1, 'BANCA'
      FROM bench_members c JOIN bench_members p ON p.i = c.parent_i
      JOIN agent_tree a ON a.descendant_id = p.id
      WHERE c.i >= ${from} AND c.i < ${to}`.execute(db);
  // Real-time contracts: the house → the top agent, and each contract-holding level's agent →
  // its downline agents; rates fall by 0.10 % per level (a downline's never above its upline's).
  await sql`INSERT INTO agent_contracts (merchant_code, kind, upline_member_id, downline_member_id,
      period, tiers, top_rate_bp, top_loss_rate_bp, status, responded_at)
    SELECT 'BANCA', 'realtime', p.id, c.id, '5',
      jsonb_build_array(jsonb_build_object('thresholdMinor', 0, 'rateBp', 100 - 10 * lvl.n,
        'lossRateBp', 60 - 10 * lvl.n)),
      100 - 10 * lvl.n, 60 - 10 * lvl.n, 'active', now() - interval '1 day'
    FROM bench_members c
    LEFT JOIN bench_members p ON p.i = c.parent_i
    CROSS JOIN LATERAL (SELECT floor(log(${BRANCHING}, c.i * ${BRANCHING - 1} + 1) + 1e-9)::int AS n) lvl
    WHERE c.i < ${levelStart(CONTRACT_LEVELS)}`.execute(db);
  // Agents already hold their main wallet (they sign in, deposit, transfer): the settlement
  // pays into existing accounts, as in production, not into accounts it creates first.
  await sql`INSERT INTO ledger_accounts (merchant_code, owner_kind, member_id, purpose, vendor_code, currency)
    SELECT 'BANCA', 'member', id, 'main', '', 'BRL' FROM bench_members WHERE i < ${AGENTS}`.execute(
    db,
  );
  // The window's settled rounds: players spread evenly, 45 % won (paid 2×), 5 % placed in the
  // window before (late: the adjustment).
  await sql`INSERT INTO bet_rounds (merchant_code, member_id, vendor_code, game_code, round_id,
      currency, stake_minor, payout_minor, valid_bet_minor, deposit_count, status, opened_at,
      settled_at, updated_at)
    SELECT 'BANCA', m.id, 'BGS', 'BENCH', 'R' || g, 'BRL', s.stake,
      CASE WHEN g % 20 < 9 THEN s.stake * 2 ELSE 0 END, s.stake, 0, 'settled',
      CASE WHEN g % 20 = 19 THEN s.at - interval '5 minutes' ELSE s.at END, s.at, s.at
    FROM generate_series(1, ${bets}) AS g
    CROSS JOIN LATERAL (SELECT 100 + (g * 37) % 9900 AS stake,
      ${windowStart}::timestamptz + ((g % ${WINDOW_MS}) * interval '1 millisecond') AS at) s
    JOIN bench_members m ON m.i = ${AGENTS} + (g::bigint * 7919) % ${players}`.execute(db);
  await sql`ANALYZE`.execute(db);
}

async function runSize(admin: Kysely<any>, members: number, bets: number) {
  const name = `banca_bench_${randomBytes(4).toString('hex')}`;
  await sql`CREATE DATABASE ${sql.id(name)}`.execute(admin);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = await connectDatabase({ kind: 'postgres', url: url.toString(), poolSize: 8 });
  try {
    console.log(
      `\n${members.toLocaleString('en')} members, ${bets.toLocaleString('en')} bets (database ${name})`,
    );
    await migrate(db);
    await seedDemo(db);
    // A closed window that ended long enough ago for the settlement not to wait for late commits.
    const windowStart = new Date(
      Math.floor((Date.now() - 20_000) / WINDOW_MS) * WINDOW_MS - WINDOW_MS,
    );
    const period = {
      label: windowStart.toISOString().slice(0, 16),
      startUtc: windowStart,
      endUtc: new Date(windowStart.getTime() + WINDOW_MS),
    };
    let t0 = performance.now();
    await seed(db, members, bets, windowStart);
    console.log(`  seeded (set-based SQL) in ${ms(t0)}`);
    const services = assembleServices(MODULES, { db, adapters: {} });

    // Where the time goes: the team figures statement alone (the bets read and joined with the
    // tree), before the settlement that runs it again and then pays.
    const holders = await sql<{
      id: number;
    }>`SELECT downline_member_id AS id FROM agent_contracts`.execute(db);
    t0 = performance.now();
    const figures = await createSettlementRepository(db).teamFigures(
      { merchantCode: 'BANCA', fromUtc: period.startUtc, toUtc: period.endUtc },
      holders.rows.map((r) => Number(r.id)),
    );
    console.log(`  team figures statement alone ${ms(t0).padStart(9)}  (${figures.length} teams)`);
    if (process.env.BENCH_EXPLAIN) {
      // The statement's plan with its timings (BENCH_EXPLAIN=1), at the server's default work_mem
      // (the settlement raises it for its own transaction): where the figures' time goes.
      const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, BUFFERS)
        WITH bets AS (${settledBetsByMember({ merchantCode: 'BANCA', fromUtc: period.startUtc, toUtc: period.endUtc })})
        SELECT t.ancestor_id, sum(b.valid_bet_minor), count(*) FILTER (WHERE b.valid_bet_minor > 0)
        FROM bets b JOIN agent_tree t ON t.descendant_id = b.member_id
        WHERE t.ancestor_id = ANY(${holders.rows.map((r) => Number(r.id))}::bigint[])
        GROUP BY t.ancestor_id`.execute(db);
      for (const row of plan.rows) console.log(`    ${row['QUERY PLAN']}`);
    }
    for (const pass of ['settlement', 're-run']) {
      const before = cpuSnapshot(null);
      t0 = performance.now();
      const results = await services.agentSettlement.settleRealtime(period);
      const took = ms(t0);
      const r = results.get('BANCA');
      console.log(
        `  real-time salary ${pass.padEnd(10)} ${took.padStart(9)}  contracts ${r?.contracts ?? 0}, payouts ${r?.payouts ?? 0}, unpaid ${r?.unpaid ?? 0}`,
      );
      console.log(
        `    ${describeCpu(before, cpuSnapshot(null), availableParallelism(), Math.max(1, bets))}`,
      );
    }
    const totals = await sql<any>`SELECT count(*)::int AS rows, sum(amount_minor) AS paid,
      sum(late_bet_minor) FILTER (WHERE upline_member_id IS NULL) AS late
      FROM agent_settlements s JOIN agent_contracts c ON c.id = s.contract_id`.execute(db);
    console.log(
      `  statement rows ${totals.rows[0].rows}, paid ${(Number(totals.rows[0].paid) / 100).toFixed(2)} BRL, late bets in the top team ${(Number(totals.rows[0].late) / 100).toFixed(2)} BRL`,
    );

    // The team overview of the top agent, through the agents module's service.
    const top = await sql<{ id: number }>`SELECT id FROM bench_members WHERE i = 0`.execute(db);
    const brand = (await services.system.brandByCode('BANCA'))!;
    try {
      const agents = services.agents as any;
      t0 = performance.now();
      await agents.rollup?.rollUp(new Date());
      console.log(`  agents' roll-up of the bets (before the overview) ${ms(t0)}`);
      for (let i = 0; i < 3; i++) {
        t0 = performance.now();
        await agents.reports.overview(Number(top.rows[0]!.id), brand, { period: 'today' });
        console.log(`  team overview of the top agent (today), call ${i + 1}: ${ms(t0)}`);
      }
    } catch (error) {
      console.log(`  team overview: not available (${(error as Error).message})`);
    }
  } finally {
    await db.destroy();
    await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(admin);
  }
}

async function main() {
  const admin = new Kysely<any>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: ADMIN_URL, max: 1 }) }),
  });
  console.log(`bench:agents, ${load()}`);
  try {
    for (const [members, bets] of SIZES) await runSize(admin, members, bets);
  } finally {
    await admin.destroy();
  }
  console.log(`\n${load()}`);
}

await main();
