// `npm test`: every check the project has, in order: type checks, lint, unit and integration
// tests (embedded database, plus PostgreSQL when TEST_DATABASE_URL is set), browser journeys.
// With NEXT_NODE_BIN (the bin folder of another Node, which .ci/run installs from npm) the server
// and web tests run once more on that Node. Ends with one line "tests: N passed, N failed"
// summing every vitest run.
import { spawnSync } from 'node:child_process';
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

/** `nodeBin`: a folder put first on PATH, so vitest and its workers run on that Node. */
function vitest(label, workspace, nodeBin = null) {
  const name = workspace.replaceAll('/', '-') + (nodeBin ? '-next-node' : '');
  const report = path.join(artifacts, `${name}.json`);
  // On the next Node the integration tests run on the embedded database only: what a Node
  // version changes is the JavaScript (PGlite runs in it too), while PostgreSQL's behaviour is
  // the same under either; it keeps the whole of CI well under 30 minutes on two cores.
  const { TEST_DATABASE_URL: _postgres, ...embeddedOnly } = process.env;
  const env = nodeBin
    ? { ...embeddedOnly, PATH: `${nodeBin}${path.delimiter}${process.env.PATH}` }
    : process.env;
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

for (const project of [
  'packages/contracts',
  'apps/server',
  'apps/web',
  'apps/demo-provider',
  'packages/pix',
  'apps/pix-sandbox',
  'e2e',
  'bench',
]) {
  run(`typecheck ${project}`, 'npx', ['tsc', '-p', project]);
}
run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
run('format', 'npx', ['prettier', '--check', '.', '--log-level=warn']);

console.log(
  process.env.TEST_DATABASE_URL
    ? `\nintegration tests run on the embedded database and on PostgreSQL (${process.env.TEST_DATABASE_URL})`
    : '\nintegration tests run on the embedded database only (set TEST_DATABASE_URL to add PostgreSQL)',
);
vitest('contract unit tests (field rules, amounts)', 'packages/contracts');
vitest('server unit and integration tests', 'apps/server');
vitest('web unit tests', 'apps/web');
vitest('demo provider (slot RTP over 1M spins, round games, PAM client)', 'apps/demo-provider');
vitest('PIX BR Code (encoder, parser, CRC vectors)', 'packages/pix');
vitest('sandbox PIX PSP (cob API, webhooks, payouts, pay page)', 'apps/pix-sandbox');

const nextNodeBin = process.env.NEXT_NODE_BIN;
if (nextNodeBin) {
  const version = spawnSync(path.join(nextNodeBin, 'node'), ['--version'], { encoding: 'utf8' });
  if (version.status === 0) {
    const on = `on Node ${version.stdout.trim()}`;
    vitest(`server unit and integration tests ${on}`, 'apps/server', nextNodeBin);
    vitest(`web unit tests ${on}`, 'apps/web', nextNodeBin);
  } else {
    failures.push(`tests on the next Node: no working node in NEXT_NODE_BIN=${nextNodeBin}`);
  }
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
