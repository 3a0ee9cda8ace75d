import { connect } from 'node:net';
import { errorEnvelopeSchema } from '@banca/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './client';
import { ENGINES, startTestApp, type TestApp } from './harness';

/**
 * Issue 10 §5: requests no route sees (a URL that does not decode, headers over Node's limit)
 * get the envelope, translated, with a request id; an empty JSON body is no body; and the
 * NULs of the issue's list answer validation_failed instead of a 500.
 */
describe.each(ENGINES)('malformed requests on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  function envelope(res: { statusCode: number; json: () => unknown }, status: number) {
    expect(res.statusCode).toBe(status);
    return errorEnvelopeSchema.parse(res.json());
  }

  it('answers a URL that does not decode with bad_url, translated, with a request id', async () => {
    for (const url of ['/wps/%E0%A4%A', '/%E0%A4%A', '/wps/system/status/%FF']) {
      const pt = await t.app.inject({ method: 'GET', url });
      expect(envelope(pt, 400)).toEqual({
        success: false,
        code: 'bad_url',
        message: 'Endereço inválido.',
      });
      expect(pt.headers['x-request-id']).toMatch(/^[\w-]+-[0-9a-z]+$/);
      const en = await t.app.inject({ method: 'GET', url, headers: { language: 'en' } });
      expect(envelope(en, 400).message).toBe('Invalid address.');
      expect(en.headers['x-request-id']).not.toBe(pt.headers['x-request-id']);
    }
  });

  it('answers headers over the parser’s limit with a 431 envelope and a request id', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const send = (language: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
        socket.write(
          `GET /wps/system/status HTTP/1.1\r\nHost: localhost\r\nLanguage: ${language}\r\n` +
            `X-Padding: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
        );
      });

    for (const [language, message] of [
      ['en', 'The request headers are too large.'],
      ['pt-BR', 'Os cabeçalhos da requisição são grandes demais.'],
    ] as const) {
      const answer = await send(language);
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 431 /);
      expect(head).toMatch(/\r\nx-request-id: [\w-]+-[0-9a-z]+(\r\n|$)/i);
      expect(head).toMatch(/\r\ncontent-type: application\/json/i);
      expect(JSON.parse(body)).toEqual({ success: false, code: 'headers_too_large', message });
    }
    // The server still answers ordinary requests.
    const ok = await fetch(`http://127.0.0.1:${port}/wps/system/status`);
    expect(ok.status).toBe(200);
  });

  it('reads an empty body with a JSON content type as no body', async () => {
    const c = createClient(t.app);
    expect((await c.login('demo', 'demo@2026')).status).toBe(200);
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { authorization: c.token!, 'content-type': 'application/json' },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ success: true, value: { done: true } });

    // A route that needs a body says which; malformed JSON is still invalid_json.
    const empty = await t.app.inject({
      method: 'POST',
      url: '/wps/agent/affiliate',
      headers: { 'content-type': 'application/json', language: 'en' },
    });
    expect(envelope(empty, 400)).toMatchObject({
      code: 'validation_failed',
      message: 'Invalid data: The field “body” is required.',
    });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/wps/agent/affiliate',
      headers: { 'content-type': 'application/json' },
      payload: '{"code":',
    });
    expect(envelope(broken, 400).code).toBe('invalid_json');
  });

  it('refuses a birthday PostgreSQL cannot store (year 0) instead of answering 500', async () => {
    const c = createClient(t.app, { language: 'en' });
    expect((await c.login('demo', 'demo@2026')).status).toBe(200);
    const reply = await c.raw('PUT', '/wps/member/profile', { birthday: '0000-01-01' });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('validation_failed');
    expect(reply.body.data.issues[0].field).toBe('birthday');
  });

  it('refuses the NULs of the issue with validation_failed naming the field, translated', async () => {
    const c = createClient(t.app, { language: 'en' });
    expect((await c.login('demo', 'demo@2026')).status).toBe(200);
    const nul = 'x\u0000y';
    const replies = {
      affiliateCode: await c.raw('POST', '/wps/agent/affiliate', { code: nul }),
      countryDialingCode: await c.raw('POST', '/wps/verification/sms/noLogin', {
        mobileNum: '11987654321',
        countryDialingCode: `+5${nul}`,
      }),
      encryptedLogin: await createClient(t.app, { language: 'en' }).login(`demo${nul}`, 'x'),
      profile: await c.raw('PUT', '/wps/member/profile', {
        nickname: 'Maria',
        address: `Rua ${nul}`,
      }),
    };
    const fields = {
      affiliateCode: 'code',
      countryDialingCode: 'countryDialingCode',
      encryptedLogin: 'username',
      profile: 'address',
    };
    for (const [name, reply] of Object.entries(replies)) {
      expect(reply.status, name).toBe(400);
      expect(reply.body.code, name).toBe('validation_failed');
      const field = fields[name as keyof typeof fields];
      expect(reply.body.message, name).toBe(
        `Invalid data: The field “${field}” contains a control character or an invalid character.`,
      );
    }

    const form = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=demo%00&email=demo%40example.com',
    });
    expect(envelope(form, 400)).toMatchObject({
      code: 'validation_failed',
      message: 'Dados inválidos: O campo “username” contém um caractere de controle ou inválido.',
    });
  });
});
