/* eslint-disable @typescript-eslint/no-explicit-any -- a benchmark reads replies loosely */
/**
 * bench/house: dice bets of the house games (docs/house.md) over HTTP against PostgreSQL's own
 * yardstick, modelled on bench/pam. In one run, on a database it creates on BENCH_DATABASE_URL's
 * server (default the local one) and drops afterwards:
 *   1. pgbench's built-in TPC-B at 32 clients → tps;
 *   2. dice bets (`POST /wps/house/dice`) against the real server process, 32 concurrent
 *      clients (one keep-alive connection each), 500 members each with a session and a seed
 *      pair; every bet takes a nonce, writes its round, and posts its stake (and its payout
 *      when it wins) through the ledger as bet records of vendor BGS;
 * printing bets/s, p50/p99 of a bet, the books (invariants, bet records = ledger movements,
 * every nonce once) and last `ratio <bets/s over pgbench tps>`;
 *   3. a crash round with 1,000 players on sockets (bench/house/crash-clients.ts, a child process):
 *      each bets over HTTP during the countdown (held open by the bench until all are in), then
 *      follows the flight on `house.crash`; printed: the time from the server's tick to the
 *      multiplier on the sockets (p50/p99/max over every tick of the flight on every socket), and
 *      the cash-out decisions per second when all 1,000 cash out at once from 1.50× (32 HTTP
 *      connections), with their p50/p99.
 * Figures are printed, never asserted.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { crashMsToReach } from '@banca/contracts/fairness';
import { createHash, randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { connectDatabase } from '../../apps/server/src/db/connect';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/demo/seed';
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
/** Players of the crash round, each on a socket of their own. */
const CRASH_PLAYERS = Number(process.env.BENCH_CRASH_PLAYERS ?? 1_000);
/** The round's crash point (set by the bench): 10.00×, a 38 s flight, room for every cash-out. */
const CRASH_POINT_E2 = 1_000;
/** Where everyone cashes out. */
const CASHOUT_AT_E2 = 150;
const PORT = await freePort();
/** R$ 0,10 a bet, over 50.00 (a win pays 1.98×: about half the bets are two ledger calls). */
const BET = { gameCode: 'BGS_DICE', amountMinor: 10, targetE2: 5000, over: true };

