import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { gatewayHeaders } from '@/api/client';
import { noticesQueryOptions } from '@/api/notices';
import { gameMenusQueryOptions } from '@/features/lobby';
import { gamesQueryOptions } from '@/features/lobby/api/get-games';
import { lanesQueryOptions } from '@/features/lobby/api/get-lanes';
import { INITIAL_LOBBY_STATE, lobbyRequest } from '@/features/lobby/lib/lobby-state';
import { systemStatusQueryOptions } from '@/features/system';
import { type EarlyRequests, takeEarlyResponse } from '@/lib/early-requests';
import { CATEGORY_ROUTES, GAME_LIST_CATEGORIES } from '@/lib/game-categories';
import { STORAGE_KEYS } from '@/lib/storage';

/** The URL one of the app's queries asks for: its queryFn, run against a fetch that records. */
async function askedBy(options: { queryKey: readonly unknown[]; queryFn?: unknown }) {
  const asked: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = ((url: string) => {
    asked.push(url);
    return Promise.resolve(new Response('{"success":true,"value":{}}'));
  }) as typeof fetch;
  try {
    const run = options.queryFn as (context: object) => Promise<unknown>;
    await run({ queryKey: options.queryKey, signal: new AbortController().signal }).catch(
      () => undefined, // the empty answer is not what the app reads: only the URL matters here
    );
  } finally {
    globalThis.fetch = realFetch;
  }
  return asked[0];
}

/** The calls every page of the main layout needs, as the app makes them. */
const layoutCalls = async () => [
  await askedBy(systemStatusQueryOptions()),
  await askedBy(gameMenusQueryOptions('pt-BR')),
  await askedBy(noticesQueryOptions('pt-BR')),
];

/** index.html's inline script (the one that starts the early requests). */
const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
const source = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
  .map((match) => match[1]!)
  .find((code) => code.includes('__bancaEarly'));

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

type Call = { url: string; headers: Record<string, string>; credentials: string };
type Page = {
  path: string;
  search?: string;
  language?: string;
  merchant?: string;
  token?: string;
  /** What the build writes in for the lobby's code (null in the source, as in development). */
  lobbyCode?: { scripts: string[]; styles: string[]; texts: Record<string, string> };
  /** The answers the server writes in (apps/server/src/http/web-shell.ts); null in the source. */
  written?: { language: string; values: Record<string, unknown> };
};

/** Runs the inline script as the browser would on `page`; what it asked for and preloaded. */
function load(page: Page) {
  const localStorage = new MemoryStorage();
  const sessionStorage = new MemoryStorage();
  if (page.language) localStorage.setItem(STORAGE_KEYS.language, page.language);
  if (page.merchant) sessionStorage.setItem(STORAGE_KEYS.merchantCode, page.merchant);
  if (page.token) sessionStorage.setItem(STORAGE_KEYS.token, page.token);
  const calls: Call[] = [];
  const preloads: Record<string, string>[] = [];
  const window: { localStorage: MemoryStorage; sessionStorage: MemoryStorage } & {
    __bancaEarly?: EarlyRequests;
  } = { localStorage, sessionStorage };
  const fetch = (url: string, init: { headers: Record<string, string>; credentials: string }) => {
    calls.push({ url, headers: init.headers, credentials: init.credentials });
    return Promise.resolve(new Response('{}'));
  };
  const document = {
    createElement: () => {
      const attributes: Record<string, string> = {};
      return Object.assign(attributes, {
        setAttribute: (name: string, value: string) => (attributes[name] = value),
      });
    },
    head: {
      appendChild: (link: Record<string, unknown>) =>
        preloads.push(
          Object.fromEntries(
            Object.entries(link).filter(
              (entry): entry is [string, string] => typeof entry[1] === 'string',
            ),
          ),
        ),
    },
  };
  const location = { pathname: page.path, search: page.search ?? '' };
  const code = source!
    .replace('/* lobby-code */ null', JSON.stringify(page.lobbyCode ?? null))
    .replace('/* early-answers */ null', JSON.stringify(page.written ?? null));
  new Function('window', 'document', 'location', 'fetch', code)(window, document, location, fetch);
  // What the app itself would send, from the same storage.
  Object.assign(globalThis, { localStorage, sessionStorage });
  const { authorization: _token, ...appHeaders } = gatewayHeaders();
  return { calls, preloads, early: window.__bancaEarly, appHeaders };
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
  Reflect.deleteProperty(globalThis, 'sessionStorage');
  Reflect.deleteProperty(globalThis, 'window');
});

