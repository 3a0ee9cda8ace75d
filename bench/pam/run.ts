/* eslint-disable @typescript-eslint/no-explicit-any -- a benchmark reads replies loosely */
/**
 * bench/pam: game rounds through the PAM API (/pam, docs/pam.md) against PostgreSQL's own
 * yardstick. In one run, on a database it creates on BENCH_DATABASE_URL's server (default the
 * local one) and drops afterwards:
 *   1. pgbench's built-in TPC-B at 32 clients → tps;
 *   2. WITHDRAW + DEPOSIT rounds over HTTP against the real server process, 32 concurrent
 *      provider clients (one keep-alive connection each, bench/support/raw-http.ts), 500
 *      players each with a game session, with loyalty on (the demo's VIP levels and points
 *      rules and a daily bet mission count every settled batch), then the same with loyalty off
 *      on a restarted server, and the difference (issue 17: counting must not slow the bet path);
 * printing rounds/s, p50/p99 of a round and of one request, the invariant check (books balance,
 * no negative balance, every providerTransactionId applied once, bet records = ledger
 * movements), and last `ratio <rounds/s over pgbench tps>`. Figures are printed, never asserted.
 * BENCH_SPLIT=1 runs the events and jobs in a server process of their own (below).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { DEV_PAM_API_KEY } from '../../apps/server/src/config';
import { connectDatabase } from '../../apps/server/src/db/connect';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/demo/seed';
import { seedDemoVendorIntegrations } from '../../apps/server/src/demo/vendor-integrations';
import { assembleServices, MODULES } from '../../apps/server/src/modules';
import { checkBetRecords } from '../../apps/server/src/modules/wallet';
import { checkInvariants } from '../../apps/server/src/modules/wallet/ledger';
import { seedMember } from '../../apps/server/test/seeds';
import { cpuSnapshot, describeCpu } from '../support/cpu';
import { percentile } from '../support/load';
import { freePort } from '../support/port';
import { pgbenchTps, startBenchServer } from '../support/platform';
import { RawHttpConnection } from '../support/raw-http';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONCURRENCY = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Seconds of the same load before measuring: pools, caches and the JIT settle. */
const WARM_UP_SECONDS = 2;
const PLAYERS = 500;
const PROVIDER = 'PG';
const PORT = await freePort();
/**
 * BENCH_DIAGNOSE=1: per phase, the database's work per round and (from the server, as it exits)
 * its statements by total time; at the end, time per SQL function.
 */
const DIAGNOSE = Boolean(process.env.BENCH_DIAGNOSE);
/**
 * BENCH_SPLIT=1: the API in one server process with RUN_JOBS=false, the events and jobs (the
 * reward parts counting rounds, hot games) in a second, as a deployment may run them; the CPU
 * figures' "server" is both.
 */
const SPLIT = Boolean(process.env.BENCH_SPLIT);

/**
 * Waits for the server's jobs to catch up: on a fresh database a periodic job runs its missed
 * periods at start (agents' real-time salary: a day of 5-minute periods), which fell inside the
 * measured seconds and weighed on them. Not part of the bet path, so not measured.
 */
