/* eslint-disable @typescript-eslint/no-explicit-any -- replies are read loosely; the books are checked directly */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../src/modules/wallet/ledger';
import { openTestDatabase, type TestDatabase } from './harness';

/**
 * A crash mid-load (issue "Wallet" §6): the real server process on PostgreSQL takes
 * concurrent wallet transfers, is killed with SIGKILL in the middle, and restarted. The books
 * must balance, and every transfer the server acknowledged must be there.
 */
const SERVER_MAIN = path.resolve(import.meta.dirname, '../src/main.ts');
const PORT = 18_500 + Math.floor(Math.random() * 400);
const MEMBERS = 12;

function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      RATE_LIMIT_ALLOWLIST: '127.0.0.1',
      SEED_DEMO: 'true',
      // No demo game provider here: the transfer vendors' wallets stay inside the ledger.
      DEMO_PROVIDER: '0',
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${PORT}/wps/system/status`)).ok) return resolve(child);
      } catch {
        // not yet listening
      }
      if (Date.now() - started > 60_000) return reject(new Error('server did not start'));
      setTimeout(poll, 100);
    };
    void poll();
  });
}

async function api(
  method: string,
  url: string,
  token: string | null,
  body?: unknown,
  key?: string,
) {
  const res = await fetch(`http://127.0.0.1:${PORT}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-gateway-version': '3',
      ...(token ? { authorization: token } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { success: boolean; value: any; code?: string },
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'crash during concurrent wallet load (PostgreSQL)',
  () => {
    let database: TestDatabase;
    let server: ChildProcess | null = null;

    beforeAll(async () => {
      database = await openTestDatabase('postgres');
    });
    afterAll(async () => {
      server?.kill('SIGKILL');
      await database?.drop();
    });

    it('keeps the books balanced and every acknowledged transfer after SIGKILL and restart', async () => {
      const url = database.url;
      server = await startServer(url);
      const tokens: string[] = [];
      for (let i = 0; i < MEMBERS; i++) {
        const res = await api('POST', '/wps/session/login/freeplay', null, {});
        tokens.push(res.body.value.token);
      }
      const vendorId = (await api('GET', '/wps/v2/wallets/balance', tokens[0]!)).body.value
        .vendors[0].accountTypeId as number;

      const acknowledged: string[] = [];
      let stop = false;
      let sent = 0;
      const worker = async (w: number) => {
        const token = tokens[w % MEMBERS]!;
        for (let n = 0; !stop && n < 10_000; n++) {
          const key = `crash-${w}-${n}`;
          const toVendor = n % 2 === 0;
          sent += 1;
          try {
            const res = await api(
              'POST',
              '/wps/relay/GCS_walletTransfer',
              token,
              {
                fromAccountTypeId: toVendor ? 0 : vendorId,
                toAccountTypeId: toVendor ? vendorId : 0,
                amount: 1.23,
              },
              key,
            );
            if (res.status === 200) acknowledged.push(`wallet-transfer:${key}`);
          } catch {
            return; // the server is gone
          }
        }
      };
      const load = Promise.all(Array.from({ length: 24 }, (_, w) => worker(w)));
      // Let the load run, then pull the plug in the middle of it.
      while (acknowledged.length < 300) await new Promise((r) => setTimeout(r, 20));
      server.kill('SIGKILL');
      stop = true;
      await load;
      server = await startServer(url);

      expect(await checkInvariants(database.db)).toEqual([]);
      const keys = await database.db
        .selectFrom('ledger_operations')
        .select('idempotency_key')
        .where('idempotency_key', 'like', 'wallet-transfer:%')
        .execute();
      const present = new Set(
        keys.map((k) => k.idempotency_key.replace(/^wallet-transfer:\d+:/, 'wallet-transfer:')),
      );
      const lost = acknowledged.filter((k) => !present.has(k));
      expect(lost).toEqual([]);
      expect(sent).toBeGreaterThan(acknowledged.length - 1);
      // The restarted server answers with the same balances the books hold.
      const after = await api('GET', '/wps/v2/wallets/balance', tokens[0]!);
      expect(after.body.value.totalMinor).toBe(100_000);
      server.kill('SIGTERM');
      server = null;
    }, 90_000); // two cold starts of the server (migrations, the demo seed) on a busy machine

    it('runs its events and jobs in a worker thread, and none with RUN_JOBS=false', async () => {
      const other = await openTestDatabase('postgres');
      const done = async () => {
        const { rows } = await sql<{ runs: number; waiting: number }>`
          SELECT (SELECT count(*)::int FROM job_runs WHERE status = 'done') AS runs,
                 (SELECT count(*)::int FROM domain_events WHERE NOT dispatched) AS waiting`.execute(
          other.db,
        );
        return rows[0]!;
      };
      try {
        // An API-only instance: an event is waiting and the periodic jobs are due, but nothing
        // here delivers or runs them.
        server = await startServer(other.url, { RUN_JOBS: 'false' });
        await sql`INSERT INTO domain_events (type, payload) VALUES ('test.ping', '{}')`.execute(
          other.db,
        );
        await new Promise((r) => setTimeout(r, 3_000));
        const idle = await done();
        expect(idle.runs).toBe(0);
        expect(idle.waiting).toBeGreaterThan(0);
        server.kill('SIGTERM');
        // The default on PostgreSQL: a worker thread of the instance delivers and runs them.
        server = await startServer(other.url);
        let now = await done();
        for (let i = 0; i < 300 && (now.runs === 0 || now.waiting > 0); i++) {
          await new Promise((r) => setTimeout(r, 100));
          now = await done();
        }
        expect(now.runs).toBeGreaterThan(0);
        expect(now.waiting).toBe(0);
        // It still answers (the thread shares the process, not the event loop).
        expect((await api('GET', '/wps/system/status', null)).status).toBe(200);
      } finally {
        server?.kill('SIGTERM');
        server = null;
        await other.drop();
      }
    }, 90_000);
  },
);
