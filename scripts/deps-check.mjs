// `npm run deps:check`: what is outdated and what is known to be vulnerable, for a person to read.
// It informs and always exits 0; docs/dependencies.md says what is held back and why.
//
// Three parts:
// 1. `npm outdated` over every workspace. npm leaves out a newer major whose `engines` excludes
//    the running Node, so on Node 20 it hides exactly the upgrades the Node move is waiting for;
// 2. hence the second list: every direct dependency whose registry `latest` is newer than the
//    installed version, with the Node versions that release declares;
// 3. `npm audit`, all dependencies and then production only (`--omit=dev`). The registry's
//    advisory endpoint is not reachable from every network: then it says so and goes on.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** Registry look-ups in flight at once: enough to finish ~60 packages in seconds, few enough to be polite. */
const MAX_LOOKUPS_IN_FLIGHT = 8;
/** Per look-up; a registry that does not answer in this long will not answer the next one either. */
const LOOKUP_TIMEOUT_MS = 15_000;

function npm(args) {
  return spawnSync('npm', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

function heading(text) {
  console.log(`\n== ${text}`);
}

function readJson(file) {
  return JSON.parse(readFileSync(path.join(root, file), 'utf8'));
}

/** Every direct dependency of the root and the workspaces: name → { range, usedBy }. */
function directDependencies() {
  const rootPackage = readJson('package.json');
  const deps = new Map();
  for (const dir of ['.', ...rootPackage.workspaces]) {
    const pkg = readJson(path.join(dir, 'package.json'));
    for (const field of ['dependencies', 'devDependencies']) {
      for (const [name, range] of Object.entries(pkg[field] ?? {})) {
        if (name.startsWith('@banca/')) continue;
        const entry = deps.get(name) ?? { range, usedBy: [] };
        entry.usedBy.push(pkg.name);
        deps.set(name, entry);
      }
    }
  }
  return deps;
}

function installedVersion(name) {
  try {
    return readJson(path.join('node_modules', name, 'package.json')).version;
  } catch {
    return null;
  }
}

async function latestRelease(registry, name) {
  const url = new URL(name.replace('/', '%2F'), registry);
  const res = await fetch(url, {
    // The abbreviated document: dist-tags and each version's engines, without the readmes.
    headers: { accept: 'application/vnd.npm.install-v1+json' },
    signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  const doc = await res.json();
  const version = doc['dist-tags']?.latest;
  return { version, node: doc.versions?.[version]?.engines?.node ?? null };
}

async function newerReleases() {
  heading('newer releases of direct dependencies (including those npm outdated hides)');
  const registry =
    npm(['config', 'get', 'registry']).stdout.trim() || 'https://registry.npmjs.org/';
  const pending = [...directDependencies()];
  const rows = [];
  const errors = [];
  async function worker() {
    for (let next = pending.shift(); next; next = pending.shift()) {
      const [name, { usedBy }] = next;
      const installed = installedVersion(name);
      try {
        const latest = await latestRelease(registry, name);
        if (latest.version && latest.version !== installed)
          rows.push({ name, installed, latest, usedBy });
      } catch (error) {
        errors.push(`${name}: ${error.message}`);
      }
    }
  }
  await Promise.all(Array.from({ length: MAX_LOOKUPS_IN_FLIGHT }, worker));
  rows.sort((a, b) => a.name.localeCompare(b.name));
  for (const { name, installed, latest, usedBy } of rows) {
    const node = latest.node ? `node ${latest.node}` : 'no engines field';
    console.log(
      `${name}  ${installed ?? 'not installed'} → ${latest.version}  (${node}; ${usedBy.join(', ')})`,
    );
  }
  if (!rows.length && !errors.length)
    console.log('every direct dependency is at its latest release');
  if (errors.length) {
    console.log(`could not look up ${errors.length} package(s) in ${registry}:`);
    for (const error of errors) console.log(`  ${error}`);
  }
  console.log(`(this Node is ${process.version}; see docs/dependencies.md for what is held back)`);
}

function outdated() {
  heading('npm outdated (all workspaces)');
  // At the root, npm outdated already lists every workspace's dependencies.
  const result = npm(['outdated']);
  const table = result.stdout.trim();
  if (table) console.log(table);
  else if (result.status === 0)
    console.log('nothing outdated within the versions this Node can run');
  else console.log(`npm outdated failed: ${result.stderr.trim()}`);
}

function audit(label, args) {
  heading(`npm audit: ${label}`);
  const result = npm(['audit', '--json', ...args]);
  let report = null;
  try {
    report = JSON.parse(result.stdout);
  } catch {
    // Not JSON: npm could not run the audit at all.
  }
  if (!report?.metadata?.vulnerabilities) {
    const stderr = result.stderr
      .split('\n')
      .filter((line) => line.includes('audit'))
      .join(' ');
    const why = report?.message || report?.error?.summary || stderr.trim();
    console.log(
      "could not audit: the registry's advisory endpoint did not answer " +
        `(${why || `npm exited ${result.status}`}). Known vulnerabilities are NOT checked; run ` +
        'this again on a network where `npm audit` works, or read the GitHub advisories.',
    );
    return;
  }
  const counts = report.metadata.vulnerabilities;
  console.log(
    `${counts.total} vulnerable package(s): ${counts.critical} critical, ${counts.high} high, ` +
      `${counts.moderate} moderate, ${counts.low} low`,
  );
  for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) {
    const titles = v.via.filter((via) => typeof via === 'object').map((via) => via.title);
    const through = v.via.filter((via) => typeof via === 'string');
    const fix =
      v.fixAvailable === true
        ? 'fix available'
        : v.fixAvailable
          ? `fix: ${v.fixAvailable.name}@${v.fixAvailable.version}`
          : 'no fix yet';
    console.log(
      `  ${v.severity.padEnd(8)} ${name} ${v.range}` +
        (titles.length ? ` — ${titles.join('; ')}` : '') +
        (through.length ? ` (through ${through.join(', ')})` : '') +
        ` [${fix}]`,
    );
  }
}

outdated();
await newerReleases();
audit('all dependencies', []);
audit('production dependencies only', ['--omit=dev']);
process.exit(0);