async function jobsCaughtUp(db: Kysely<any>): Promise<void> {
  let last = -1;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    const { rows } = await sql<{ runs: number; due: number }>`
      SELECT count(*)::int AS runs,
             count(*) FILTER (WHERE status = 'pending' AND next_attempt_at <= now())::int AS due
      FROM job_runs`.execute(db);
    if (rows[0]!.due === 0 && rows[0]!.runs === last) return;
    last = rows[0]!.runs;
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

type DatabaseWork = { commits: number; rows: Map<string, number> };

/**
 * Commits and rows written per table so far. Counts do not depend on how busy the machine is,
 * so they compare two trees where timings cannot. PostgreSQL reports a backend's counts up to a
 * second late, so this waits first (the phase's load has stopped by then).
 */
async function databaseWork(db: Kysely<any>): Promise<DatabaseWork> {
  await new Promise((r) => setTimeout(r, 1_500));
  await sql`SELECT pg_stat_clear_snapshot()`.execute(db);
  const commits = await sql<{
    n: string;
  }>`SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()`.execute(db);
  const tables = await sql<{
    relname: string;
    n: string;
  }>`SELECT relname, n_tup_ins + n_tup_upd + n_tup_del AS n FROM pg_stat_user_tables`.execute(db);
  return {
    commits: Number(commits.rows[0]!.n),
    rows: new Map(tables.rows.map((t) => [t.relname, Number(t.n)])),
  };
}

function printDatabaseWork(before: DatabaseWork, after: DatabaseWork, rounds: number): void {
  const perRound = (n: number) => (n / rounds).toFixed(2);
  const written = [...after.rows]
    .map(([table, n]) => [table, n - (before.rows.get(table) ?? 0)] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  const total = written.reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `${''.padEnd(44)} per round: ${perRound(after.commits - before.commits)} commits, ${perRound(total)} rows written: ` +
      written.map(([table, n]) => `${table} ${perRound(n)}`).join(', '),
  );
}

async function main() {
  const name = `banca_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Kysely<any>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: ADMIN_URL, max: 1 }) }),
  });
  await sql`CREATE DATABASE ${sql.id(name)}`.execute(admin);
  // BENCH_DIAGNOSE=1: time spent per SQL function and scans per table, printed at the end.
  if (process.env.BENCH_DIAGNOSE)
    await sql`ALTER DATABASE ${sql.id(name)} SET track_functions = 'all'`.execute(admin);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  let server: ChildProcess | null = null;
  let jobsServer: ChildProcess | null = null;
  const db = await connectDatabase({ kind: 'postgres', url: dbUrl, poolSize: 4 });
  try {
    console.log(`database ${name} on ${url.host}; ${CONCURRENCY} provider clients, ${SECONDS} s`);
    const tps = pgbenchTps(dbUrl, { clients: CONCURRENCY, seconds: SECONDS });
    console.log(
      `${'pgbench TPC-B (tpcb-like, scale 10)'.padEnd(44)} ${tps.toFixed(0).padStart(7)} /s`,
    );

    await migrate(db);
    await seedDemo(db);
    await seedDemoVendorIntegrations(db, { pamApiKey: DEV_PAM_API_KEY });
    const { wallet, vendors } = assembleServices(MODULES, { db, adapters: {} });
    const game = await sql<{
      game_code: string;
    }>`SELECT game_code FROM games WHERE vendor_code = ${PROVIDER} LIMIT 1`.execute(db);
    const players: { id: number; token: string }[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const member = { memberId: await seedMember(db), merchantCode: 'BANCA', currency: 'BRL' };
      await wallet.adjust({
        member,
        amountMinor: 1_000_000_000,
        reason: 'bench funding',
        operatorId: 'bench',
        idempotencyKey: `bench-fund-${member.memberId}`,
      });
      const { token } = await vendors.createGameSession(
        { memberId: member.memberId, language: 'pt-BR' },
        { vendorCode: PROVIDER, gameCode: game.rows[0]!.game_code },
        'BRL',
        { merchantCode: 'BANCA', countryCode: 'BR' },
      );
      players.push({ id: member.memberId, token });
    }
    const gameCode = game.rows[0]!.game_code;

    /** Stops a server and resolves when its process has exited. */
    const stopped = (child: ChildProcess) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });

    /** One measured phase against a fresh server process (its caches read the settings anew). */
    const measure = async (label: string, firstRound: number, env: Record<string, string> = {}) => {
      const serverEnv = {
        PAM_API_KEY: DEV_PAM_API_KEY,
        ...(DIAGNOSE ? { DB_QUERY_STATS: '1' } : {}),
        ...env,
      };
      server = await startBenchServer({
        databaseUrl: dbUrl,
        port: PORT,
        env: { ...serverEnv, ...(SPLIT ? { RUN_JOBS: 'false' } : {}) },
      });
      // BENCH_SPLIT: the events and jobs in an instance of their own, beside the API's.
      jobsServer = SPLIT
        ? await startBenchServer({ databaseUrl: dbUrl, port: await freePort(), env: serverEnv })
        : null;
      const serverPids = [server.pid, jobsServer?.pid].filter((pid) => pid !== undefined);
      await jobsCaughtUp(db);
      const connections = await Promise.all(
        Array.from({ length: CONCURRENCY }, () => RawHttpConnection.connect(PORT)),
      );
      const post = async (worker: number, player: { id: number; token: string }, body: object) => {
        const reply = await connections[worker]!.request(
          'POST',
          `/pam/players/${player.id}/transactions?provider=${PROVIDER}`,
          {
            authorization: `Bearer ${DEV_PAM_API_KEY}`,
            'x-player-token': player.token,
            'x-correlation-id': '-',
            'content-type': 'application/json',
          },
          JSON.stringify(body),
        );
        const json = JSON.parse(reply.body) as { status: string; error?: { code: string } };
        if (json.status !== 'OK') throw new Error(`PAM ${json.error?.code ?? reply.status}`);
      };
      const round = async (worker: number, n: number, requestMs: number[] | null) => {
        const player = players[(worker * 7919 + n) % players.length]!;
        const roundId = `b${worker}-${n}`;
        const common = {
          currency: 'BRL',
          provider: PROVIDER,
          bonusAmount: 0,
          promoAmount: 0,
          transactionDateTime: new Date().toISOString(),
          providerGameId: gameCode,
          providerRoundId: roundId,
        };
        let t0 = performance.now();
        await post(worker, player, {
          ...common,
          transactionType: 'WITHDRAW',
          cashAmount: 1,
          providerTransactionId: `w${roundId}`,
        });
        requestMs?.push(performance.now() - t0);
        t0 = performance.now();
        await post(worker, player, {
          ...common,
          transactionType: 'DEPOSIT',
          cashAmount: 0.95,
          providerTransactionId: `d${roundId}`,
          isGameOver: true,
        });
        requestMs?.push(performance.now() - t0);
      };
      const loop = async (
        seconds: number,
        firstN: number,
        onDone: (ms: number) => void,
        requestMs: number[] | null,
      ) => {
        const deadline = performance.now() + seconds * 1000;
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async (_, worker) => {
            for (let n = firstN; performance.now() < deadline; n++) {
              const t0 = performance.now();
              await round(worker, n, requestMs);
              onDone(performance.now() - t0);
            }
          }),
        );
      };
      const workBefore = DIAGNOSE ? await databaseWork(db) : null;
      let warmUpRounds = 0;
      await loop(WARM_UP_SECONDS, firstRound + 1_000_000_000, () => warmUpRounds++, null);
      const roundMs: number[] = [];
      const requestMs: number[] = [];
      const cpuBefore = cpuSnapshot(serverPids);
      const started = performance.now();
      await loop(SECONDS, firstRound, (ms) => roundMs.push(ms), requestMs);
      const elapsed = (performance.now() - started) / 1000;
      const cpu = describeCpu(
        cpuBefore,
        cpuSnapshot(serverPids),
        availableParallelism(),
        roundMs.length,
      );
      for (const connection of connections) connection.close();
      roundMs.sort((a, b) => a - b);
      requestMs.sort((a, b) => a - b);
      const rate = roundMs.length / elapsed;
      console.log(
        `${label.padEnd(44)} ${rate.toFixed(0).padStart(7)} /s   p50 ${percentile(roundMs, 50).toFixed(2)} ms   p99 ${percentile(roundMs, 99).toFixed(2)} ms`,
      );
      console.log(
        `${''.padEnd(44)} each request: p50 ${percentile(requestMs, 50).toFixed(2)} ms   p99 ${percentile(requestMs, 99).toFixed(2)} ms   max ${requestMs[requestMs.length - 1]?.toFixed(2)} ms`,
      );
      console.log(`${''.padEnd(44)} ${cpu}`);
      if (workBefore)
        printDatabaseWork(workBefore, await databaseWork(db), warmUpRounds + roundMs.length);
      // The next phase listens on the same port: until this server has exited, it would answer
      // the next one's readiness probe and then refuse its clients.
      await Promise.all([server, jobsServer].map((child) => child && stopped(child)));
      server = null;
      jobsServer = null;
      return rate;
    };

    // Loyalty on: the demo's VIP levels and points rules (seeded by the server at start) and a
    // daily bet mission, so every settled batch is counted by VIP, points and missions.
    await sql`INSERT INTO missions (merchant_code, kind, period_type, target, reward_kind, reward_minor, titles)
      VALUES ('BANCA', 'bet', 'daily', 1000000000, 'points', 100,
              ${JSON.stringify({ 'pt-BR': 'Aposte', en: 'Bet' })}::jsonb)`.execute(db);
    const rate = await measure('PAM rounds (WITHDRAW+DEPOSIT), 500 players', 0);
    // Loyalty off (issue 17's target: counting progress must not slow the bet path): the same
    // load with VIP, points and missions switched off, on a server that does not seed them again.
    await sql`UPDATE vip_settings SET enabled = false`.execute(db);
    await sql`UPDATE points_settings SET enabled = false`.execute(db);
    await sql`UPDATE missions SET enabled = false`.execute(db);
    const offRate = await measure(
      '  the same, loyalty (VIP, points, missions) off',
      2_000_000_000,
      {
        SEED_DEMO: 'false',
      },
    );
    console.log(
      `${'loyalty on vs off'.padEnd(44)} ${(((rate - offRate) / offRate) * 100).toFixed(1).padStart(7)} % rounds/s`,
    );
    const problems = [...(await checkInvariants(db)), ...(await checkBetRecords(db))];
    const rounds = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM bet_rounds WHERE status = 'settled'`.execute(db);
    console.log(`bet records settled ${rounds.rows[0]!.n}`);
    console.log(
      `invariant violations ${problems.length}${problems.length ? `: ${problems.slice(0, 3).join('; ')}` : ''}`,
    );
    if (DIAGNOSE) {
      await new Promise((r) => setTimeout(r, 1000)); // statistics are reported with a delay
      const fns =
        await sql<any>`SELECT funcname, calls, round(total_time) AS total_ms, round(self_time) AS self_ms FROM pg_stat_user_functions ORDER BY total_time DESC`.execute(
          db,
        );
      console.table(fns.rows);
      const tables =
        await sql<any>`SELECT relname, seq_scan, seq_tup_read, idx_scan FROM pg_stat_user_tables WHERE seq_scan > 0 ORDER BY seq_tup_read DESC LIMIT 8`.execute(
          db,
        );
      console.table(tables.rows);
    }
    console.log(`ratio ${(rate / tps).toFixed(2)}`);
  } finally {
    // A phase that threw left its server running (measure() sets it, the compiler cannot see).
    (server as ChildProcess | null)?.kill('SIGTERM');
    (jobsServer as ChildProcess | null)?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await db.destroy();
    await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(admin);
    await admin.destroy();
  }
}

await main();
