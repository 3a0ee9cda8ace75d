/* eslint-disable @typescript-eslint/no-explicit-any -- a benchmark reads replies loosely */
/**
 * bench/ledger: the ledger against PostgreSQL's own yardstick. In one run, on a database it
 * creates on BENCH_DATABASE_URL's server (default the local one) and drops afterwards:
 *   1. pgbench's built-in TPC-B (debit-credit) at 32 clients → tps;
 *   2. bet-then-win pairs through the wallet service (the vendor API's path) at 32 concurrent
 *      callers, many members, then all on 10 hot members;
 *   3. wallet transfers over HTTP (GCS_walletTransfer main → vendor → main, logged-in members)
 *      at 32 concurrent clients against the real server process, many members, then 10 hot;
 * printing operations/s, p50/p99 latency and the ratio to pgbench's tps, then the invariant
 * check, and last `ratio <x>`: HTTP transfer pairs/s over pgbench tps, many members. Phases 2
 * and 3 run 2 s of the same load before measuring; each prints where the CPU went.
 * BENCH_PARTS=http skips phase 2 (pgbench always runs: the ratio needs it).
 * Phase 3's clients speak HTTP through bench/support/raw-http.ts, one keep-alive connection
 * each, so that like pgbench's C client they leave the CPU to what is measured;
 * BENCH_HTTP_CLIENT=undici uses undici instead, for comparison.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { availableParallelism } from 'node:os';
import { cpuSnapshot, describeCpu } from '../support/cpu';
import { call } from '../support/load';
import { freePort } from '../support/port';
import { pgbenchTps, startBenchServer } from '../support/platform';
import { RawHttpConnection } from '../support/raw-http';
import { createApp } from './app-under-test';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONCURRENCY = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MANY_MEMBERS = 500;
const HOT_MEMBERS = 10;
const PORT = await freePort();
const PARTS = (process.env.BENCH_PARTS ?? 'service,http').split(',');
const HTTP_CLIENT = process.env.BENCH_HTTP_CLIENT === 'undici' ? 'undici' : 'raw';

type Figures = {
  label: string;
  ops: number;
  seconds: number;
  latenciesMs: number[];
  cpu: string;
};

/** The server process while phase 3 runs, so each phase can say where its CPU went. */
let serverPid: number | null = null;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function print(f: Figures, tps: number) {
  const sorted = [...f.latenciesMs].sort((a, b) => a - b);
  const rate = f.ops / f.seconds;
  console.log(
    `${f.label.padEnd(44)} ${rate.toFixed(0).padStart(7)} /s   p50 ${percentile(sorted, 50).toFixed(2).padStart(6)} ms   p99 ${percentile(
      sorted,
      99,
    )
      .toFixed(2)
      .padStart(6)} ms   ratio ${(rate / tps).toFixed(2)}`,
  );
  console.log(`${''.padEnd(44)} ${f.cpu}`);
  return rate;
}

/** Seconds of the same load before each measured phase: connection pools, caches and the JIT settle. */
const WARM_UP_SECONDS = 2;
/** Warm-up calls number their operations from here, measured ones from 0. */
const WARM_UP_FIRST_N = 1_000_000_000;

async function loop(
  seconds: number,
  firstN: number,
  task: (worker: number, n: number) => Promise<void>,
  onDone: (ms: number) => void,
): Promise<void> {
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      for (let n = firstN; performance.now() < deadline; n++) {
        const t0 = performance.now();
        await task(worker, n);
        onDone(performance.now() - t0);
      }
    }),
  );
}

/**
 * Runs `task` from CONCURRENCY loops: WARM_UP_SECONDS unmeasured (with its own `n`s, so no
 * key repeats), then SECONDS timing each call.
 */
async function drive(
  label: string,
  task: (worker: number, n: number) => Promise<void>,
): Promise<Figures> {
  await loop(WARM_UP_SECONDS, WARM_UP_FIRST_N, task, () => undefined);
  const latenciesMs: number[] = [];
  const cpuBefore = cpuSnapshot(serverPid);
  const started = performance.now();
  await loop(SECONDS, 0, task, (ms) => latenciesMs.push(ms));
  const cpu = describeCpu(
    cpuBefore,
    cpuSnapshot(serverPid),
    availableParallelism(),
    latenciesMs.length,
  );
  return {
    label,
    ops: latenciesMs.length,
    seconds: (performance.now() - started) / 1000,
    latenciesMs,
    cpu,
  };
}

