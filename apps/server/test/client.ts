/* eslint-disable @typescript-eslint/no-explicit-any -- test replies are read loosely; contracts are asserted where it matters */
import { encryptBody } from '@banca/contracts';
import type { App } from '../src/app';
import type { Db } from '../src/db/connect';

export type Reply = {
  status: number;
  body: { success: boolean; value?: any; code?: string; message?: string; data?: any };
  headers: Record<string, unknown>;
};

/**
 * A player's client for integration tests: the gateway headers, a session token once logged
 * in, and encrypted bodies for the routes marked E, exactly as the web app sends them.
 */
export function createClient(
  app: App,
  options: { ip?: string; language?: 'pt-BR' | 'en'; host?: string } = {},
) {
  let token: string | null = null;
  let key: { kid: string; jwk: Record<string, unknown> } | null = null;
  const ip = options.ip ?? '203.0.113.10';

  function headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      'x-gateway-version': '3',
      device: 'web',
      language: options.language ?? 'pt-BR',
      ...(options.host ? { host: options.host } : {}),
      ...(token ? { authorization: token } : {}),
      ...extra,
    };
  }

  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    extra: Record<string, string> = {},
  ): Promise<Reply> {
    const res = await app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: headers(
        payload === undefined ? extra : { 'content-type': 'application/json', ...extra },
      ),
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    return {
      status: res.statusCode,
      body: res.json(),
      headers: res.headers as Record<string, unknown>,
    };
  }

  async function encrypted(method: 'POST' | 'PUT', url: string, payload: unknown): Promise<Reply> {
    if (!key) key = (await call('GET', '/wps/session/key/rsa')).body.value;
    return call(method, url, await encryptBody(payload, key!));
  }

  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: unknown) => call('POST', url, payload ?? {}),
    put: (url: string, payload?: unknown) => call('PUT', url, payload ?? {}),
    delete: (url: string) => call('DELETE', url),
    encrypted,
    raw: call,
    setToken: (value: string | null) => {
      token = value;
    },
    get token() {
      return token;
    },
    /** Logs in with a password; keeps the token on success. */
    async login(
      username: string,
      password: string,
      extra: Record<string, unknown> = {},
    ): Promise<Reply> {
      const reply = await encrypted('POST', '/wps/session/login', {
        type: 'username',
        username,
        password,
        ...extra,
      });
      if (reply.body.success) token = reply.body.value.token;
      return reply;
    },
    async register(fields: Record<string, unknown>): Promise<Reply> {
      const reply = await encrypted('PUT', '/wps/member/register', {
        acceptTerms: true,
        login: true,
        ...fields,
      });
      if (reply.body.success) token = reply.body.value.token;
      return reply;
    },
  };
}
export type TestClient = ReturnType<typeof createClient>;

/** The newest message the development outbox holds for a destination. */
export async function lastOutboxMessage(
  db: Db,
  destination: string,
): Promise<{ body: string; code: string | null }> {
  const row = await db
    .selectFrom('outbox_messages')
    .select(['body'])
    .where('destination', '=', destination)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return { body: row.body, code: /(\d{6})/.exec(row.body)?.[1] ?? null };
}

/** A free-play member's client (the demo brand's play money), signed in, answering in English. */
export async function freePlayer(app: App, ip: string): Promise<TestClient> {
  const c = createClient(app, { ip, language: 'en' });
  const free = await c.post('/wps/session/login/freeplay', { os: 'web', platform: 'W' });
  if (free.status !== 200) throw new Error(`free play refused: ${JSON.stringify(free.body)}`);
  c.setToken(free.body.value.token);
  return c;
}

/** The member's main wallet balance, in minor units, as the wallet page reads it. */
export async function mainBalanceMinor(c: TestClient): Promise<number> {
  return (await c.get('/wps/v2/wallets/balance')).body.value.main.balanceMinor as number;
}
