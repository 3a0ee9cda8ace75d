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
 *      the rate achieved, p50/p99/max, and any event that did not arrive within 30 s.
 * The server is in this process (buildApp, as main.ts builds it, with its bus and jobs
 * started), the sockets in a child, so the memory figures are the server's alone. Needs a file
 * descriptor per socket in each process: `ulimit -n` must exceed BENCH_WS_SOCKETS (the npm
 * script raises the soft limit to the hard one). Figures are printed, never asserted.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
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
const RATES = [100, 1_000];
/** Members the credits go to (each with a socket among the idle ones). */
const CREDITED_MEMBERS = 1_000;
/** Sockets opening at once: the server authenticates each with a session read. */
const OPEN_CONCURRENCY = 200;
/** How long a phase waits for its last events before counting the rest as lost. */
const DRAIN_TIMEOUT_MS = 30_000;

const nowMs = () => performance.timeOrigin + performance.now();
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

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
    app.events.start();
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
    let onReady: (value: { ready: number; failed: number }) => void = () => undefined;
    clients.on('message', (message: any) => {
      if (message.kind === 'ready') onReady(message);
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
      const deadline = nowMs() + DRAIN_TIMEOUT_MS;
      while (nowMs() < deadline && [...sentAt.keys()].some((id) => !arrivals.has(id)))
        await new Promise((resolve) => setTimeout(resolve, 100));
      const latencies = [...sentAt]
        .filter(([id]) => arrivals.has(id))
        .map(([id, t0]) => arrivals.get(id)! - t0)
        .sort((a, b) => a - b);
      const lastArrival = Math.max(...[...sentAt.keys()].map((id) => arrivals.get(id) ?? 0));
      console.log(
        `${String(rate).padStart(5)} events/s asked: ${(total / issuedSeconds).toFixed(0)}/s issued, ${(latencies.length / ((lastArrival - start) / 1000)).toFixed(0)}/s delivered; credit → socket p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms; lost ${total - latencies.length}`,
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
