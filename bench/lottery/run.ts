/* eslint-disable @typescript-eslint/no-explicit-any -- a benchmark reads replies loosely */
/**
 * bench/lottery: the e-lottery's two targets (issue 18, docs/lottery.md "Figures"), on a database
 * it creates on BENCH_DATABASE_URL's server (default the local one) and drops afterwards:
 *   1. bets accepted per second in the last 10 s before a draw closes, 32 concurrent clients (one
 *      keep-alive connection each) against the real server process (`npm start`'s build), 500
 *      members: single-line slips on random positions of the 5-ball game, each written with its
 *      exposure and its stake posted through the ledger; the run ends when the draw closes and
 *      the server answers lottery_draw_closed;
 *   2. settling a draw with 100,000 bets (BENCH_LOTTERY_BETS): the slips and their lines written
 *      straight to the tables and their stakes posted through the wallet (setup, not timed), then
 *      the draw run as its task runs it (numbers, one UPDATE per bet type, the slips read with
 *      their payouts, each member's round settled through the ledger — one DEPOSIT of its
 *      payouts when any — and the slips marked) — timed.
 * Printed: the rates, p50/p99, the settlement's time split, and the books (invariants, bet
 * records = ledger movements). Figures are printed, never asserted.
 *
 *   3. voiding a draw with 20,000 bets (BENCH_VOID_BETS), set up as in 2: every stake refunded
 *      through the ledger by the console's call — timed. Only when asked: BENCH_PARTS=void.
 * BENCH_PARTS=settle runs only the settlement (bets,settle: the default; add void). BENCH_DIAGNOSE=1
 * adds where the settlement's time goes: the wallet's `settleMany` calls against the rest, and
 * the database's time per SQL function (track_functions) and its sequential scans;
 * BENCH_EXPLAIN_MS=n the plans of statements slower than n ms in the server's log.
 */
import { randomBytes, createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { connectDatabase } from '../../apps/server/src/db/connect';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/demo/seed';
import { assembleServices, MODULES } from '../../apps/server/src/modules';
import { checkBetRecords } from '../../apps/server/src/modules/wallet';
import { checkInvariants } from '../../apps/server/src/modules/wallet/ledger';
import { seedMember } from '../../apps/server/test/seeds';
import { percentile } from '../support/load';
import { freePort } from '../support/port';
import { startBenchServer } from '../support/platform';
import { RawHttpConnection } from '../support/raw-http';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONCURRENCY = 32;
/**
 * Members betting (BENCH_PLAYERS): the settlement's cost follows the bet rounds, one per member
 * and draw (docs/lottery.md "Bet rounds"), so 100,000 slips of 500 members are 500 rounds; run
 * with more members to see a draw of fewer slips each.
 */
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 500);
/** The betting window measured: the last seconds before the draw closes. */
const LAST_SECONDS = 10;
const SETTLE_BETS = Number(process.env.BENCH_LOTTERY_BETS ?? 100_000);
const VOID_BETS = Number(process.env.BENCH_VOID_BETS ?? 20_000);
const GAME = 'ELOTT_SSC1';
const PARTS = new Set((process.env.BENCH_PARTS ?? 'bets,settle').split(','));
const DIAGNOSE = Boolean(process.env.BENCH_DIAGNOSE);
const PORT = await freePort();

