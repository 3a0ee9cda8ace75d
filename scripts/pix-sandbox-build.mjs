// Bundles the sandbox PIX PSP (apps/pix-sandbox/src/main.ts) into apps/pix-sandbox/dist/main.js,
// as demo-provider-build.mjs does for the demo provider: npm packages stay external, the
// workspace package @banca/pix (TypeScript source) is bundled in.
import { buildSync } from 'esbuild';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const PIX_SANDBOX_BUNDLE = path.join(root, 'apps/pix-sandbox/dist/main.js');

export function buildPixSandbox() {
  buildSync({
    entryPoints: [path.join(root, 'apps/pix-sandbox/src/main.ts')],
    outfile: PIX_SANDBOX_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@banca/pix': path.join(root, 'packages/pix/src/index.ts') },
    sourcemap: true,
    logLevel: 'warning',
  });
  return PIX_SANDBOX_BUNDLE;
}