describe('index.html early requests', () => {
  it('exists', () => {
    expect(source).toBeDefined();
  });

  it('asks for the status, the menus and the notices with the headers the app sends', async () => {
    const expected = await layoutCalls();
    for (const page of [
      { path: '/' },
      { path: '/promotions', language: 'en', merchant: 'DEMO' },
      { path: '/member', token: 'abc' },
    ]) {
      const { calls, appHeaders } = load(page);
      expect(calls.map((call) => call.url)).toEqual(expected);
      for (const call of calls) {
        expect(call.headers).toEqual(appHeaders);
        expect(call.credentials).toBe('same-origin');
      }
    }
  });

  it('leaves the menus and notices to the agent pages, which do not show them', async () => {
    expect(load({ path: '/agentHome' }).calls.map((call) => call.url)).toEqual([
      await askedBy(systemStatusQueryOptions()),
    ]);
  });

  it('asks for a category lobby’s lanes and first page exactly as the lobby does', async () => {
    for (const category of GAME_LIST_CATEGORIES) {
      const { calls } = load({ path: CATEGORY_ROUTES[category] });
      expect(calls.map((call) => call.url)).toEqual([
        ...(await layoutCalls()),
        await askedBy(lanesQueryOptions('pt-BR')),
        await askedBy(
          gamesQueryOptions(lobbyRequest(category, INITIAL_LOBBY_STATE), 'pt-BR', null),
        ),
      ]);
    }
  });

  it('leaves other pages of a lobby, and a member’s lists, to the app', () => {
    const urls = (page: Page) => load(page).calls.map((call) => call.url);
    expect(urls({ path: '/rng', search: '?page=2' })).not.toContainEqual(
      expect.stringContaining('/lgw/games/list'),
    );
    expect(urls({ path: '/rng', token: 'abc' })).not.toContainEqual(
      expect.stringContaining('/lgw/games/list'),
    );
  });

  /** A banner as GET /wps/notice answers it. */
  const banner = (id: number, groupName: string) => ({
    id,
    groupName,
    url: `/lgw/art/banner/${id}.svg?lang=pt-BR`,
    alt: `Banner ${id}`,
    linkageType: 'route',
    target: '/register',
  });
  /** The notices answer the server writes into the page, in pt-BR, holding `banners`. */
  const writtenNotices = (banners: ReturnType<typeof banner>[]) => ({
    language: 'pt-BR',
    values: {
      '/wps/notice?execution=B': {
        success: true,
        value: { banners, notices: [], popup: null, promotions: [] },
      },
    },
  });

  it('preloads the first home banner the server wrote in, on the home routes only', () => {
    const written = writtenNotices([
      banner(9, 'w_login'),
      banner(4, 'w_home'),
      banner(5, 'w_home'),
    ]);
    for (const path of ['/', '/index', '/index.html', '/home', '/login', '/register', '/help'])
      expect(load({ path, written }).preloads).toEqual([
        { rel: 'preload', as: 'image', fetchpriority: 'high', href: banner(4, 'w_home').url },
      ]);
    expect(load({ path: '/rng', written }).preloads).toEqual([]);
    expect(load({ path: '/member', written }).preloads).toEqual([]);
  });

  it('preloads no banner without written notices, or without a home banner in them', () => {
    for (const language of ['pt-BR', 'en'] as const)
      expect(load({ path: '/', language }).preloads).toEqual([]);
    expect(load({ path: '/', written: writtenNotices([]) }).preloads).toEqual([]);
    expect(load({ path: '/', written: { language: 'pt-BR', values: {} } }).preloads).toEqual([]);
  });

  it('preloads no banner from answers written for another language or merchant', () => {
    const written = writtenNotices([banner(1, 'w_home')]);
    expect(load({ path: '/', written }).preloads).toHaveLength(1);
    expect(load({ path: '/', written, language: 'en' }).preloads).toEqual([]);
    expect(load({ path: '/', written, merchant: 'OTHER' }).preloads).toEqual([]);
  });

  it('starts a category lobby’s code with its data, when the build has written it in', () => {
    const lobbyCode = {
      scripts: ['/assets/lobby.js'],
      styles: ['/assets/lobby.css'],
      texts: { 'pt-BR': '/assets/pt-BR.js', en: '/assets/en.js' },
    };
    expect(load({ path: '/rng', language: 'en', lobbyCode }).preloads).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/lobby.js' },
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/en.js' },
      { rel: 'preload', as: 'style', crossOrigin: '', href: '/assets/lobby.css' },
    ]);
    expect(load({ path: '/', lobbyCode }).preloads).toEqual([]);
    expect(load({ path: '/rng' }).preloads).toEqual([]);
  });

  it('hands each response to the app once, and only for the language it was asked in', () => {
    const { early } = load({ path: '/rng', language: 'en' });
    Object.assign(globalThis, { window: { __bancaEarly: early } });
    expect(takeEarlyResponse('/lgw/games/lanes', 'pt-BR')).toBeNull();
    expect(takeEarlyResponse('/lgw/games/lanes', 'en')).toBeInstanceOf(Promise);
    expect(takeEarlyResponse('/lgw/games/lanes', 'en')).toBeNull();
  });
});
