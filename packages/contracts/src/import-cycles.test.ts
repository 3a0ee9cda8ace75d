import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The contracts are ES modules that build schemas at load time. A runtime import cycle among
 * them makes the load order decide whether a `const` is initialised when another file reads it:
 * `admin.ts → routes.ts → support.ts → admin.ts` once crashed the server at start with "Cannot
 * access 'doneSchema' before initialization" on one Node and not on another. Type-only imports
 * are erased and cannot cycle at run time. So a feature's contracts file takes `defineRoute` from
 * define-route.ts and shared schemas from leaf files (envelope.ts, text.ts, money.ts …), never
 * values from routes.ts, which imports every feature's routes.
 */
const SRC = path.join(import.meta.dirname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The files a module loads at run time: `import`/`export … from './x'`, minus type-only ones. */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^(import|export)\s+([^;]*?)\s*from\s+'(\.{1,2}\/[^']+)'/gms)) {
    const [, , clause = '', target = ''] = match;
    if (/^type\s/.test(clause)) continue;
    const names = /^\{([^}]*)\}$/s.exec(clause.trim())?.[1];
    if (names?.split(',').every((name) => /^\s*(type\s|$)/.test(name))) continue;
    found.push(path.resolve(path.dirname(file), target) + '.ts');
  }
  return found;
}

function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...trail.slice(trail.indexOf(node)), node];
    state.set(node, 'open');
    trail.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('contracts modules', () => {
  it('import each other without a runtime cycle', () => {
    const graph = new Map(sourceFiles(SRC).map((file) => [file, runtimeImports(file)]));
    const cycle = findCycle(graph);
    expect(cycle?.map((file) => path.relative(SRC, file)).join(' → ') ?? null).toBeNull();
  });

  it('sees the imports it checks (a cycle written into the graph is found)', () => {
    const graph = new Map(sourceFiles(SRC).map((file) => [file, runtimeImports(file)]));
    const routes = path.join(SRC, 'routes.ts');
    expect(graph.get(routes)?.length).toBeGreaterThan(5);
    const [first = ''] = graph.get(routes) ?? [];
    graph.set(first, [...(graph.get(first) ?? []), routes]);
    expect(findCycle(graph)).not.toBeNull();
  });
});
