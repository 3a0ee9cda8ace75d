import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { buildServer, SERVER_NODE_FLAGS } from '../../scripts/server-build.mjs';
import { cpuProfileFlags } from './cpu';

/**
 * What the benches that load the real server share: PostgreSQL's own yardstick (pgbench's
 * TPC-B on the bench's database, the `ratio` denominator) and the server process as `npm start`
 * runs it (the esbuild bundle), on a database of the bench's own.
 */

/** pgbench's built-in TPC-B (tpcb-like, scale 10) at `clients` for `seconds`: transactions per second. */
export function pgbenchTps(url: string, options: { clients: number; seconds: number }): number {
  const init = spawnSync('pgbench', ['-i', '-q', '-s', '10', url], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
  const run = spawnSync(
    'pgbench',
    [
      '-c',
      String(options.clients),
      '-j',
      '2',
      '-T',
      String(options.seconds),
      '-b',
      'tpcb-like',
      url,
    ],
    { encoding: 'utf8' },
  );
  const match = /tps = ([\d.]+)/.exec(run.stdout);
  if (!match) throw new Error(`pgbench failed: ${run.stderr}`);
  return Number(match[1]);
}

/**
 * The server bundle on `port`, with a pool of 32 and quiet logs, once `/wps/system/status`
 * answers. `env` adds to (or overrides) the bench's environment; BENCH_CPU_PROFILE profiles it
 * and BENCH_SERVER_FLAGS passes Node flags to it alone (e.g. --max-semi-space-size=32).
 */
export async function startBenchServer(options: {
  databaseUrl: string;
  port: number;
  env?: Record<string, string>;
}): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      ...cpuProfileFlags(),
      ...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []),
      buildServer(), // what `npm start` runs
    ],
    {
      env: {
        ...process.env,
        DATABASE_URL: options.databaseUrl,
        PORT: String(options.port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        RATE_LIMIT_ALLOWLIST: '127.0.0.1',
        DATABASE_POOL_SIZE: '32',
        WEB_DIST_DIR: '/nonexistent',
        // No demo game provider beside a bench's server: transfer vendors' wallets stay in the ledger.
        DEMO_PROVIDER: '0',
        ...options.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${options.port}/wps/system/status`)).ok) return child;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}