async function main() {
  const name = `banca_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Kysely<any>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: ADMIN_URL, max: 1 }) }),
  });
  await sql`CREATE DATABASE ${sql.id(name)}`.execute(admin);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  let server: ChildProcess | null = null;
  const db = await connectDatabase({ kind: 'postgres', url: dbUrl, poolSize: 4 });
  try {
    console.log(`database ${name} on ${url.host}; ${CONCURRENCY} clients, ${SECONDS} s`);
    const tps = pgbenchTps(dbUrl, { clients: CONCURRENCY, seconds: SECONDS });
    console.log(
      `${'pgbench TPC-B (tpcb-like, scale 10)'.padEnd(44)} ${tps.toFixed(0).padStart(7)} /s`,
    );

    await migrate(db);
    await seedDemo(db);
    const { wallet } = assembleServices(MODULES, { db, adapters: {} });
    const tokens: string[] = [];
    for (let i = 0; i < Math.max(PLAYERS, CRASH_PLAYERS); i++) {
      const member = { memberId: await seedMember(db), merchantCode: 'BANCA', currency: 'BRL' };
      await wallet.adjust({
        member,
        amountMinor: 1_000_000_000,
        reason: 'bench funding',
        operatorId: 'bench',
        idempotencyKey: `bench-fund-${member.memberId}`,
      });
      // A session as a login makes one (the bench's members have no password to log in with).
      const token = randomBytes(32).toString('base64url');
      await sql`INSERT INTO sessions (token_hash, member_id, scope, remember, ip, device, expires_at)
        VALUES (${createHash('sha256').update(token).digest('hex')}, ${member.memberId}, 'full', true,
                '127.0.0.1', 'web', now() + interval '1 day')`.execute(db);
      tokens.push(token);
    }

    server = await startBenchServer({ databaseUrl: dbUrl, port: PORT });
    const connections = await Promise.all(
      Array.from({ length: CONCURRENCY }, () => RawHttpConnection.connect(PORT)),
    );
    const body = JSON.stringify(BET);
    const bet = async (worker: number, n: number) => {
      const token = tokens[(worker * 7919 + n) % PLAYERS]!;
      const reply = await connections[worker]!.request(
        'POST',
        '/wps/house/dice',
        { authorization: token, 'x-gateway-version': '3', device: 'web', language: 'en' },
        body,
      );
      if (reply.status !== 200)
        throw new Error(`dice ${reply.status}: ${reply.body.slice(0, 200)}`);
    };
    const loop = async (seconds: number, firstN: number, onDone: (ms: number) => void) => {
      const deadline = performance.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async (_, worker) => {
          for (let n = firstN; performance.now() < deadline; n++) {
            const t0 = performance.now();
            await bet(worker, n);
            onDone(performance.now() - t0);
          }
        }),
      );
    };
    await loop(WARM_UP_SECONDS, 1_000_000_000, () => undefined);
    const betMs: number[] = [];
    const cpuBefore = cpuSnapshot(server.pid ?? null);
    const started = performance.now();
    await loop(SECONDS, 0, (ms) => betMs.push(ms));
    const elapsed = (performance.now() - started) / 1000;
    const cpu = describeCpu(
      cpuBefore,
      cpuSnapshot(server.pid ?? null),
      availableParallelism(),
      betMs.length,
    );
    for (const connection of connections) connection.close();
    betMs.sort((a, b) => a - b);
    const rate = betMs.length / elapsed;
    console.log(
      `${'dice bets over HTTP, 500 members'.padEnd(44)} ${rate.toFixed(0).padStart(7)} /s   p50 ${percentile(betMs, 50).toFixed(2)} ms   p99 ${percentile(betMs, 99).toFixed(2)} ms`,
    );
    console.log(`${''.padEnd(44)} ${cpu}`);
    const problems = [...(await checkInvariants(db)), ...(await checkBetRecords(db))];
    const stats = await sql<{ bets: number; unfinished: number; nonce_dupes: number }>`
      SELECT count(*)::int AS bets,
             count(*) FILTER (WHERE status <> 'settled')::int AS unfinished,
             (SELECT count(*)::int FROM (SELECT seed_id, nonce FROM house_bets GROUP BY 1, 2 HAVING count(*) > 1) d) AS nonce_dupes
      FROM house_bets`.execute(db);
    const s = stats.rows[0]!;
    console.log(
      `house bets ${s.bets}, unfinished ${s.unfinished}, nonces used twice ${s.nonce_dupes}`,
    );
    console.log(
      `invariant violations ${problems.length}${problems.length ? `: ${problems.slice(0, 3).join('; ')}` : ''}`,
    );
    console.log(`ratio ${(rate / tps).toFixed(2)}`);
    await crashRound(db, tokens.slice(0, CRASH_PLAYERS));
    const after = [...(await checkInvariants(db)), ...(await checkBetRecords(db))];
    console.log(`after the crash round: invariant violations ${after.length}`);
  } finally {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await db.destroy();
    await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(admin);
    await admin.destroy();
  }
}

/** Part 3: one crash round with CRASH_PLAYERS players on sockets (see the header). */
async function crashRound(db: Awaited<ReturnType<typeof connectDatabase>>, tokens: string[]) {
  const clients = fork(path.join(import.meta.dirname, 'crash-clients.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const replies = new Map<string, (message: any) => void>();
  clients.on('message', (message: any) => replies.get(message.kind)?.(message));
  const reply = (kind: string) => new Promise<any>((resolve) => replies.set(kind, resolve));
  const connections = await Promise.all(
    Array.from({ length: CONCURRENCY }, () => RawHttpConnection.connect(PORT)),
  );
  const call = async (worker: number, token: string, method: string, url: string, body?: object) =>
    connections[worker]!.request(
      method,
      url,
      { authorization: token, 'x-gateway-version': '3', device: 'web', language: 'en' },
      body === undefined ? undefined : JSON.stringify(body),
    );
  /** Runs `each` for every token, CONCURRENCY at a time (one connection each). */
  const forEveryone = async (each: (worker: number, token: string) => Promise<void>) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, worker) => {
        while (next < tokens.length) await each(worker, tokens[next++]!);
      }),
    );
  };
  try {
    const ready = reply('ready');
    clients.send({ kind: 'start', port: PORT, tokens, concurrency: 50 });
    const opened = await ready;
    console.log(
      `crash: ${opened.subscribed} players on sockets following house.crash (${opened.failed} failed)`,
    );

    // The round (opened by this read); its countdown held open until every player is in.
    const state = JSON.parse(
      (await call(0, tokens[0]!, 'GET', '/wps/house/crash/state?gameCode=BGS_CRASH')).body,
    ).value;
    const roundId = state.round.id as number;
    await sql`UPDATE house_rounds SET betting_ends_at = now() + interval '10 minutes', result = ${CRASH_POINT_E2}
      WHERE id = ${roundId}`.execute(db);
    let refused = 0;
    await forEveryone(async (worker, token) => {
      const res = await call(worker, token, 'POST', '/wps/house/crash/bet', {
        gameCode: 'BGS_CRASH',
        amountMinor: 100,
        autoCashoutE2: null,
      });
      if (res.status !== 200) refused += 1;
    });
    const startMs = Date.now() + 1_000;
    await sql`UPDATE house_rounds SET betting_ends_at = ${new Date(startMs)} WHERE id = ${roundId}`.execute(
      db,
    );
    clients.send({ kind: 'round', roundId, startMs });

    // Everyone cashes out at once from 1.50×: decisions by the server's clock, one at a time per round.
    await new Promise((r) => setTimeout(r, startMs + crashMsToReach(CASHOUT_AT_E2) - Date.now()));
    const cashoutMs: number[] = [];
    let late = 0;
    const refusals = new Map<string, number>();
    const burst = performance.now();
    await forEveryone(async (worker, token) => {
      const t0 = performance.now();
      const res = await call(worker, token, 'POST', '/wps/house/crash/cashout', {
        gameCode: 'BGS_CRASH',
      });
      if (res.status === 200) cashoutMs.push(performance.now() - t0);
      else {
        late += 1;
        const code = String(JSON.parse(res.body || '{}').code ?? res.status);
        refusals.set(code, (refusals.get(code) ?? 0) + 1);
      }
    });
    const burstSeconds = (performance.now() - burst) / 1000;
    // The flight on to its crash: the ticks keep coming to every socket.
    await new Promise((r) =>
      setTimeout(r, Math.max(0, startMs + crashMsToReach(CRASH_POINT_E2) + 1_000 - Date.now())),
    );
    const report = reply('report');
    clients.send({ kind: 'report' });
    const ticks = await report;
    cashoutMs.sort((a, b) => a - b);
    console.log(
      `crash: ${tokens.length - refused} bets in the round (${refused} refused); flight to ${(CRASH_POINT_E2 / 100).toFixed(2)}×`,
    );
    console.log(
      `${'tick → multiplier on the sockets'.padEnd(44)} p50 ${ticks.p50.toFixed(1)} ms   p99 ${ticks.p99.toFixed(1)} ms   max ${ticks.max.toFixed(1)} ms   (${ticks.ticks} deliveries, ${ticks.open} sockets open)`,
    );
    console.log(
      `${'cash-out decisions (all at once from 1.50×)'.padEnd(44)} ${(cashoutMs.length / burstSeconds).toFixed(0).padStart(7)} /s   p50 ${percentile(cashoutMs, 50).toFixed(1)} ms   p99 ${percentile(cashoutMs, 99).toFixed(1)} ms   (${cashoutMs.length} paid, ${late} refused${late ? `: ${[...refusals].map(([c, n]) => `${c} ${n}`).join(', ')}` : ''})`,
    );
  } finally {
    for (const connection of connections) connection.close();
    clients.send({ kind: 'stop' });
  }
}

await main();
