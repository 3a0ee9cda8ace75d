// `npm start`: builds the web app if needed and bundles the server, then runs the whole platform
// in one process (API, web app, jobs) on PORT (default 8080) with the embedded database unless
// DATABASE_URL is set. Readable stack traces: NODE_OPTIONS=--enable-source-maps npm start.
// Beside it, the demo game provider (apps/demo-provider) runs as its own process on
// DEMO_PROVIDER_PORT (default PORT + 1) and settles through the platform's /pam over HTTP;
// DEMO_PROVIDER=0 leaves it out.
import { spawn } from 'node:child_process';
import { buildDemoProvider } from './demo-provider-build.mjs';
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
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    server.kill(signal);
    provider?.kill(signal);
  });
server.on('exit', (code, signal) => {
  provider?.kill('SIGTERM');
  process.exit(code ?? (signal ? 1 : 0));
});
