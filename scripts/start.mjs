// `npm start`: builds the web app if needed and bundles the server, then runs the whole platform
// in one process (API, web app, jobs) on PORT (default 8080) with the embedded database unless
// DATABASE_URL is set. Readable stack traces: NODE_OPTIONS=--enable-source-maps npm start.
// Beside it, the demo game provider (apps/demo-provider) runs as its own process on
// DEMO_PROVIDER_PORT (default PORT + 1) and settles through the platform's /pam over HTTP;
// DEMO_PROVIDER=0 leaves it out. The sandbox PIX PSP (apps/pix-sandbox, docs/payments.md) runs
// the same way on PIX_SANDBOX_PORT (default PORT + 2) and notifies the platform's
// /hooks/pix-sandbox; PIX_SANDBOX=0 leaves it out.
import { spawn } from 'node:child_process';
import { buildDemoProvider } from './demo-provider-build.mjs';
import { buildPixSandbox } from './pix-sandbox-build.mjs';
import { buildServer, SERVER_NODE_FLAGS } from './server-build.mjs';
import { buildWebIfStale } from './web-build.mjs';

buildWebIfStale();
const bundle = buildServer();

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, bundle], {
  cwd: process.cwd(),
  stdio: 'inherit',
  env: process.env,
});
const provider =
  process.env.DEMO_PROVIDER === '0'
    ? null
    : spawn(process.execPath, [buildDemoProvider()], {
        cwd: process.cwd(),
        stdio: 'inherit',
        env: process.env,
      });
const pixSandbox =
  process.env.PIX_SANDBOX === '0'
    ? null
    : spawn(process.execPath, [buildPixSandbox()], {
        cwd: process.cwd(),
        stdio: 'inherit',
        env: process.env,
      });
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    server.kill(signal);
    provider?.kill(signal);
    pixSandbox?.kill(signal);
  });
server.on('exit', (code, signal) => {
  provider?.kill('SIGTERM');
  pixSandbox?.kill('SIGTERM');
  process.exit(code ?? (signal ? 1 : 0));
});