async function main() {
  const name = `banca_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Kysely<any>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: ADMIN_URL, max: 1 }) }),
  });
  await sql`CREATE DATABASE ${sql.id(name)}`.execute(admin);
  if (DIAGNOSE)
    await sql`ALTER DATABASE ${sql.id(name)} SET track_functions = 'all'`.execute(admin);
  // BENCH_EXPLAIN_MS=n: every statement (nested in functions too) slower than n ms has its plan
  // in the server's log (auto_explain), to see what a slow settlement's statements do.
  if (process.env.BENCH_EXPLAIN_MS) {
    const set = (setting: string, value: string) =>
      sql`ALTER DATABASE ${sql.id(name)} SET ${sql.raw(setting)} = ${sql.lit(value)}`.execute(
        admin,
      );
    await set('session_preload_libraries', 'auto_explain');
    await set('auto_explain.log_min_duration', process.env.BENCH_EXPLAIN_MS);
    await set('auto_explain.log_nested_statements', 'on');
    // BENCH_EXPLAIN_ANALYZE=0: plans and durations without the per-node timing's overhead.
    await set('auto_explain.log_analyze', process.env.BENCH_EXPLAIN_ANALYZE === '0' ? 'off' : 'on');
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  let server: ChildProcess | null = null;
  const db = await connectDatabase({ kind: 'postgres', url: dbUrl, poolSize: 16 });
  try {
    console.log(`database ${name} on ${url.host}`);
    await migrate(db);
    await seedDemo(db);
    const services = assembleServices(MODULES, { db, adapters: {} });
    const { wallet, lottery } = services;
    const members: Array<{ memberId: number; merchantCode: string; currency: string }> = [];
    const tokens: string[] = [];
    // Seeded 16 at a time (many members take a while one by one).
    const seedOne = async () => {
      const member = { memberId: await seedMember(db), merchantCode: 'BANCA', currency: 'BRL' };
      await wallet.adjust({
        member,
        amountMinor: 1_000_000_000,
        reason: 'bench funding',
        operatorId: 'bench',
        idempotencyKey: `bench-fund-${member.memberId}`,
      });
      const token = randomBytes(32).toString('base64url');
      await sql`INSERT INTO sessions (token_hash, member_id, scope, remember, ip, device, expires_at)
        VALUES (${createHash('sha256').update(token).digest('hex')}, ${member.memberId}, 'full', true,
                '127.0.0.1', 'web', now() + interval '1 day')`.execute(db);
      members.push(member);
      tokens.push(token);
    };
    let seeded = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (seeded < PLAYERS) {
          seeded += 1;
          await seedOne();
        }
      }),
    );

    if (PARTS.has('bets')) await measureBets(db, dbUrl, lottery, tokens, (s) => (server = s));
    if (PARTS.has('settle')) await measureSettlement(db, name, wallet, lottery, members);
    if (PARTS.has('void')) await measureVoid(db, name, wallet, lottery, members);
  } finally {
    // A phase that threw left its server running (set through the callback, unseen by the compiler).
    (server as ChildProcess | null)?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await db.destroy();
    await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(admin);
    await admin.destroy();
  }
}

/** 1. Slips accepted in the last LAST_SECONDS before the draw closes, through the real server. */
async function measureBets(
  db: Kysely<any>,
  dbUrl: string,
  lottery: any,
  tokens: string[],
  running: (server: ChildProcess | null) => void,
): Promise<void> {
  {
    let server: ChildProcess | null = null;
    // A long interval and a high cap: the measured draw is the only one, and nothing refuses.
    await lottery.updateGame(GAME, {
      interval_seconds: 3_600,
      close_seconds: 60,
      max_payout_per_number_minor: 10_000_000_000,
    });
    await lottery.ensureAll();
    const draw = (await lottery.state(GAME, null)).draw!;
    server = await startBenchServer({ databaseUrl: dbUrl, port: PORT });
    running(server);
    const connections = await Promise.all(
      Array.from({ length: CONCURRENCY }, () => RawHttpConnection.connect(PORT)),
    );
    // The draw closes LAST_SECONDS (plus the warm-up) from now, by the server's clock.
    await sql`UPDATE lottery_draws SET close_at = now() + ${`${LAST_SECONDS + 2} seconds`}::interval WHERE id = ${draw.drawId}`.execute(
      db,
    );
    const closeAt = Date.now() + (LAST_SECONDS + 2) * 1000;
    const measureFrom = closeAt - LAST_SECONDS * 1000;
    const accepted: number[] = [];
    let refused = 0;
    let closedAnswers = 0;
    await Promise.all(
      connections.map(async (connection, worker) => {
        for (let n = 0; ; n++) {
          const body = JSON.stringify({
            gameCode: GAME,
            drawId: draw.drawId,
            lines: [
              {
                betType: 'position',
                selection: `${1 + ((worker + n) % 5)}-${(worker * 7 + n) % 10}`,
                stakeMinor: 100,
              },
            ],
          });
          const t0 = Date.now();
          const reply = await connection.request(
            'POST',
            '/wps/lottery/bets',
            {
              authorization: tokens[(worker * 7919 + n) % PLAYERS]!,
              'x-gateway-version': '3',
              device: 'web',
              language: 'en',
            },
            body,
          );
          const t1 = Date.now();
          if (reply.status === 200) {
            if (t0 >= measureFrom) accepted.push(t1 - t0);
          } else if (reply.body.includes('lottery_draw_closed')) {
            closedAnswers += 1;
            return;
          } else {
            refused += 1;
            if (refused < 3) console.log(`refused ${reply.status}: ${reply.body.slice(0, 160)}`);
          }
        }
      }),
    );
    for (const connection of connections) connection.close();
    accepted.sort((a, b) => a - b);
    console.log(
      `${'slips accepted, last 10 s before closing'.padEnd(44)} ${(accepted.length / LAST_SECONDS).toFixed(0).padStart(7)} /s   p50 ${percentile(accepted, 50).toFixed(0)} ms   p99 ${percentile(accepted, 99).toFixed(0)} ms   (32 clients; ${refused} refused otherwise, ${closedAnswers} told closed)`,
    );
    server.kill('SIGTERM');
    running(null);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * A draw of `count` slips, as placing them leaves it (setup, not timed): the slips and their
 * lines straight into the tables, spread over the members and the 5-ball game's bet types, and
 * their stakes posted through the wallet as bets place them; the slips then placed.
 */
async function seedStakedDraw(
  db: Kysely<any>,
  wallet: any,
  lottery: any,
  members: Array<{ memberId: number; merchantCode: string; currency: string }>,
  count: number,
): Promise<{ drawId: number }> {
  await lottery.updateGame(GAME, { interval_seconds: 1_800, close_seconds: 60 });
  await lottery.ensureAll();
  const target = (await lottery.state(GAME, null)).draw!;
  const setupStarted = performance.now();
  // Slips and lines straight into the tables (setup), spread over the members and positions.
  await sql`
    INSERT INTO lottery_slips (draw_id, game_code, merchant_code, member_id, currency, stake_minor, status)
    SELECT ${target.drawId}, ${GAME}, 'BANCA', (${members.map((m) => m.memberId)}::bigint[])[1 + (g % ${PLAYERS})], 'BRL', 100, 'pending'
    FROM generate_series(0, ${count - 1}) AS g`.execute(db);
  await sql`
    INSERT INTO lottery_lines (slip_id, draw_id, bet_type, selection, stake_minor, odds_e4)
    SELECT s.id, s.draw_id,
           (ARRAY['position', 'big_small', 'odd_even', 'sum'])[1 + (s.id % 4)],
           CASE s.id % 4 WHEN 0 THEN (1 + s.id % 5) || '-' || (s.id / 5 % 10)
                         WHEN 1 THEN (ARRAY['big', 'small'])[1 + s.id / 4 % 2]
                         WHEN 2 THEN (ARRAY['odd', 'even'])[1 + s.id / 4 % 2]
                         ELSE (s.id / 4 % 46)::text END,
           100,
           CASE s.id % 4 WHEN 0 THEN 98000 WHEN 1 THEN 19600 WHEN 2 THEN 19600 ELSE 970000 END
    FROM lottery_slips s WHERE s.draw_id = ${target.drawId}`.execute(db);
  const slips = await sql<{ id: string; member_id: string; created_at: Date }>`
    SELECT id, member_id, created_at FROM lottery_slips WHERE draw_id = ${target.drawId} ORDER BY id`.execute(
    db,
  );
  // Their stakes through the ledger, as bets place them (128 in flight: the group commit batches them).
  let next = 0;
  await Promise.all(
    Array.from({ length: 128 }, async () => {
      while (next < slips.rows.length) {
        const slip = slips.rows[next++]!;
        await wallet.bets.post({
          member: { memberId: Number(slip.member_id), merchantCode: 'BANCA', currency: 'BRL' },
          bet: {
            merchant: 'BANCA',
            member: Number(slip.member_id),
            vendor: 'BLT',
            game: GAME,
            // As placeBet names them: the member's round of the draw.
            round: `D${target.drawId}`,
            currency: 'BRL',
            txId: `L${slip.id}:bet`,
            type: 'WITHDRAW',
            betRef: null,
            amount: 100,
            txTime: new Date(slip.created_at).toISOString(),
            gameOver: false,
            cancels: null,
            tombstone: false,
          },
        });
      }
    }),
  );
  await sql`UPDATE lottery_slips SET status = 'placed' WHERE draw_id = ${target.drawId}`.execute(
    db,
  );
  console.log(
    `setup: ${count} slips with their stakes in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
  );
  return { drawId: target.drawId };
}

