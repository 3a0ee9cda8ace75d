/**
 * bench/lobby: (a) the game-list API under random category/vendor/filter/search/page mixes
 * over the 10,000-game demo catalogue at 50 concurrent clients, plain and brotli-compressed,
 * against a bare Fastify hello-world on the same machine in the same run; (b) Lighthouse (mobile) on the home page
 * and a category lobby in Debian's Chromium. Last two lines: `ratio <x>` and `lighthouse <min score>`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer, SERVER_NODE_FLAGS } from '../../scripts/server-build.mjs';
import { buildWebIfStale } from '../../scripts/web-build.mjs';
import { cpuProfileFlags } from '../support/cpu';
import { describe, runLoad } from '../support/load';
import { freePort } from '../support/port';
import { runLighthouse } from './lighthouse';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = 50;
const HELLO_PORT = await freePort();
const APP_PORT = await freePort();
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Long tasks printed per page: the ones that make most of a regression's TBT. */
const LONG_TASKS_SHOWN = 8;
/** A long task's attribution without the bench server's origin. */
const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '') || url;
/** `BENCH_PARTS=api` or `=lighthouse` runs one half while working on it; the default runs both. */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'api,lighthouse').split(','));

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const CATEGORIES = ['RNG', 'LIVE', 'FISH', 'PVP', 'BGS'];
const VENDORS: Record<string, string[]> = {
  RNG: ['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'JL'],
  LIVE: ['AUL', 'VLV'],
  FISH: ['FC', 'DBA'],
  PVP: ['KTB', 'MSB'],
  BGS: ['BGS'],
};
const SEARCHES = [
  'dragon',
  'fortune',
  'tigre',
  'gold',
  'ouro',
  'lucky',
  'mega',
  'fruit',
  'roleta',
  'poker',
];

/** A random lobby request, as people browse: mostly category pages, some vendor, filter, search and deep pages. */
function randomListUrl(n: number, worker: number): string {
  const r = (k: number) =>
    (((n + 1) * 2_654_435_761 + (worker + 1) * 40_503 + k * 97) >>> 0) % 1000;
  const category = CATEGORIES[r(1) % CATEGORIES.length]!;
  const params = new URLSearchParams({
    clientType: '3',
    platform: 'html5-desktop',
    pageSize: '18',
    gameType: category,
  });
  if (r(2) < 400) params.set('vassalage', VENDORS[category]![r(3) % VENDORS[category]!.length]!);
  if (r(4) < 200) params.set('selectType', 'HOT');
  if (r(5) < 200) params.set('gameName', SEARCHES[r(6) % SEARCHES.length]!);
  params.set('pageNo', String(1 + (r(7) < 700 ? 0 : r(8) % 10)));
  return `http://127.0.0.1:${APP_PORT}/lgw/games/list?${params}`;
}

async function main() {
  buildWebIfStale({ quiet: true }); // Lighthouse measures what the sources say
  const dataDir = mkdtempSync(path.join(tmpdir(), 'banca-bench-lobby-'));
  const hello = start(['--import', 'tsx', 'bench/lobby/hello.ts'], { PORT: String(HELLO_PORT) });
  const platform = start([...SERVER_NODE_FLAGS, ...cpuProfileFlags(), buildServer()], {
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
  });
  try {
    await waitFor(`http://127.0.0.1:${HELLO_PORT}/`, hello);
    await waitFor(`http://127.0.0.1:${APP_PORT}/wps/system/status`, platform);
    console.log(
      `${CONCURRENCY} concurrent clients, ${SECONDS} s each; embedded database (the npm start default)`,
    );
    let ratio: number | null = null;
    if (PARTS.has('api')) {
      // Warm both up so neither pays first-request costs inside the measurement.
      await runLoad(() => `http://127.0.0.1:${HELLO_PORT}/`, 8, 1);
      await runLoad((w, n) => randomListUrl(n, w), 8, 2);
      const helloFigures = describe(
        'bare Fastify hello-world',
        await runLoad(() => `http://127.0.0.1:${HELLO_PORT}/`, CONCURRENCY, SECONDS),
      );
      const gateway = { 'x-gateway-version': '3', language: 'pt-BR' };
      const list = describe(
        'game list (random mixes)',
        await runLoad((w, n) => randomListUrl(n + 10_000, w), CONCURRENCY, SECONDS, gateway),
      );
      // undici sends no accept-encoding, so the line above gets plain JSON; browsers accept
      // brotli and get compressed replies. The ratio is the lower of the two.
      const compressed = describe(
        'game list, brotli accepted',
        await runLoad((w, n) => randomListUrl(n + 20_000, w), CONCURRENCY, SECONDS, {
          ...gateway,
          'accept-encoding': 'gzip, deflate, br',
        }),
      );
      ratio = Math.min(list.rate, compressed.rate) / helloFigures.rate;
    }

    let lowestScore: number | null = null;
    if (!PARTS.has('lighthouse')) {
      // not asked for
    } else if (existsSync(CHROMIUM)) {
      for (const [label, route] of [
        ['home', '/'],
        ['category lobby /rng', '/rng'],
      ] as const) {
        const r = await runLighthouse(`http://localhost:${APP_PORT}${route}`, CHROMIUM);
        console.log(
          `lighthouse ${label.padEnd(22)} performance ${r.score.toFixed(0).padStart(3)}   LCP ${(r.lcpMs / 1000).toFixed(2)} s   CLS ${r.cls.toFixed(3)}   TBT ${r.tbtMs.toFixed(0)} ms   JS ${(r.jsBytes / 1024).toFixed(0)} KB transferred`,
        );
        // TBT's parts, so a regression names its cause (a script, or style, layout, paint…).
        for (const task of r.longTasks.slice(0, LONG_TASKS_SHOWN))
          console.log(
            `    long task at ${(task.startMs / 1000).toFixed(2)} s  ${task.durationMs.toFixed(0).padStart(4)} ms  ${shortUrl(task.url)}${task.causes ? `: ${task.causes}` : ''}`,
          );
        if (r.longTasks.length > LONG_TASKS_SHOWN)
          console.log(`    … and ${r.longTasks.length - LONG_TASKS_SHOWN} shorter long tasks`);
        lowestScore = lowestScore === null ? r.score : Math.min(lowestScore, r.score);
      }
    } else {
      console.log(`lighthouse skipped: no Chromium at ${CHROMIUM}`);
    }
    console.log(`ratio ${ratio === null ? 'n/a' : ratio.toFixed(2)}`);
    console.log(`lighthouse ${lowestScore === null ? 'n/a' : lowestScore.toFixed(0)}`);
  } finally {
    hello.kill('SIGTERM');
    platform.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
