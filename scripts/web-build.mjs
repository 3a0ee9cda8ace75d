// Builds the web app when its build is missing or older than its sources, so `npm start`
// and the browser tests always serve what the sources say, without rebuilding every time.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/contracts/src',
  'package-lock.json',
];

function newestMtimeMs(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestMtimeMs(path.join(target, entry)));
  return newest;
}

export function webBuildIsStale() {
  if (!existsSync(dist)) return true;
  const built = statSync(dist).mtimeMs;
  return sources.some((s) => newestMtimeMs(path.join(root, s)) > built);
}

export function buildWebIfStale({ quiet = false } = {}) {
  if (!webBuildIsStale()) return false;
  if (!quiet) console.log('[banca] building the web app (first start or sources changed)…');
  const started = Date.now();
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', quiet ? 'error' : 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('web build failed');
  if (!quiet)
    console.log(`[banca] web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfStale();
