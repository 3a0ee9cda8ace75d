import type { DeskDefinition } from '@/lib/admin-desks';

/**
 * Every desk of the operator console (docs/admin-console.md): each feature that has one declares
 * it in `features/<name>/admin-desks.ts` (export `adminDesks`), and this finds them all, so a
 * feature adds a desk without touching the console or a list here. Only the console's chunk
 * imports this; each desk's screen is a further chunk of its own.
 */
// A feature's part (features/content/support) may declare its own desks one level down.
const modules = import.meta.glob<readonly DeskDefinition[]>(
  ['../features/*/admin-desks.ts', '../features/*/*/admin-desks.ts'],
  {
    eager: true,
    import: 'adminDesks',
  },
);

export const ADMIN_DESKS: readonly DeskDefinition[] = (() => {
  const desks = Object.values(modules).flat();
  const seen = new Set<string>();
  for (const desk of desks) {
    if (seen.has(desk.id)) throw new Error(`two desks have the id ${desk.id}`);
    seen.add(desk.id);
  }
  return desks;
})();