/** 2. Settling a draw of SETTLE_BETS bets, as its task runs it. */
async function measureSettlement(
  db: Kysely<any>,
  database: string,
  wallet: any,
  lottery: any,
  members: Array<{ memberId: number; merchantCode: string; currency: string }>,
): Promise<void> {
  {
    const target = await seedStakedDraw(db, wallet, lottery, members, SETTLE_BETS);
    await sql`ANALYZE lottery_lines`.execute(db);
    await sql`ANALYZE lottery_slips`.execute(db);
    await sql`UPDATE lottery_draws SET close_at = now() - interval '2 seconds', draw_at = now() - interval '1 second' WHERE id = ${target.drawId}`.execute(
      db,
    );
    // BENCH_DIAGNOSE: the wallet's part of the settlement, timed around its calls.
    const settleMany = wallet.bets.settleMany;
    let walletMs = 0;
    let walletCalls = 0;
    let firstCallAt = 0;
    let lastCallEnd = 0;
    if (DIAGNOSE) {
      await sql`SELECT pg_stat_reset()`.execute(db);
      wallet.bets.settleMany = async (items: unknown[]) => {
        const t0 = performance.now();
        if (walletCalls === 0) firstCallAt = t0;
        try {
          return await settleMany(items);
        } finally {
          lastCallEnd = performance.now();
          walletMs += lastCallEnd - t0;
          walletCalls += 1;
        }
      };
    }
    const started = performance.now();
    const cpu = await measureCpu(database, () => lottery.runDraw(target.drawId));
    const outcome = cpu.result;
    const ended = performance.now();
    const seconds = (ended - started) / 1000;
    wallet.bets.settleMany = settleMany;
    const summary = await sql<{ settled: string; winners: string; paid: string }>`
      SELECT count(*) FILTER (WHERE status = 'settled') AS settled,
             count(*) FILTER (WHERE payout_minor > 0) AS winners,
             coalesce(sum(payout_minor), 0) AS paid
      FROM lottery_slips WHERE draw_id = ${target.drawId}`.execute(db);
    const s = summary.rows[0]!;
    console.log(
      `${`settling a draw of ${SETTLE_BETS} bets`.padEnd(44)} ${seconds.toFixed(2).padStart(7)} s   (${outcome}; ${s.settled} settled, ${s.winners} winners, R$ ${(Number(s.paid) / 100).toFixed(2)} paid; ${(SETTLE_BETS / seconds).toFixed(0)} bets/s)`,
    );
    const problems = [...(await checkInvariants(db)), ...(await checkBetRecords(db))];
    console.log(
      `${''.padEnd(44)} CPU: this process (lottery + wallet code) ${cpu.node.toFixed(2)} s, this database's PostgreSQL backends ${cpu.postgres.toFixed(2)} s (what the settlement costs whatever else runs on the machine)`,
    );
    console.log(`books: invariant violations ${problems.length}`);
    for (const p of problems.slice(0, 5)) console.log(`  ${p}`);
    if (DIAGNOSE) {
      console.log(
        `settlement split: wallet.bets.settleMany ${(walletMs / 1000).toFixed(2)} s in ${walletCalls} calls; before the first (pending stakes, pricing lines and slips) ${((firstCallAt - started) / 1000).toFixed(2)} s; between calls (reading chunks, marking slips) ${((lastCallEnd - firstCallAt - walletMs) / 1000).toFixed(2)} s; after the last (finishing the draw) ${((ended - lastCallEnd) / 1000).toFixed(2)} s`,
      );
      await new Promise((r) => setTimeout(r, 1000)); // statistics are reported with a delay
      const fns =
        await sql<any>`SELECT funcname, calls, round(total_time) AS total_ms, round(self_time) AS self_ms FROM pg_stat_user_functions ORDER BY total_time DESC LIMIT 12`.execute(
          db,
        );
      console.table(fns.rows);
      const tables =
        await sql<any>`SELECT relname, seq_scan, seq_tup_read, idx_scan, n_tup_ins, n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables WHERE seq_scan > 0 OR n_tup_ins > 0 ORDER BY seq_tup_read DESC LIMIT 10`.execute(
          db,
        );
      console.table(tables.rows);
    }
  }
}

