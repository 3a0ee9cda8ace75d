import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestApp, type TestApp } from '../../test/harness';
import { earlyCalls } from './web-shell';

/** The web app's page source: its inline script is what reads the answers written in. */
const INDEX_HTML = path.resolve(import.meta.dirname, '../../../web/index.html');

type Page = { path: string; search?: string; language?: string; merchant?: string };

/**
 * Runs the early-requests script of `html` as a browser would on `page`: which calls went to
 * the network, and the responses it hands the app (by URL, read as JSON).
 */
async function runPage(html: string, page: Page) {
  const source = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1]!)
    .find((code) => code.includes('__bancaEarly'));
  if (!source) throw new Error('no early-requests script in the page');
  const storage = (items: Record<string, string>) => ({
    getItem: (key: string) => items[key] ?? null,
  });
  const window: Record<string, unknown> = {
    localStorage: storage(page.language ? { language: page.language } : {}),
    sessionStorage: storage(page.merchant ? { merchantCode: page.merchant } : {}),
  };
  const fetched: string[] = [];
  const fetch = (url: string) => {
    fetched.push(url);
    return Promise.resolve(new Response('{"fetched":true}'));
  };
  const document = { createElement: () => ({ setAttribute() {} }), head: { appendChild() {} } };
  const location = { pathname: page.path, search: page.search ?? '' };
  new Function('window', 'document', 'location', 'fetch', source)(
    window,
    document,
    location,
    fetch,
  );
  const early = window.__bancaEarly as { responses: Record<string, Promise<Response>> };
  const handed: Record<string, unknown> = {};
  for (const [url, response] of Object.entries(early.responses))
    handed[url] = await (await response).json();
  return { fetched, handed };
}

describe('the calls the server answers into the page', () => {
  it('are the ones the page’s script makes, in the default language', async () => {
    const html = readFileSync(INDEX_HTML, 'utf8');
    for (const page of [
      { path: '/' },
      { path: '/home/' },
      { path: '/promotions' },
      { path: '/agentHome' },
      { path: '/rng' },
      { path: '/live' },
      { path: '/fish' },
      { path: '/pvp' },
      { path: '/house' },
      { path: '/rng', search: '?page=2' },
    ]) {
      const { fetched } = await runPage(html, page);
      expect(earlyCalls(page.path, page.search ?? '')).toEqual(fetched);
    }
  });
});

describe.each(ENGINES)('the web shell on %s', (engine) => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'banca-web-shell-'));
    copyFileSync(INDEX_HTML, path.join(webDist, 'index.html'));
    t = await startTestApp(engine, { webDistDir: webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'x-gateway-version': '3', device: 'web' } });
  const api = async (url: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url,
        headers: { 'x-gateway-version': '3', device: 'web', language: 'pt-BR' },
      })
    ).json();

  it('carries a category lobby’s first answers, which the page hands the app without asking', async () => {
    const page = await get('/rng');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    const { fetched, handed } = await runPage(page.payload, { path: '/rng' });
    expect(fetched).toEqual([]);
    const calls = earlyCalls('/rng', '');
    expect(Object.keys(handed)).toEqual(calls);
    for (const call of calls) expect(handed[call]).toEqual(await api(call));
    expect((handed[calls.at(-1)!] as { value: { games: unknown[] } }).value.games).toHaveLength(18);
  });

  it('serves home the same way, at / and /index.html', async () => {
    for (const url of ['/', '/index.html']) {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      const { fetched, handed } = await runPage(page.payload, { path: url });
      expect(fetched).toEqual([]);
      expect(handed['/wps/system/status']).toEqual(await api('/wps/system/status'));
    }
  });

  it('leaves the calls to the page when its visitor asks in another language or for a merchant', async () => {
    const page = (await get('/rng')).payload;
    for (const visitor of [{ language: 'en' }, { merchant: 'BANCA' }]) {
      const { fetched, handed } = await runPage(page, { path: '/rng', ...visitor });
      expect(fetched).toEqual(earlyCalls('/rng', ''));
      expect(Object.values(handed).every((body) => (body as { fetched?: boolean }).fetched)).toBe(
        true,
      );
    }
  });

  it('still answers unknown API paths with the envelope, not the page', async () => {
    const res = await get('/lgw/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });
});
