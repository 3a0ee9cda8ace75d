/* eslint-disable @typescript-eslint/no-explicit-any -- test replies are read loosely; contracts are asserted where it matters */
import { encryptBody, type StaffRole } from '@banca/contracts';
import type { App } from '../src/app';
import { DEMO_OPERATOR } from '../src/demo/operators';
import { totpCodeAt } from '../src/modules/auth';
import type { Reply } from './client';

/** The user agent a test operator's browser sends (sessions are bound to it). */
export const STAFF_TEST_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) BancaConsoleTest/1.0';

/**
 * An operator's browser for integration tests: the console's sign-in (encrypted password, then
 * the authenticator code), the session token in `Authorization`, the binding cookie the server
 * set, and the same user agent throughout, exactly as the web console sends them.
 */
export function createStaffClient(
  app: App,
  options: { ip?: string; language?: 'pt-BR' | 'en'; userAgent?: string } = {},
) {
  let token: string | null = null;
  let cookie: string | null = null;
  let key: { kid: string; jwk: Record<string, unknown> } | null = null;
  const ip = options.ip ?? '198.51.100.20';

  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    override: { token?: string | null; cookie?: string | null; userAgent?: string } = {},
  ): Promise<Reply> {
    const useToken = 'token' in override ? override.token : token;
    const useCookie = 'cookie' in override ? override.cookie : cookie;
    const headers: Record<string, string> = {
      language: options.language ?? 'pt-BR',
      'user-agent': override.userAgent ?? options.userAgent ?? STAFF_TEST_USER_AGENT,
      ...(useToken ? { authorization: useToken } : {}),
      ...(useCookie ? { cookie: useCookie } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    };
    const res = await app.inject({
      method,
      url,
      remoteAddress: ip,
      headers,
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    const setCookie = res.headers['set-cookie'];
    const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    if (first) {
      const pair = first.split(';')[0]!;
      cookie = pair.endsWith('=') ? null : pair;
    }
    return {
      status: res.statusCode,
      body: res.json(),
      headers: res.headers as Record<string, unknown>,
    };
  }

  async function encrypted(method: 'POST' | 'PUT', url: string, payload: unknown): Promise<Reply> {
    if (!key) {
      const res = await app.inject({
        method: 'GET',
        url: '/wps/session/key/rsa',
        remoteAddress: ip,
      });
      key = res.json().value;
    }
    return call(method, url, await encryptBody(payload, key!));
  }

  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: unknown) => call('POST', url, payload ?? {}),
    put: (url: string, payload?: unknown) => call('PUT', url, payload ?? {}),
    delete: (url: string) => call('DELETE', url),
    raw: call,
    encrypted,
    get token() {
      return token;
    },
    get cookie() {
      return cookie;
    },
    /** Step 1 only: the password. */
    password: (username: string, password: string) =>
      encrypted('POST', '/admin/api/session/login', { username, password }),
    /** Step 2 only: a code for the pending sign-in; keeps the session on success. */
    async code(pendingToken: string, code: string): Promise<Reply> {
      const reply = await call('POST', '/admin/api/session/totp', { pendingToken, code });
      if (reply.body.success) token = reply.body.value.token;
      return reply;
    },
    /**
     * Both steps with the authenticator secret (enrolling it when the server asks). `atMs`
     * picks the 30 s step of the code: a step may be used once, so a second sign-in within
     * the same step passes the next one (the server accepts ±1 step of drift).
     */
    async signIn(
      username: string,
      password: string,
      secret: string | null,
      atMs = Date.now(),
    ): Promise<{ reply: Reply; secret: string }> {
      const first = await this.password(username, password);
      if (!first.body.success) return { reply: first, secret: secret ?? '' };
      const step = first.body.value;
      const useSecret: string = step.step === 'enrol' ? step.secret : secret!;
      const reply = await this.code(step.pendingToken, totpCodeAt(useSecret, atMs));
      return { reply, secret: useSecret };
    },
  };
}
export type StaffClient = ReturnType<typeof createStaffClient>;

let operatorCount = 0;

/**
 * A signed-in operator with the given roles: created through the owners' service, enrolled
 * through the real sign-in. Each has its own authenticator, so tests never share a code.
 */
export async function signedInOperator(
  app: App,
  roles: StaffRole[],
  options: { ip?: string; language?: 'pt-BR' | 'en' } = {},
): Promise<{
  client: StaffClient;
  id: number;
  username: string;
  password: string;
  secret: string;
}> {
  operatorCount += 1;
  const username = `op${operatorCount}${Math.random().toString(36).slice(2, 7)}`;
  const password = `console-pass-${operatorCount}-x`;
  const created = await app.services.operators.createOperator(
    { username, displayName: `Operator ${operatorCount}`, password, roles },
    null,
  );
  const client = createStaffClient(app, options);
  const { reply, secret } = await client.signIn(username, password, null);
  if (!reply.body.success) throw new Error(`sign-in failed: ${JSON.stringify(reply.body)}`);
  return { client, id: created.id, username, password, secret };
}

/** The demo owner, signed in with the published secret. */
export async function signedInDemoOwner(app: App, atMs = Date.now()): Promise<StaffClient> {
  const client = createStaffClient(app);
  const { reply } = await client.signIn(
    DEMO_OPERATOR.username,
    DEMO_OPERATOR.password,
    DEMO_OPERATOR.totpSecret,
    atMs,
  );
  if (!reply.body.success)
    throw new Error(`demo owner sign-in failed: ${JSON.stringify((reply as any).body)}`);
  return client;
}
