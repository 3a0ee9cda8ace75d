import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSession, readSessionToken, saveSessionToken } from './session-token';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

const NOW = Date.parse('2026-11-22T12:00:00Z');
const IN_A_DAY = new Date(NOW + 24 * 60 * 60 * 1000).toISOString();

describe('session token', () => {
  let local: Storage;
  let session: Storage;
  beforeEach(() => {
    local = memoryStorage();
    session = memoryStorage();
    vi.stubGlobal('localStorage', local);
    vi.stubGlobal('sessionStorage', session);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps an unremembered token in this tab only', () => {
    saveSessionToken('tab-token', { remember: false, expiresAt: IN_A_DAY });
    expect(session.getItem('token')).toBe('tab-token');
    expect(local.getItem('token')).toBeNull();
  });

  it('lets a new tab find a remembered token until it expires', () => {
    saveSessionToken('remembered', { remember: true, expiresAt: IN_A_DAY });
    session.clear(); // a new tab starts with empty session storage
    expect(readSessionToken(NOW)).toBe('remembered');
    expect(session.getItem('token')).toBe('remembered');

    session.clear();
    expect(readSessionToken(Date.parse(IN_A_DAY) + 1)).toBeNull();
    expect(local.getItem('token')).toBeNull();
  });

  it('forgets an older remembered token when a new login is not remembered', () => {
    saveSessionToken('old', { remember: true, expiresAt: IN_A_DAY });
    saveSessionToken('new', { remember: false, expiresAt: IN_A_DAY });
    session.clear();
    expect(readSessionToken(NOW)).toBeNull();
  });

  it('logs out: clears session storage except the merchant code, and the remembered token', () => {
    session.setItem('merchantCode', 'BANCA');
    session.setItem('HOT_GAMES', '[]');
    saveSessionToken('remembered', { remember: true, expiresAt: IN_A_DAY });
    local.setItem('language', 'en');
    forgetSession();
    expect(session.getItem('merchantCode')).toBe('BANCA');
    expect(session.getItem('HOT_GAMES')).toBeNull();
    expect(session.getItem('token')).toBeNull();
    expect(local.getItem('token')).toBeNull();
    expect(local.getItem('language')).toBe('en');
  });
});
