/* eslint-disable @typescript-eslint/no-explicit-any -- a benchmark reads rows loosely */
/**
 * bench/ws: the realtime socket (/ws, docs/realtime.md) on one instance over PostgreSQL, on a
 * database it creates on BENCH_DATABASE_URL's server (default the local one) and drops after:
 *   1. BENCH_WS_SOCKETS (10,000) idle authenticated sockets, opened by a child process: the
 *      server's RSS and V8 heap before and after (each after a full GC), divided by the sockets;
 *   2. the time from a ledger credit to the DEPOSIT frame on the member's socket: a wallet
 *      credit through the ledger, then `deposit.credited` (as the payments module publishes it),
 *      delivered by the running event bus to the realtime handler, pushed through LISTEN/NOTIFY
 *      to the socket; at 100 events/s, then at 1,000 events/s, BENCH_SECONDS (5) each. Printed:
 *      the rate achieved, p50/p99/max, and any event that did not arrive within 30 s; and the
 *      CPU each event cost this process (server and the credits' issuing), this database's
 *      PostgreSQL backends and the socket clients, with the machine's load (other work shares
 *      the machine: CPU per event compares runs where rates and latencies cannot);
 *      BENCH_WS_BUS=0 leaves the event bus stopped: the CPU of the credits alone.
 *   3. a broadcast's fan-out: BENCH_WS_WATCHERS (1,000) of the sockets follow `house.crash`,
 *      and the server broadcasts a crash tick 10 times a second for BENCH_SECONDS: the time from
 *      `broadcast()` to the last socket (p50/p99 over the broadcasts) and to each socket.
 * The server is in this process (buildApp, as main.ts builds it, with its bus and jobs
 * started), the sockets in a child, so the memory figures are the server's alone. Needs a file
 * descriptor per socket in each process: `ulimit -n` must exceed BENCH_WS_SOCKETS (the npm
 * script raises the soft limit to the hard one). Figures are printed, never asserted.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { connectDatabase } from '../../apps/server/src/db/connect';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/demo/seed';
import { publish } from '../../apps/server/src/lib/events';
import { seedMember } from '../../apps/server/test/seeds';
import { percentile } from '../support/load';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SOCKETS = Number(process.env.BENCH_WS_SOCKETS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RATES = (process.env.BENCH_WS_RATES ?? '100,1000').split(',').map(Number);
/** Sockets following a topic in the fan-out phase, and broadcasts a second (a crash round's ticks). */
const WATCHERS = Number(process.env.BENCH_WS_WATCHERS ?? 1_000);
const BROADCASTS_PER_SECOND = 10;
const DELIVER = process.env.BENCH_WS_BUS !== '0';
/** Members the credits go to (each with a socket among the idle ones). */
const CREDITED_MEMBERS = 1_000;
/** Sockets opening at once: the server authenticates each with a session read. */
const OPEN_CONCURRENCY = 200;
/** How long a phase waits for its last events before counting the rest as lost. */
const DRAIN_TIMEOUT_MS = 30_000;

const nowMs = () => performance.timeOrigin + performance.now();
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const TICKS_PER_SECOND = 100;
/** CPU seconds of a process (utime + stime), 0 once gone. */
function processSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU so far of this process, the socket clients and the PostgreSQL backends connected to the
 * bench's own database (other work on the machine uses other databases of the same server).
 */
