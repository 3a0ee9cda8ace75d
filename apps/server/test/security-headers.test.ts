import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { seedDemo } from '../src/demo/seed';
import { createClient } from './client';
import {
  ENGINES,
  openTestDatabase,
  startTestApp,
  type TestApp,
  type TestDatabase,
} from './harness';

/** The web app's page source, with the inline script the policy must name. */
const INDEX_HTML = path.resolve(import.meta.dirname, '../../web/index.html');
const GATEWAY = { 'x-gateway-version': '3', device: 'web' };

/** The policy's directives by name. */
function directives(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe.each(ENGINES)('security headers on %s', (engine) => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'banca-security-headers-'));
    copyFileSync(INDEX_HTML, path.join(webDist, 'index.html'));
    t = await startTestApp(engine, { webDistDir: webDist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('put an API answer under a policy that runs no inline script and is framed only by the site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/system/status', headers: GATEWAY });
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'self'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Plain HTTP: no HSTS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // Nothing of a session's, but no route asked for caching either.
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('carry them on refusals too (no session)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: GATEWAY });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toEqual([
      "'self'",
    ]);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('let the page shell run its own inline script, with the answers written in, and no other', async () => {
    for (const url of ['/', '/rng', '/member']) {
      const res = await t.app.inject({ method: 'GET', url, headers: GATEWAY });
      expect(res.statusCode).toBe(200);
      const scripts = inlineScripts(res.payload);
      expect(scripts).toHaveLength(1);
      // The served script holds this request's answers, so its hash is not the file's.
      expect(scripts[0]).not.toContain('/* early-answers */ null');
      const scriptSrc = directives(res.headers['content-security-policy']).get('script-src');
      expect(scriptSrc).toEqual(["'self'", sha256(scripts[0]!)]);
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      // The shell's own caching stays (revalidated on every visit).
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keep no authenticated answer in any cache, and leave the artwork cacheable', async () => {
    const client = createClient(t.app);
    const login = await client.login('demo', 'demo@2026');
    expect(login.body.success).toBe(true);
    // The login answer holds the new token though its request carried none.
    expect(login.headers['cache-control']).toBe('no-store');
    for (const url of [
      '/wps/member/info',
      '/wps/games/favorites',
      '/lgw/games/list?gameType=RNG&selectType=ALL&pageNo=1&pageSize=18',
    ]) {
      const res = await client.get(url);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const list = await createClient(t.app).get(
      '/lgw/games/list?gameType=RNG&selectType=ALL&pageNo=1&pageSize=18',
    );
    const iconUrl = list.body.value.games[0].iconUrl as string;
    expect(iconUrl).toMatch(/^\/lgw\/art\//);
    const art = await t.app.inject({ method: 'GET', url: iconUrl, headers: GATEWAY });
    expect(art.statusCode).toBe(200);
    expect(art.headers['cache-control']).toBe('public, max-age=86400');
  });
});

describe.each(ENGINES)('configured protections on %s', (engine) => {
  let database: TestDatabase;
  const apps: App[] = [];
  async function build(deps: Omit<Parameters<typeof buildApp>[0], 'db'>): Promise<App> {
    const app = await buildApp({ db: database.db, logLevel: 'silent', ...deps });
    apps.push(app);
    await app.ready();
    return app;
  }
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    await seedDemo(database.db);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.drop();
  });

  it('send HSTS only to a request that came over TLS through a trusted proxy', async () => {
    const behindProxy = await build({ trustedProxyHops: 1 });
    const overTls = await behindProxy.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { ...GATEWAY, 'x-forwarded-proto': 'https' },
    });
    expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000');
    const plain = await behindProxy.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { ...GATEWAY, 'x-forwarded-proto': 'http' },
    });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without a trusted proxy the header is the visitor's word, and worth nothing.
    const direct = await build({ trustedProxyHops: 0 });
    const claimed = await direct.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { ...GATEWAY, 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('let /seamless frame the configured game origins', async () => {
    const app = await build({ gameFrameOrigins: ['https://games.example.com'] });
    const res = await app.inject({ method: 'GET', url: '/wps/system/status', headers: GATEWAY });
    expect(directives(res.headers['content-security-policy']).get('frame-src')).toEqual([
      "'self'",
      'https://games.example.com',
    ]);
  });

  it('serve /docs unless switched off, and answer not_found when it is', async () => {
    const withDocs = await build({});
    const page = await withDocs.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const withoutDocs = await build({ docsEnabled: false });
    for (const url of ['/docs', '/docs/json', '/docs/static/index.html']) {
      const res = await withoutDocs.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'not_found' });
    }
  });
});

describe('the configuration of the protections', () => {
  it('turns /docs off in production unless DOCS_ENABLED says otherwise', () => {
    expect(loadConfig({}).docsEnabled).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).docsEnabled).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).docsEnabled).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DOCS_ENABLED: 'true' }).docsEnabled).toBe(true);
    expect(loadConfig({ DOCS_ENABLED: 'false' }).docsEnabled).toBe(false);
  });

  it('reads game frame origins, and refuses anything that could change the policy', () => {
    expect(
      loadConfig({ GAME_FRAME_ORIGINS: 'https://games.example.com/, https://*.cdn.example:8443' })
        .gameFrameOrigins,
    ).toEqual(['https://games.example.com', 'https://*.cdn.example:8443']);
    for (const bad of [
      "https://games.example.com; script-src 'unsafe-inline'",
      'https://games.example.com/path',
      'javascript:alert(1)',
      '*',
    ])
      expect(() => loadConfig({ GAME_FRAME_ORIGINS: bad })).toThrow(/GAME_FRAME_ORIGINS/);
  });

  it('frames the demo provider by default in development, on its port, and nothing in production', () => {
    expect(loadConfig({}).gameFrameOrigins).toEqual([
      'http://localhost:8081',
      'http://127.0.0.1:8081',
    ]);
    expect(loadConfig({ PORT: '9000' }).gameFrameOrigins).toEqual([
      'http://localhost:9001',
      'http://127.0.0.1:9001',
    ]);
    const moved = loadConfig({ DEMO_PROVIDER_PORT: '7777' });
    expect(moved.gameFrameOrigins).toContain('http://127.0.0.1:7777');
    expect(moved.demoProviderOrigin).toBe('http://localhost:7777');
    expect(loadConfig({ NODE_ENV: 'production' }).gameFrameOrigins).toEqual([]);
    expect(loadConfig({ DEMO_PROVIDER: '0' }).gameFrameOrigins).toEqual([]);
    expect(loadConfig({ GAME_FRAME_ORIGINS: '' }).gameFrameOrigins).toEqual([]);
  });
});