/**
 * 3. Voiding a draw of VOID_BETS bets as an operator does (the console's call): every slip's
 * stake refunded through the ledger, once — timed, with the books checked after.
 */
async function measureVoid(
  db: Kysely<any>,
  database: string,
  wallet: any,
  lottery: any,
  members: Array<{ memberId: number; merchantCode: string; currency: string }>,
): Promise<void> {
  const target = await seedStakedDraw(db, wallet, lottery, members, VOID_BETS);
  const started = performance.now();
  const cpu = await measureCpu(database, (): Promise<{ refundedSlips: number }> =>
    lottery.voidDraw(target.drawId, 'bench'),
  );
  const seconds = (performance.now() - started) / 1000;
  const summary = await sql<{ refunded: string; other: string }>`
    SELECT count(*) FILTER (WHERE status = 'refunded') AS refunded,
           count(*) FILTER (WHERE status <> 'refunded') AS other
    FROM lottery_slips WHERE draw_id = ${target.drawId}`.execute(db);
  const s = summary.rows[0]!;
  console.log(
    `${`voiding a draw of ${VOID_BETS} bets`.padEnd(44)} ${seconds.toFixed(2).padStart(7)} s   (${cpu.result.refundedSlips} refunded by the call, ${s.refunded} refunded in all, ${s.other} not; ${(VOID_BETS / seconds).toFixed(0)} refunds/s)`,
  );
  console.log(
    `${''.padEnd(44)} CPU: this process ${cpu.node.toFixed(2)} s, this database's PostgreSQL backends ${cpu.postgres.toFixed(2)} s`,
  );
  const problems = [...(await checkInvariants(db)), ...(await checkBetRecords(db))];
  console.log(`books: invariant violations ${problems.length}`);
  for (const p of problems.slice(0, 5)) console.log(`  ${p}`);
}