async function cpuNow(db: Kysely<any>, database: string, clientsPid: number | undefined) {
  const backends = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE datname = ${database}`.execute(db);
  const stats = await sql<{ xact: string }>`
    SELECT xact_commit + xact_rollback AS xact FROM pg_stat_database WHERE datname = ${database}`.execute(
    db,
  );
  const usage = process.cpuUsage();
  return {
    /** Transactions (a statement outside one counts as one): round trips, whatever the load. */
    transactions: Number(stats.rows[0]?.xact ?? 0),
    server: (usage.user + usage.system) / 1e6,
    clients: clientsPid ? processSeconds(clientsPid) : 0,
    postgres: new Map(backends.rows.map((row) => [row.pid, processSeconds(row.pid)])),
  };
}
function describeCpu(
  before: Awaited<ReturnType<typeof cpuNow>>,
  after: Awaited<ReturnType<typeof cpuNow>>,
  events: number,
): string {
  let postgres = 0;
  for (const [pid, cpu] of after.postgres) postgres += cpu - (before.postgres.get(pid) ?? 0);
  const per = (seconds: number) => ((seconds * 1000) / Math.max(1, events)).toFixed(3);
  const [load1] = loadavg();
  const transactions = (after.transactions - before.transactions) / Math.max(1, events);
  return `cpu per event (ms): server ${per(after.server - before.server)}, postgres ${per(postgres)}, clients ${per(after.clients - before.clients)}; ${transactions.toFixed(1)} transactions per event; machine load ${load1!.toFixed(1)} on ${cpus().length} cores`;
}

function memory() {
  gc();
  gc();
  const usage = process.memoryUsage();
  return { rss: usage.rss, heap: usage.heapUsed, external: usage.external };
}

async function main() {
  const name = `banca_bench_ws_${randomBytes(4).toString('hex')}`;
  const admin = new Kysely<any>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: ADMIN_URL, max: 1 }) }),
  });
  await sql`CREATE DATABASE ${sql.id(name)}`.execute(admin);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = await connectDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 });
  let clients: ChildProcess | null = null;
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  try {
    await migrate(db);
    await seedDemo(db);
    console.log(`database ${name} on ${url.host}; ${SOCKETS} sockets`);

    // Members and live sessions straight in the database (a login per socket would measure argon2).
    const members: number[] = [];
    const tokens: string[] = [];
    const expires = new Date(Date.now() + 24 * 3600_000);
    for (let i = 0; i < SOCKETS; i += 1) members.push(await seedMember(db));
    for (let i = 0; i < SOCKETS; i += 500) {
      const rows = members.slice(i, i + 500).map((memberId) => {
        const token = randomBytes(32).toString('base64url');
        tokens.push(token);
        return {
          token_hash: createHash('sha256').update(token).digest('hex'),
          member_id: memberId,
          scope: 'full' as const,
          remember: true,
          ip: '127.0.0.1',
          device: 'web',
          user_agent: 'bench',
          expires_at: expires,
          ended_at: null,
        };
      });
      await db.insertInto('sessions').values(rows).execute();
    }

    app = await buildApp({ db, logLevel: 'error', webDistDir: null });
    await app.listen({ port: 0, host: '127.0.0.1' });
    // BENCH_WS_BUS=0: the credits alone, nothing delivered (what issuing costs, to subtract).
    if (DELIVER) app.events.start();
    app.jobs.start();
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    // 1. Idle sockets: the server's memory per socket.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const before = memory();
    clients = fork(path.join(import.meta.dirname, 'clients.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const arrivals = new Map<number, number>();
    /** Broadcast number → arrival times on the watching sockets. */
    const topicArrivals = new Map<number, number[]>();
    let onReady: (value: { ready: number; failed: number }) => void = () => undefined;
    let onWatching: (value: { watching: number }) => void = () => undefined;
    clients.on('message', (message: any) => {
      if (message.kind === 'ready') onReady(message);
      if (message.kind === 'watching') onWatching(message);
      if (message.kind === 'topicArrivals')
        for (const [n, at] of message.arrivals as [number, number][]) {
          const list = topicArrivals.get(n) ?? [];
          list.push(at);
          topicArrivals.set(n, list);
        }
      if (message.kind === 'arrivals')
        for (const [depositId, at] of message.arrivals as [number, number][])
          arrivals.set(depositId, at);
    });
    const openedAt = nowMs();
    const ready = new Promise<{ ready: number; failed: number }>((resolve) => (onReady = resolve));
    clients.send({ kind: 'start', port, tokens, concurrency: OPEN_CONCURRENCY });
    const opened = await ready;
    const openSeconds = (nowMs() - openedAt) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = memory();
    const n = opened.ready;
    console.log(
      `idle sockets: ${n} authenticated (${opened.failed} failed) in ${openSeconds.toFixed(1)} s`,
    );
    console.log(
      `server memory: rss ${mb(before.rss)} → ${mb(after.rss)}, heap ${mb(before.heap)} → ${mb(after.heap)}, external ${mb(before.external)} → ${mb(after.external)}`,
    );
    console.log(
      `per socket: rss ${((after.rss - before.rss) / n / 1024).toFixed(1)} KB, heap ${((after.heap - before.heap) / n / 1024).toFixed(1)} KB, external ${((after.external - before.external) / n / 1024).toFixed(2)} KB`,
    );

    // 2. Ledger credit → DEPOSIT on the socket. The credited members' wallets exist first (a
    // member's accounts are made by their first movement), so the phases time credits alone.
    const { wallet } = app.services;
    for (const memberId of members.slice(0, CREDITED_MEMBERS))
      await wallet.adjust({
        member: { memberId, merchantCode: 'BANCA', currency: 'BRL' },
        amountMinor: 1,
        reason: 'bench opening',
        operatorId: 'bench',
        idempotencyKey: `bench-ws-open-${memberId}`,
      });
    let depositId = 0;
    for (const rate of RATES) {
      const total = rate * SECONDS;
      const sentAt = new Map<number, number>();
      const cpuBefore = await cpuNow(db, name, clients.pid);
      const start = nowMs();
      const inFlight = new Set<Promise<void>>();
      for (let i = 0; i < total; i += 1) {
        const due = start + (i * 1000) / rate;
        const wait = due - nowMs();
        if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
        depositId += 1;
        const id = depositId;
        const memberId = members[id % CREDITED_MEMBERS]!;
        const credit = (async () => {
          const t0 = nowMs();
          sentAt.set(id, t0);
          await wallet.adjust({
            member: { memberId, merchantCode: 'BANCA', currency: 'BRL' },
            amountMinor: 100,
            reason: `bench deposit ${id}`,
            operatorId: 'bench',
            idempotencyKey: `bench-ws-${id}`,
          });
          await publish(db, 'deposit.credited', {
            depositId: id,
            merchantCode: 'BANCA',
            memberId,
            amountMinor: 100,
            currency: 'BRL',
            method: 'pix',
            creditedAt: new Date().toISOString(),
          });
        })();
        inFlight.add(credit);
        void credit.finally(() => inFlight.delete(credit));
      }
      await Promise.all(inFlight);
      const issuedSeconds = (nowMs() - start) / 1000;
      const deadline = nowMs() + (DELIVER ? DRAIN_TIMEOUT_MS : 0);
      while (nowMs() < deadline && [...sentAt.keys()].some((id) => !arrivals.has(id)))
        await new Promise((resolve) => setTimeout(resolve, 100));
      const latencies = [...sentAt]
        .filter(([id]) => arrivals.has(id))
        .map(([id, t0]) => arrivals.get(id)! - t0)
        .sort((a, b) => a - b);
      const lastArrival = Math.max(...[...sentAt.keys()].map((id) => arrivals.get(id) ?? 0));
      const cpuAfter = await cpuNow(db, name, clients.pid);
      console.log(
        `${String(rate).padStart(5)} events/s asked: ${(total / issuedSeconds).toFixed(0)}/s issued, ${(latencies.length / ((lastArrival - start) / 1000)).toFixed(0)}/s delivered; credit → socket p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms; lost ${total - latencies.length}`,
      );
      console.log(`      ${describeCpu(cpuBefore, cpuAfter, total)}`);
    }

    // 3. One broadcast to many sockets: crash ticks on `house.crash`, followed by WATCHERS sockets.
    if (WATCHERS > 0) {
      const watching = new Promise<{ watching: number }>((resolve) => (onWatching = resolve));
      clients.send({ kind: 'watch', topic: 'house.crash', count: Math.min(WATCHERS, n) });
      const watchers = (await watching).watching;
      const total = BROADCASTS_PER_SECOND * SECONDS;
      const sentAt: number[] = [];
      const cpuBefore = await cpuNow(db, name, clients.pid);
      const start = nowMs();
      for (let i = 0; i < total; i += 1) {
        const wait = start + (i * 1000) / BROADCASTS_PER_SECOND - nowMs();
        if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
        sentAt.push(nowMs());
        await app.services.realtime.broadcast('house.crash', {
          kind: 'tick',
          gameCode: 'BGS_CRASH',
          roundId: i,
          multiplierE2: 100 + i,
          elapsedMs: Math.round(nowMs() - start),
        });
      }
      const deadline = nowMs() + DRAIN_TIMEOUT_MS;
      const complete = () =>
        sentAt.every((_, i) => (topicArrivals.get(i)?.length ?? 0) >= watchers);
      while (nowMs() < deadline && !complete())
        await new Promise((resolve) => setTimeout(resolve, 100));
      const cpuAfter = await cpuNow(db, name, clients.pid);
      const toLast: number[] = [];
      const toEach: number[] = [];
      let missing = 0;
      sentAt.forEach((t0, i) => {
        const times = topicArrivals.get(i) ?? [];
        missing += watchers - times.length;
        for (const at of times) toEach.push(at - t0);
        if (times.length > 0) toLast.push(Math.max(...times) - t0);
      });
      toLast.sort((a, b) => a - b);
      toEach.sort((a, b) => a - b);
      console.log(
        `broadcast to ${watchers} sockets, ${BROADCASTS_PER_SECOND}/s: broadcast → last socket p50 ${percentile(toLast, 50).toFixed(1)} ms, p99 ${percentile(toLast, 99).toFixed(1)} ms; → each socket p50 ${percentile(toEach, 50).toFixed(1)} ms, p99 ${percentile(toEach, 99).toFixed(1)} ms; missing ${missing}`,
      );
      console.log(
        `      ${describeCpu(cpuBefore, cpuAfter, total * watchers).replace('per event', 'per socket frame')}`,
      );
    }
  } finally {
    clients?.send({ kind: 'stop' });
    await app?.close();
    await db.destroy();
    await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(admin);
    await admin.destroy();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
