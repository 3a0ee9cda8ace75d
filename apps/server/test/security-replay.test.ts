import { encryptBody } from '@banca/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../src/http/rate-limits';
import { createClient } from './client';
import { ENGINES, startTestApp, type TestApp } from './harness';

/**
 * Issue 10 §4: a captured encrypted body cannot be sent again (one login ciphertext sent three
 * times used to log in three times), and the two login addresses share one rate limit.
 */
describe.each(ENGINES)('replayed encrypted bodies on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('a login ciphertext logs in once; the replay is refused with a clear code', async () => {
    const c = createClient(t.app, { ip: '192.0.2.90' });
    const key = (await c.get('/wps/session/key/rsa')).body.value;
    const body = await encryptBody(
      { type: 'username', username: 'demo', password: 'demo@2026' },
      key,
    );
    const sessionsBefore = await countSessions();
    const first = await c.raw('POST', '/wps/session/login', body);
    expect(first.status).toBe(200);
    for (const url of ['/wps/session/login', '/wps/session/loginV2']) {
      const replay = await c.raw('POST', url, body);
      expect(replay.status).toBe(400);
      expect(replay.body.code).toBe('encryption_replayed');
      expect(replay.body.message).toBe('Esta requisição já foi enviada. Tente novamente.');
    }
    expect(await countSessions()).toBe(sessionsBefore + 1);
    // A fresh encryption of the same credentials is a new request and works.
    expect((await c.login('demo', 'demo@2026')).status).toBe(200);
  });

  it('a replay is refused from another address too, and whatever the route', async () => {
    const c = createClient(t.app, { ip: '192.0.2.91' });
    const key = (await c.get('/wps/session/key/rsa')).body.value;
    const body = await encryptBody({ type: 'username', username: 'nobody', password: 'x' }, key);
    expect((await c.raw('POST', '/wps/session/login', body)).body.code).toBe('login_failed');
    const elsewhere = createClient(t.app, { ip: '198.18.9.9' });
    expect((await elsewhere.raw('PUT', '/wps/member/register', body)).body.code).toBe(
      'encryption_replayed',
    );
  });

  it('/wps/session/login and /loginV2 share one rate limit', async () => {
    const c = createClient(t.app, { ip: '192.0.2.92' });
    const key = (await c.get('/wps/session/key/rsa')).body.value;
    const limit = RATE_LIMITS.login.max;
    for (let i = 0; i < limit; i++) {
      const url = i % 2 === 0 ? '/wps/session/login' : '/wps/session/loginV2';
      const body = await encryptBody({ type: 'username', username: `rl${i}`, password: 'x' }, key);
      const res = await c.raw('POST', url, body);
      expect(res.status).not.toBe(429);
    }
    for (const url of ['/wps/session/login', '/wps/session/loginV2']) {
      const body = await encryptBody({ type: 'username', username: 'rl-last', password: 'x' }, key);
      const res = await c.raw('POST', url, body);
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('too_many_requests');
    }
  });

  async function countSessions(): Promise<number> {
    const row = await sql<{ n: number }>`SELECT count(*)::int AS n FROM sessions`.execute(t.db);
    return row.rows[0]!.n;
  }
});
