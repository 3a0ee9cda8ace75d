import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's shape (docs/architecture.md), checked on the sources: each table belongs to one
 * module and only that module's code names it; modules meet only through their index.ts;
 * http/ and lib/ import no module; no import cycles. ESLint holds the import rules while
 * editing; this holds all of them in CI, with the table ownership lint cannot see.
 */
const SRC = path.resolve(import.meta.dirname, '../src');
const MODULES_DIR = path.join(SRC, 'modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const modules = readdirSync(MODULES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Tables each module declares in its tables.ts (and the platform's in db/schema.ts). */
function declaredTables(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const body = /interface Database \{([\s\S]*?)\n {0,2}\}/.exec(source)?.[1] ?? '';
  return [...body.matchAll(/^\s{2,4}([a-z_]+): /gm)].map((m) => m[1]!);
}

const ownerOf = new Map<string, string>();
for (const table of declaredTables(path.join(SRC, 'db/schema.ts'))) ownerOf.set(table, 'platform');
for (const module of modules) {
  const file = path.join(MODULES_DIR, module, 'tables.ts');
  let tables: string[] = [];
  try {
    tables = declaredTables(file);
  } catch {
    continue; // a module without tables (members)
  }
  for (const table of tables) {
    if (ownerOf.has(table)) throw new Error(`${table} is declared by two modules`);
    ownerOf.set(table, module);
  }
}

/** Table names a file's queries name: Kysely calls and the SQL of sql`` templates. */
function tablesNamed(source: string): Set<string> {
  const names = new Set<string>();
  const kysely =
    /\b(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin)\(\s*'([a-z_]+)/g;
  for (const m of source.matchAll(kysely)) names.add(m[1]!);
  for (const template of source.matchAll(/sql(?:<[^>]*>)?`([\s\S]*?)`/g)) {
    for (const m of template[1]!.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE)\s+([a-z_]+)/gi))
      if (ownerOf.has(m[1]!)) names.add(m[1]!);
  }
  return names;
}

function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [
    ...source.matchAll(/^(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'|^import\s+'(\.[^']+)'/gm),
  ]
    .map((m) => m[1] ?? m[2]!)
    .map((spec) => path.resolve(path.dirname(file), spec));
}

function resolveFile(target: string): string | null {
  for (const candidate of [`${target}.ts`, path.join(target, 'index.ts')]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // next candidate
    }
  }
  return null;
}

describe('the server’s architecture', () => {
  it('every table has one owner, and only its owner’s code names it', () => {
    expect(ownerOf.size).toBeGreaterThan(20);
    const trespasses: string[] = [];
    for (const module of modules) {
      for (const file of sourceFiles(path.join(MODULES_DIR, module))) {
        for (const table of tablesNamed(readFileSync(file, 'utf8'))) {
          const owner = ownerOf.get(table);
          if (owner !== module)
            trespasses.push(`${path.relative(SRC, file)} names ${table} (owner: ${owner})`);
        }
      }
    }
    expect(trespasses).toEqual([]);
  });

  it('a module imports another only through its index.ts; http/ and lib/ import no module', () => {
    const wrong: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const relative = path.relative(SRC, file);
      const ownModule = /^modules\/([a-z-]+)\//.exec(relative)?.[1];
      for (const target of importsOf(file)) {
        const targetRelative = path.relative(SRC, target);
        const targetModule = /^modules\/([a-z-]+)(\/|$)/.exec(targetRelative);
        if (!targetModule) continue;
        if (/^(http|lib)\//.test(relative)) wrong.push(`${relative} → ${targetRelative}`);
        const isIndex = targetModule[2] === '';
        if (ownModule && targetModule[1] !== ownModule && !isIndex)
          wrong.push(`${relative} → ${targetRelative}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has no import cycles', () => {
    const graph = new Map<string, string[]>();
    for (const file of sourceFiles(SRC))
      graph.set(
        file,
        importsOf(file)
          .map(resolveFile)
          .filter((f): f is string => f !== null),
      );
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'visiting') {
        const from = stack.indexOf(file);
        cycles.push([...stack.slice(from), file].map((f) => path.relative(SRC, f)).join(' → '));
        return;
      }
      state.set(file, 'visiting');
      stack.push(file);
      for (const next of graph.get(file) ?? []) visit(next);
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file);
    expect(cycles).toEqual([]);
  });
});
