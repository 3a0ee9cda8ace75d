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
 * Node flags the server runs with, in `npm start` and in the benches. Semi-spaces of 64 MB
 * instead of V8's 16 MB: every request allocates, and under load the young-generation
 * collector ran often enough to show in the tail. bench:ledger's HTTP transfers, same quiet
 * machine, interleaved: request p99 15.6 / 19.1 ms against 24.3 / 24.3 ms, transfer-pair p99
 * 27 / 33 ms against 40 / 43 ms, server CPU per pair 0.31 / 0.35 ms against 0.34 / 0.34 ms.
 * The space grows only under allocation pressure, so the idle server's memory is unchanged.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

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
    // The contracts package is TypeScript source shared with the web app: bundle it in.
    alias: { '@banca/contracts': path.join(root, 'packages/contracts/src/index.ts') },
    sourcemap: true,
    logLevel: 'warning',
  });
  return SERVER_BUNDLE;
}

if (import.meta.url === `file://${process.argv[1]}`) buildServer();
