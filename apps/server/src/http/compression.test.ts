import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { gameListSchema } from '@banca/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestApp, type TestApp } from '../../test/harness';

const GATEWAY = { 'x-gateway-version': '3', device: 'web', language: 'pt-BR' };
const PRECOMPRESSED = '\n/* precompressed */\n';

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  if (encoding === undefined) return body.toString('utf8');
  throw new Error(`unexpected content-encoding ${encoding}`);
}

describe.each(ENGINES)('reply compression on %s', (engine) => {
  let t: TestApp;
  let webDist: string;
  // A stand-in for the web build: an asset with the .br/.gz scripts/web-build.mjs writes beside it.
  const script = `export const games = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `game ${i}`))};\n`;
  const shell = `<!doctype html><title>Banca</title>${'<!-- shell -->'.repeat(100)}`;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'banca-web-dist-'));
    mkdirSync(path.join(webDist, 'assets'));
    const files: Record<string, string> = { 'index.html': shell, 'assets/app-1.js': script };
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(path.join(webDist, name), text);
      // Marked, so a test can tell the file made at build time from one compressed on the fly.
      writeFileSync(
        path.join(webDist, `${name}.br`),
        brotliCompressSync(`${text}${PRECOMPRESSED}`),
      );
      writeFileSync(path.join(webDist, `${name}.gz`), gzipSync(`${text}${PRECOMPRESSED}`));
    }
    t = await startTestApp(engine, { webDistDir: webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...GATEWAY, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  it('sends a game list compressed to a browser that accepts it, and the same list plain to one that does not', async () => {
    const url = '/lgw/games/list?gameType=RNG&selectType=ALL&pageNo=1&pageSize=18';
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const list = gameListSchema.parse(plain.json().value);
    expect(list.games).toHaveLength(18);

    for (const [accepted, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      // Twice: the second answer comes from the bytes kept with the cached page.
      for (let round = 0; round < 2; round++) {
        const res = await get(url, accepted);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(expected);
        expect(res.headers['vary']).toMatch(/accept-encoding/i);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
        expect(decode(expected, res.rawPayload)).toBe(plain.payload);
      }
    }
  });

  it('compresses replies made per request too: the game menus and generated card art', async () => {
    const menus = await get('/lgw/games/game_menus', 'gzip, br');
    expect(menus.headers['content-encoding']).toBe('br');
    const plainMenus = await get('/lgw/games/game_menus');
    expect(plainMenus.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(decode('br', menus.rawPayload))).toEqual(plainMenus.json());

    const list = gameListSchema.parse((await get('/lgw/games/list?pageSize=1')).json().value);
    const art = await get(`/lgw/art/game/${list.games[0]!.nodeId}.svg`, 'gzip');
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(art.headers['content-encoding']).toBe('gzip');
    expect(decode('gzip', art.rawPayload)).toMatch(/^<svg[\s>]/);
  });

  it('leaves replies under the threshold as they are', async () => {
    const res = await get('/lgw/games/list?gameType=RNG&gameName=zzzz-no-such-game', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().value.games).toEqual([]);
  });

  it('still sends the web build’s files precompressed, and the page shell compressed', async () => {
    const asset = await get('/assets/app-1.js', 'gzip, deflate, br');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(decode('br', asset.rawPayload)).toBe(`${script}${PRECOMPRESSED}`);
    const gzipped = await get('/assets/app-1.js', 'gzip');
    expect(decode('gzip', gzipped.rawPayload)).toBe(`${script}${PRECOMPRESSED}`);

    const plainAsset = await get('/assets/app-1.js');
    expect(plainAsset.headers['content-encoding']).toBeUndefined();
    expect(plainAsset.payload).toBe(script);

    // The shell is made per request (http/web-shell.ts), so it is compressed as it goes out.
    const route = await get('/rng', 'gzip');
    expect(route.statusCode).toBe(200);
    expect(route.headers['content-encoding']).toBe('gzip');
    expect(decode('gzip', route.rawPayload)).toBe(shell);
  });
});
