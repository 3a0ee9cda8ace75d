import { readStorage, writeStorage } from './storage';

/**
 * The operator console's session token (docs/admin-console.md): sessionStorage only, so it goes
 * with the tab, never shared with the player site's member token. It is useless alone: the
 * server also wants the HttpOnly binding cookie the sign-in set, which no script can read.
 */
const STAFF_TOKEN_KEY = 'staffToken';

type Listener = (token: string | null) => void;
const listeners = new Set<Listener>();

export function readStaffToken(): string | null {
  return readStorage('session', STAFF_TOKEN_KEY);
}

/** Stores (or, with null, forgets) the staff token and tells the console. */
export function writeStaffToken(token: string | null): void {
  writeStorage('session', STAFF_TOKEN_KEY, token);
  for (const listener of listeners) listener(token);
}

/** The console re-renders its sign-in gate when the token changes (sign-in, logout, expiry). */
export function onStaffTokenChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
