import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { RATE_LIMITS } from '../src/http/rate-limits';
import { createClient } from './client';
import { ENGINES, startTestApp, type TestApp } from './harness';

// Both behaviours below changed shape in a plugin's major version (@fastify/static 10 hands
// `setHeaders` the reply; @fastify/rate-limit 11.2 keys clients by IPv6 /64), so they are pinned
// here. Neither touches the database beyond the app's own start: one engine is enough.
describe(`files of the web build and per-IP limits on ${ENGINES[0]}`, () => {
  let t: TestApp;
  /** A second app on the same database, with the allow-list the operator would configure. */
  let app: App;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'banca-static-files-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Banca</title>');
    // A hashed asset with its precompressed copy, as scripts/web-build.mjs writes them.
    mkdirSync(path.join(webDist, 'assets'));
    const asset = 'console.log("asset");\n';
    writeFileSync(path.join(webDist, 'assets', 'app-0123abcd.js'), asset);
    writeFileSync(path.join(webDist, 'assets', 'app-0123abcd.js.br'), brotliCompressSync(asset));
    writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\n');
    t = await startTestApp(ENGINES[0]!, { webDistDir: webDist });
    app = await buildApp({ db: t.db, logLevel: 'silent', rateLimitAllowList: ['::1'] });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('cache hashed assets for a year, revalidate other files, and vary on the encoding', async () => {
    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/app-0123abcd.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['vary']).toMatch(/accept-encoding/i);
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.payload).toBe('User-agent: *\n');
    expect(robots.headers['cache-control']).toBe('no-cache');
  });

  it("answer an unknown API path with the API's envelope, a client-side route with the web app", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/member/wallet' });
    expect(page.statusCode).toBe(200);
    expect(page.payload).toContain('<title>Banca</title>');
    // A provider's unknown path: the PAM envelope (the wildcard route took it before).
    const pam = await t.app.inject({ method: 'GET', url: '/pam/players/12/nothing?provider=PG' });
    expect(pam.statusCode).toBe(404);
    expect(pam.json()).toMatchObject({ status: 'ERROR', error: { code: 'PAM_ERR_UNDEFINED' } });
    for (const url of ['/wps/nothing', '/hooks/nothing', '/admin/api/nothing']) {
      const api = await t.app.inject({ method: 'GET', url });
      expect(api.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(api.payload, url).not.toContain('<title>');
    }
  });

  it('exempt an allow-listed IPv6 address, and limit its neighbours', async () => {
    const { max } = RATE_LIMITS.captcha;
    const statuses = async (ip: string) => {
      const client = createClient(app, { ip });
      const codes: number[] = [];
      for (let i = 0; i <= max; i++) codes.push((await client.get('/wps/captcha')).status);
      return codes;
    };
    expect(await statuses('::1')).not.toContain(429);
    expect((await statuses('2001:db8::1')).at(-1)).toBe(429);
  });
});
