import { errorEnvelopeSchema } from '@banca/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestApp, type TestApp } from './harness';

/**
 * Bad input gets a 4xx with a stable code and a message in the caller's language, never a
 * 5xx (issue "Foundation", Bad input). Every endpoint of the foundation is exercised.
 */
const GET_ENDPOINTS = [
  '/wps/system/status',
  '/wps/system/whitelabel',
  '/wps/system/setting/register',
  '/wps/system/country',
  '/wps/system/domainRoute',
  '/wps/system/helpCenter?lang=en&device=WEB',
  '/lgw/games/game_menus',
  '/lgw/art/game/1.svg',
  '/lgw/art/vendor/PG.svg',
  '/lgw/art/banner/1.svg?lang=en',
];

describe.each(ENGINES)('bad input on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const post = (payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/system/clientError',
      payload,
      headers: { 'content-type': 'application/json', ...headers },
    });

  function expectError(
    res: { statusCode: number; json: () => unknown },
    status: number,
    code: string,
  ) {
    expect(res.statusCode).toBe(status);
    const body = errorEnvelopeSchema.parse(res.json());
    expect(body.code).toBe(code);
    expect(body.message.length).toBeGreaterThan(0);
    return body;
  }

  it('answers unknown routes with not_found in Portuguese by default and English on request', async () => {
    const pt = expectError(
      await t.app.inject({ method: 'GET', url: '/wps/no/such/thing' }),
      404,
      'not_found',
    );
    const en = expectError(
      await t.app.inject({ method: 'GET', url: '/wps/no/such/thing', headers: { language: 'en' } }),
      404,
      'not_found',
    );
    expect(pt.message).toBe('Endereço não encontrado.');
    expect(en.message).toBe('Not found.');
    expectError(
      await t.app.inject({ method: 'DELETE', url: '/wps/system/status' }),
      404,
      'not_found',
    );
  });

  it('accepts a well-formed client error report', async () => {
    const res = await post(
      JSON.stringify({ type: 'chunk_timeout', url: '/assets/Lottery-abc.js', route: '/lottery' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, value: { received: true } });
  });

  it('refuses malformed JSON with invalid_json', async () => {
    const pt = expectError(await post('{"type": "chunk_load", '), 400, 'invalid_json');
    const en = expectError(await post('{not json', { language: 'en' }), 400, 'invalid_json');
    expect(pt.message).toContain('JSON');
    expect(en.message).toBe('The request body is not valid JSON.');
    // An empty body is no body (issue 10 §5): this route needs one, so the field list says so.
    expectError(await post(''), 400, 'validation_failed');
    expectError(await post('   '), 400, 'invalid_json');
  });

  it('refuses wrong types naming each field, translated', async () => {
    const pt = expectError(
      await post(JSON.stringify({ type: 5, url: ['x'] })),
      400,
      'validation_failed',
    );
    const issues = (pt.data?.issues ?? []) as Array<{ field: string; message: string }>;
    expect(issues.map((i) => i.field).sort()).toEqual(['type', 'url']);
    expect(pt.message).toMatch(/^Dados inválidos: O campo “/);
    const en = expectError(
      await post(JSON.stringify({ url: 'x' }), { language: 'en' }),
      400,
      'validation_failed',
    );
    expect(en.message).toBe('Invalid data: The field “type” is required.');
  });

  it('refuses over-long strings and unknown fields', async () => {
    const long = expectError(
      await post(JSON.stringify({ type: 'boot', url: 'x'.repeat(2049) }), { language: 'en' }),
      400,
      'validation_failed',
    );
    expect(long.message).toContain('at most 2048 characters');
    const extra = expectError(
      await post(JSON.stringify({ type: 'boot', url: '/', admin: true })),
      400,
      'validation_failed',
    );
    expect(extra.message).toContain('admin');
  });

  it('refuses oversized bodies and foreign content types', async () => {
    expectError(
      await post(JSON.stringify({ type: 'boot', url: '/', message: 'x'.repeat(20_000) })),
      413,
      'payload_too_large',
    );
    expectError(
      await post('type=boot', { 'content-type': 'text/xml' }),
      415,
      'unsupported_media_type',
    );
  });

  it('refuses an unknown gateway version and an unknown merchant, translated', async () => {
    const version = expectError(
      await t.app.inject({
        method: 'GET',
        url: '/wps/system/status',
        headers: { 'x-gateway-version': '2', language: 'en' },
      }),
      400,
      'unsupported_gateway_version',
    );
    expect(version.message).toBe('Unsupported gateway version: 2.');
    const merchant = expectError(
      await t.app.inject({
        method: 'GET',
        url: '/wps/system/status',
        headers: { merchant: 'NOPE' },
      }),
      400,
      'unknown_merchant',
    );
    expect(merchant.message).toContain('domínio');
  });

  it('refuses over-long and malformed query and path parameters', async () => {
    expectError(
      await t.app.inject({ method: 'GET', url: `/wps/system/helpCenter?lang=${'p'.repeat(40)}` }),
      400,
      'validation_failed',
    );
    expectError(
      await t.app.inject({ method: 'GET', url: '/lgw/art/game/abc.svg' }),
      400,
      'validation_failed',
    );
    expectError(
      await t.app.inject({ method: 'GET', url: '/lgw/art/game/999999999.svg' }),
      404,
      'not_found',
    );
    expectError(
      await t.app.inject({ method: 'GET', url: '/lgw/art/vendor/NOPE.svg' }),
      404,
      'not_found',
    );
  });

  it('never answers 5xx to hostile headers and query strings on any endpoint', async () => {
    const hostileHeaders: Array<Record<string, string>> = [
      { language: 'xx-💥', device: 'toaster', 'x-gateway-version': '3' },
      { merchant: "'; DROP TABLE brands; --" },
      { merchant: 'x'.repeat(5000) },
      { host: 'evil.example:99999' },
      { language: '', merchant: '' },
      { authorization: 'Bearer \u0000\u0001' },
    ];
    const hostileQueries = [
      '',
      '?pageNo=-1',
      '?lang[]=a&lang[]=b',
      '?lang=%00',
      `?x=${'a'.repeat(4000)}`,
    ];
    for (const endpoint of GET_ENDPOINTS) {
      for (const headers of hostileHeaders) {
        for (const query of hostileQueries) {
          const url = endpoint + (endpoint.includes('?') ? query.replace('?', '&') : query);
          const res = await t.app.inject({ method: 'GET', url, headers });
          expect(res.statusCode, `${url} ${JSON.stringify(headers).slice(0, 80)}`).toBeLessThan(
            500,
          );
          if (res.statusCode >= 400) errorEnvelopeSchema.parse(res.json());
        }
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/wps/system/status' })).statusCode).toBe(200);
  });
});
