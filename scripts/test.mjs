// `npm test`: every check the project has, in order: type checks, lint, unit and integration
// tests (embedded database, plus PostgreSQL when TEST_DATABASE_URL is set), browser journeys.
// With NEXT_NODE_BIN (the bin folder of another Node, which .ci/run installs from npm) the web
// tests run once more on that Node, and the server's run is split between the two Nodes by
// database engine (below). Ends with one line "tests: N passed, N failed" summing every vitest
// run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildWebIfStale } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const artifacts = path.join(root, '.test-artifacts');
rmSync(artifacts, { recursive: true, force: true });
mkdirSync(artifacts, { recursive: true });

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const isCi = process.env.CI === 'true';
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each failed test by file and name, repeated at the very end: CI keeps only a log's tail. */
const failedTests = [];
/** Tests that failed once and passed on their retry (the browser journeys allow one). */
const flakyTests = [];
const firstLine = (text) => String(text ?? '').split('\n')[0];

function run(label, command, args, cwd = root, env = process.env) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    failures.push(label);
    console.log(`✖ ${label} failed (${seconds} s)`);
    return false;
  }
  console.log(`✔ ${label} (${seconds} s)`);
  return true;
}

/**
 * `nodeBin`: a folder put first on PATH, so vitest and its workers run on that Node.
 * `engines`: the server's database engines for this run (TEST_ENGINES, test/harness.ts).
 */
function vitest(label, workspace, { nodeBin = null, engines = null } = {}) {
  const name = workspace.replaceAll('/', '-') + (nodeBin ? '-next-node' : '');
  const report = path.join(artifacts, `${name}.json`);
  const env = { ...process.env };
  if (nodeBin) env.PATH = `${nodeBin}${path.delimiter}${process.env.PATH}`;
  if (engines) env.TEST_ENGINES = engines;
  // The embedded leg alone: no test reaches PostgreSQL (the crash test, which needs a server
  // process to kill, runs in the PostgreSQL leg).
  if (engines === 'pglite') delete env.TEST_DATABASE_URL;
  run(
    label,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    path.join(root, workspace),
    env,
  );
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
    for (const file of r.testResults ?? []) {
      const name = path.relative(root, file.name);
      const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failed) failedTests.push(`${name} > ${test.fullName} (${label})`);
      // A test that passed on its retry keeps the errors of the try that failed.
      for (const test of file.assertionResults ?? [])
        if (test.status === 'passed' && test.failureMessages?.length)
          flakyTests.push(
            `${name} > ${test.fullName} (${label}): ${firstLine(test.failureMessages[0])}`,
          );
      // A file that failed outside its tests (it did not load, a hook threw).
      if (file.status === 'failed' && failed.length === 0)
        failedTests.push(`${name}: ${(file.message ?? '').split('\n')[0]} (${label})`);
    }
  }
}

/**
 * The type checks, two at a time (one per core: each is one single-threaded tsc), heaviest
 * first; each one's output is printed whole when it ends, so two never interleave.
 */
async function typecheck(projects, lanes = 2) {
  const queue = [...projects];
  const one = (project) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn('npx', ['tsc', '-p', project], { cwd: root });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (status) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        console.log(`\n▶ typecheck ${project}${output ? `\n${output.trimEnd()}` : ''}`);
        if (status === 0) console.log(`✔ typecheck ${project} (${seconds} s)`);
        else {
          failures.push(`typecheck ${project}`);
          console.log(`✖ typecheck ${project} failed (${seconds} s)`);
        }
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (queue.length > 0) await one(queue.shift());
    }),
  );
}

await typecheck([
  'apps/web',
  'bench',
  'e2e',
  'apps/server',
  'apps/demo-provider',
  'apps/pix-sandbox',
  'packages/contracts',
  'packages/pix',
]);
run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
run('format', 'npx', ['prettier', '--check', '.', '--log-level=warn']);

console.log(
  process.env.TEST_DATABASE_URL
    ? `\nintegration tests run on the embedded database and on PostgreSQL (${process.env.TEST_DATABASE_URL})`
    : '\nintegration tests run on the embedded database only (set TEST_DATABASE_URL to add PostgreSQL)',
);
// With a second Node and PostgreSQL, the server's integration tests run on PostgreSQL on this
// Node and on the embedded database on the next one: every test once per engine and once per
// Node (what a Node version changes is the JavaScript, which both legs run; PGlite runs inside
// it). Without a second Node, both engines run here.
const nextNodeBin = process.env.NEXT_NODE_BIN;
const nextNode = nextNodeBin
  ? spawnSync(path.join(nextNodeBin, 'node'), ['--version'], { encoding: 'utf8' })
  : null;
if (nextNode && nextNode.status !== 0)
  failures.push(`tests on the next Node: no working node in NEXT_NODE_BIN=${nextNodeBin}`);
const splitEngines = nextNode?.status === 0 && Boolean(process.env.TEST_DATABASE_URL);

vitest('contract unit tests (field rules, amounts)', 'packages/contracts');
vitest(
  `server unit and integration tests${splitEngines ? ' (PostgreSQL leg)' : ''}`,
  'apps/server',
  { engines: splitEngines ? 'postgres' : null },
);
vitest('web unit tests', 'apps/web');
vitest('demo provider (slot RTP over 1M spins, round games, PAM client)', 'apps/demo-provider');
vitest('PIX BR Code (encoder, parser, CRC vectors)', 'packages/pix');
vitest('sandbox PIX PSP (cob API, webhooks, payouts, pay page)', 'apps/pix-sandbox');

if (nextNode?.status === 0) {
  const on = `on Node ${nextNode.stdout.trim()}`;
  vitest(`server unit and integration tests ${on} (embedded database leg)`, 'apps/server', {
    nodeBin: nextNodeBin,
    engines: 'pglite',
  });
  vitest(`web unit tests ${on}`, 'apps/web', { nodeBin: nextNodeBin });
}

if (existsSync(CHROMIUM)) {
  try {
    buildWebIfStale({ quiet: true });
    vitest('browser journeys (headless Chromium)', 'e2e');
  } catch (error) {
    failures.push(`web build for browser journeys: ${error.message}`);
  }
} else if (isCi) {
  failures.push(`browser journeys: no browser at ${CHROMIUM} (CI must install Debian's chromium)`);
  console.log(
    `\n✖ browser journeys: Chromium not found at ${CHROMIUM}; with CI=true this is a failure.`,
  );
} else {
  console.log(
    `\n⚠ browser journeys SKIPPED: Chromium not found at ${CHROMIUM}. Install it with ` +
      '`apt-get install -y chromium` (or set CHROMIUM_PATH) to run them.',
  );
}

if (flakyTests.length)
  console.log(`\nflaky tests (passed on retry):\n${flakyTests.map((t) => `  ⚠ ${t}`).join('\n')}`);
if (failedTests.length)
  console.log(`\nfailed tests:\n${failedTests.map((t) => `  ✖ ${t}`).join('\n')}`);
console.log(`\n${failures.length ? `FAILED: ${failures.join('; ')}` : 'all checks passed'}`);
console.log(
  `tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failures.length ? 1 : 0);
