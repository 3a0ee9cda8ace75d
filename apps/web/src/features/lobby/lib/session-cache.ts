import { readStorage, writeStorage } from '@/lib/storage';

/**
 * Spec §4: hot games and vendor lanes are kept in session storage, so a reload (or a new page
 * of the same visit) shows them at once. A query seeds itself with the copy (TanStack's
 * initialData, with its age) and refetches as soon as the copy is older than its staleTime —
 * the "refresh" that replaces the old client's flag.
 */
type Entry<T> = { savedAtMs: number; data: T };

/** One storage key holds every variant (language, scope) of a list, at most this many. */
const MAX_ENTRIES_PER_KEY = 24;

function readAll(key: string): Record<string, Entry<unknown>> {
  try {
    const parsed: unknown = JSON.parse(readStorage('session', key) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, Entry<unknown>>)
      : {};
  } catch {
    return {};
  }
}

/** The saved copy of one variant, if it has the expected shape (`isValid`). */
export function readSessionCache<T>(
  key: string,
  variant: string,
  isValid: (data: unknown) => data is T,
): Entry<T> | undefined {
  const entry = readAll(key)[variant];
  if (!entry || typeof entry.savedAtMs !== 'number' || !isValid(entry.data)) return undefined;
  return { savedAtMs: entry.savedAtMs, data: entry.data };
}

export function writeSessionCache(key: string, variant: string, data: unknown): void {
  const entries = Object.entries(readAll(key))
    .filter(([name]) => name !== variant)
    .slice(-(MAX_ENTRIES_PER_KEY - 1));
  entries.push([variant, { savedAtMs: Date.now(), data }]);
  writeStorage('session', key, JSON.stringify(Object.fromEntries(entries)));
}
