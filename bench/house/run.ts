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
 * every nonce once) and last `ratio <bets/s over pgbench tps>`. Figures are printed, never
 * asserted.
 */
import type { ChildProcess } from 'node:child_process';
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
    for (let i = 0; i < PLAYERS; i++) {
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
      const token = tokens[(worker * 7919 + n) % tokens.length]!;
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
  } finally {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await db.destroy();
    await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(admin);
    await admin.destroy();
  }
}

await main();
