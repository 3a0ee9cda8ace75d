// Bundles the demo game provider (apps/demo-provider/src/main.ts) into
// apps/demo-provider/dist/main.js, as server-build.mjs does for the platform: npm packages stay
// external; the page script is bundled by the provider itself on first request.
import { buildSync } from 'esbuild';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const DEMO_PROVIDER_BUNDLE = path.join(root, 'apps/demo-provider/dist/main.js');

export function buildDemoProvider() {
  buildSync({
    entryPoints: [path.join(root, 'apps/demo-provider/src/main.ts')],
    outfile: DEMO_PROVIDER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@banca/contracts': path.join(root, 'packages/contracts/src/index.ts') },
    sourcemap: true,
    logLevel: 'warning',
  });
  return DEMO_PROVIDER_BUNDLE;
}
