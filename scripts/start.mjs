// `npm start`: builds the web app if needed and bundles the server, then runs the whole platform
// in one process (API, web app, jobs) on PORT (default 8080) with the embedded database unless
// DATABASE_URL is set. Readable stack traces: NODE_OPTIONS=--enable-source-maps npm start.
import { spawn } from 'node:child_process';
import { buildServer, SERVER_NODE_FLAGS } from './server-build.mjs';
import { buildWebIfStale } from './web-build.mjs';

buildWebIfStale();
const bundle = buildServer();

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, bundle], {
  cwd: process.cwd(),
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
