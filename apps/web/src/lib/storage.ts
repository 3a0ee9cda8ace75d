/**
 * Browser storage keys the app owns, in one place so nothing else invents its own spelling.
 * `merchantCode` and `token` live in sessionStorage (docs/product.md §4: logout clears session
 * storage but keeps the merchant code); the language and the side-menu choice live in localStorage.
 * A "remembered" login also keeps `token` and `tokenExpiresAt` in localStorage, so a new tab or a
 * reload within 24 hours finds it (see lib/session-token.ts).
 */
export const STORAGE_KEYS = {
  language: 'language',
  merchantCode: 'merchantCode',
  token: 'token',
  tokenExpiresAt: 'tokenExpiresAt',
  sideMenuOpen: 'sideMenuOpen',
  balanceHidden: 'balanceHidden',
  /** sessionStorage: the lobby's hot lists and vendor lanes (docs/product.md §4), per language. */
  hotGames: 'HOT_GAMES',
  vendorLanes: 'vendorLanes',
  /** sessionStorage: who closed the announcement popup this session (a member id or anonymous). */
  announcementsClosed: 'announcementsClosed',
} as const;

type StorageArea = 'local' | 'session';

function area(which: StorageArea): Storage | null {
  // Storage can be missing (unit tests, some embedded browsers) or throw (privacy modes).
  try {
    return which === 'local'
      ? (globalThis.localStorage ?? null)
      : (globalThis.sessionStorage ?? null);
  } catch {
    return null;
  }
}

export function readStorage(which: StorageArea, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes `value`, or removes the key when `value` is null. Storage failures are not fatal. */
export function writeStorage(which: StorageArea, key: string, value: string | null): void {
  try {
    const storage = area(which);
    if (!storage) return;
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Quota or privacy-mode failures only cost persistence; the in-memory state still works.
  }
}