/**
 * CPU seconds of this process and of the bench database's PostgreSQL backends while `work`
 * runs (from /proc, same host; a backend is known by its process title, which names the
 * database): on a shared machine the settlement's wall time moves with everyone else's load,
 * its CPU barely does. Sampled every 100 ms, so a backend the pool closes meanwhile (idle for
 * 10 s) keeps what it used until its last sample.
 */
async function measureCpu<T>(
  database: string,
  work: () => Promise<T>,
): Promise<{ result: T; node: number; postgres: number }> {
  const ticks = (pid: string) =>
    readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ').slice(11, 13);
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  const sample = (initial: boolean) => {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `)) continue;
        const [user, system] = ticks(pid);
        const seconds = (Number(user) + Number(system)) / 100;
        if (!first.has(pid)) first.set(pid, initial ? seconds : 0);
        last.set(pid, seconds);
      } catch {
        // not ours, or gone
      }
    }
  };
  sample(true);
  const nodeBefore = process.cpuUsage();
  const timer = setInterval(() => sample(false), 100);
  try {
    const result = await work();
    const node = process.cpuUsage(nodeBefore);
    sample(false);
    let postgres = 0;
    for (const [pid, seconds] of last) postgres += seconds - (first.get(pid) ?? 0);
    return { result, node: (node.user + node.system) / 1e6, postgres };
  } finally {
    clearInterval(timer);
  }
}

await main();
