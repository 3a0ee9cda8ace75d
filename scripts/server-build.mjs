// Bundles the server (apps/server/src/main.ts and the workspace packages it imports) into
// apps/server/dist/main.js with esbuild; npm packages stay external and load from
// node_modules. `npm start` and the benches run the bundle with plain node: running the
// TypeScript through tsx kept its loader and every transpiled source in memory (idle RSS
// 307 MB through tsx, 229 MB bundled, measured by bench/boot). Tests and development
// (`npm run dev -w @banca/server`) still run the sources through tsx.
import { buildSync } from 'esbuild';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_BUNDLE = path.join(root, 'apps/server/dist/main.js');

/**
 * Node flags the server runs with, in `npm start` and in the benches. Semi-spaces of 32 MB
 * instead of V8's 16 MB: every request allocates (about 40 KB under bench:ledger's load), and
 * each young-generation collection pauses every request in flight. Measured in
 * bench:ledger's HTTP transfers, interleaved: first 64 against 16 MB, request p99 15.6 / 19.1
 * against 24.3 / 24.3 ms; then, once requests no longer read their sessions, brands and
 * vendors, pair p99 20.6 / 21.7 / 28.6 / 19.9 ms at 32 MB against 24.0 / 26.3 / 22.9 / 24.6 at
 * 64 MB and 20.5 / 24.3 at 16 MB (a 64 MB collection paused about 4.5 ms, every 0.3 s).
 * The space grows only under allocation pressure, so the idle server's memory is unchanged.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

/**
 * Builds the bundle (about half a second); returns its path. Synchronous: the async API would
 * leave esbuild's service process running beside the server.
 */
export function buildServer() {
  buildSync({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // The workspace packages are TypeScript source (contracts shared with the web app, the PIX
    // BR Code with the sandbox PSP): bundle them in.
    alias: {
      // Subpaths first: esbuild would otherwise append them to the package's alias.
      '@banca/contracts/fairness': path.join(root, 'packages/contracts/src/fairness/index.ts'),
      '@banca/contracts/house-admin': path.join(root, 'packages/contracts/src/house-admin.ts'),
      '@banca/contracts/lottery': path.join(root, 'packages/contracts/src/lottery.ts'),
      '@banca/contracts/lottery-rules': path.join(root, 'packages/contracts/src/lottery-rules.ts'),
      '@banca/contracts': path.join(root, 'packages/contracts/src/index.ts'),
      '@banca/pix': path.join(root, 'packages/pix/src/index.ts'),
    },
    sourcemap: true,
    logLevel: 'warning',
  });
  return SERVER_BUNDLE;
}

if (import.meta.url === `file://${process.argv[1]}`) buildServer();