async function http(method: 'GET' | 'POST', url: string, token: string | null, body?: unknown) {
  const res = await call(
    method,
    `http://127.0.0.1:${PORT}${url}`,
    { 'x-gateway-version': '3', ...(token ? { authorization: token } : {}) },
    body,
  );
  if (!res.json?.success) throw new Error(`${url}: ${res.json?.code ?? res.status}`);
  return res.json.value;
}

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
  try {
    console.log(
      `database ${name} on ${url.host}; ${CONCURRENCY} concurrent clients, ${SECONDS} s per phase`,
    );
    const tps = pgbenchTps(dbUrl, { clients: CONCURRENCY, seconds: SECONDS });
    console.log(
      `${'pgbench TPC-B (tpcb-like, scale 10)'.padEnd(44)} ${tps.toFixed(0).padStart(7)} /s`,
    );

    // 2. Through the wallet service, in this process, on its own pool.
    const app = await createApp(dbUrl, CONCURRENCY);
    const many = await app.members(MANY_MEMBERS, 1_000_000_000);
    const servicePhases = [
      ['bet+win pairs via ledger service, many', many],
      ['bet+win pairs via ledger service, 10 hot', many.slice(0, HOT_MEMBERS)],
    ] as const;
    for (const [label, members] of PARTS.includes('service') ? servicePhases : []) {
      const f = await drive(label, async (w, n) => {
        const member = members[(w * 7919 + n) % members.length]!;
        const txId = `${label.length}-${w}-${n}`;
        await app.wallet.placeBet({
          member,
          vendorCode: 'PG',
          txId,
          roundId: txId,
          amountMinor: 100,
        });
        await app.wallet.settleWin({
          member,
          vendorCode: 'PG',
          txId,
          roundId: txId,
          amountMinor: 95,
        });
      });
      print(f, tps);
    }

    // 3. Over HTTP against the real server process.
    server = await startBenchServer({ databaseUrl: dbUrl, port: PORT });
    serverPid = server.pid ?? null;
    const tokens: string[] = [];
    for (let i = 0; i < MANY_MEMBERS; i++)
      tokens.push((await http('POST', '/wps/session/login/freeplay', null, {})).token);
    const vendorId = (await http('GET', '/wps/v2/wallets/balance', tokens[0]!)).vendors[0]
      .accountTypeId as number;
    const connections = await Promise.all(
      Array.from({ length: CONCURRENCY }, () => RawHttpConnection.connect(PORT)),
    );
    console.log(`HTTP load client: ${HTTP_CLIENT}`);
    let manyRate = 0;
    for (const [label, pool] of [
      ['HTTP transfer pairs (main→vendor→main), many', tokens],
      ['HTTP transfer pairs (main→vendor→main), 10 hot', tokens.slice(0, HOT_MEMBERS)],
    ] as const) {
      // Each request's own latency too (a pair is two requests one after the other).
      const requestMs: number[] = [];
      const transfer = async (
        worker: number,
        token: string,
        from: number,
        to: number,
        measured: boolean,
      ) => {
        const t0 = performance.now();
        const body = { fromAccountTypeId: from, toAccountTypeId: to, amount: 1 };
        if (HTTP_CLIENT === 'undici') {
          await http('POST', '/wps/relay/GCS_walletTransfer', token, body);
        } else {
          const reply = await connections[worker]!.request(
            'POST',
            '/wps/relay/GCS_walletTransfer',
            { 'x-gateway-version': '3', authorization: token },
            JSON.stringify(body),
          );
          const json = JSON.parse(reply.body) as { success: boolean; code?: string };
          if (!json.success) throw new Error(`GCS_walletTransfer: ${json.code ?? reply.status}`);
        }
        if (measured) requestMs.push(performance.now() - t0);
      };
      const f = await drive(label, async (w, n) => {
        const token = pool[(w * 7919 + n) % pool.length]!;
        const measured = n < WARM_UP_FIRST_N;
        await transfer(w, token, 0, vendorId, measured);
        await transfer(w, token, vendorId, 0, measured);
      });
      const rate = print(f, tps);
      requestMs.sort((a, b) => a - b);
      console.log(
        `${''.padEnd(44)} each request: p50 ${percentile(requestMs, 50).toFixed(2)} ms   p99 ${percentile(requestMs, 99).toFixed(2)} ms   p99.9 ${percentile(requestMs, 99.9).toFixed(2)} ms   max ${requestMs[requestMs.length - 1]?.toFixed(2)} ms`,
      );
      if (label.endsWith('many')) manyRate = rate;
    }
    for (const connection of connections) connection.close();
    const problems = await app.invariants();
    console.log(
      `invariant violations ${problems.length}${problems.length ? `: ${problems.slice(0, 3).join('; ')}` : ''}`,
    );
    await app.close();
    console.log(`ratio ${(manyRate / tps).toFixed(2)}`);
  } finally {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(admin);
    await admin.destroy();
  }
}

await main();
