import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/**
 * Where the session token lives (docs/product.md §4, docs/platform-facts.md §1):
 * - sessionStorage `token`: the tab's session; the API client sends it as `Authorization`.
 * - localStorage `token` + `tokenExpiresAt`: only when "remember login" was ticked, so a new
 *   tab or a reload finds the session for as long as the server keeps it (24 hours).
 */

/** The tab's token; a remembered, unexpired one is copied into the tab on first read. */
export function readSessionToken(now: number = Date.now()): string | null {
  const current = readStorage('session', STORAGE_KEYS.token);
  if (current) return current;
  const remembered = readStorage('local', STORAGE_KEYS.token);
  if (!remembered) return null;
  const expiresAt = Date.parse(readStorage('local', STORAGE_KEYS.tokenExpiresAt) ?? '');
  if (!Number.isFinite(expiresAt) || expiresAt <= now) {
    forgetRememberedToken();
    return null;
  }
  writeStorage('session', STORAGE_KEYS.token, remembered);
  return remembered;
}

/** Keeps the token of a new session; `remember` also keeps it across tabs until `expiresAt`. */
export function saveSessionToken(
  token: string,
  options: { remember: boolean; expiresAt: string },
): void {
  writeStorage('session', STORAGE_KEYS.token, token);
  if (options.remember) {
    writeStorage('local', STORAGE_KEYS.token, token);
    writeStorage('local', STORAGE_KEYS.tokenExpiresAt, options.expiresAt);
  } else {
    // A new, unremembered login must not leave an older remembered token behind.
    forgetRememberedToken();
  }
}

function forgetRememberedToken(): void {
  writeStorage('local', STORAGE_KEYS.token, null);
  writeStorage('local', STORAGE_KEYS.tokenExpiresAt, null);
}

/**
 * Logout (docs/product.md §4): session storage is cleared except the merchant code, and the
 * remembered token goes too, so a reload does not bring the ended session back.
 */
export function forgetSession(): void {
  const merchantCode = readStorage('session', STORAGE_KEYS.merchantCode);
  try {
    globalThis.sessionStorage?.clear();
  } catch {
    // Storage unavailable: nothing was kept there either.
  }
  writeStorage('session', STORAGE_KEYS.merchantCode, merchantCode);
  forgetRememberedToken();
}
