/* eslint-disable @typescript-eslint/no-explicit-any -- the OpenAPI document and replies are read loosely */
import {
  changePasswordSchema,
  convertRequestSchema,
  createOperatorSchema,
  createWithdrawalRequestSchema,
  encryptBody,
  errorEnvelopeSchema,
  loginRequestSchema,
  paymentPasswordSchema,
  redeemRequestSchema,
  reauthRequestSchema,
  registerRequestSchema,
  resetPasswordSchema,
  setIdentityRequestSchema,
  STAFF_ROLES,
  staffLoginRequestSchema,
  registerDownlineSchema,
  transferToDownlineSchema,
  transferToUplineSchema,
} from '@banca/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, type App } from '../src/app';
import { DEV_PAM_API_KEY } from '../src/config';
import { seedDemo } from '../src/demo/seed';
import { ENGINES, openTestDatabase, type TestDatabase } from './harness';
import { signedInOperator, STAFF_TEST_USER_AGENT, type StaffClient } from './staff-client';

/**
 * Issue 10 §5 "No byte gives a 500": every string field of every route's request (body, query
 * and path, read from the OpenAPI document the zod contracts produce, so a new route is covered
 * without touching this file) is sent a NUL, an unpaired surrogate, a 100 KB string and a
 * control character. Each answer must be a 4xx envelope that names the field, and nothing the
 * member can see may have changed.
 */
const HOSTILE: Array<{ name: string; value: string }> = [
  { name: 'NUL', value: 'a\u0000b' },
  { name: 'unpaired surrogate', value: 'a\uD800b' },
  { name: '100 KB', value: 'a'.repeat(100 * 1024) },
  { name: 'control character', value: 'a\u0007b' },
];

/**
 * Encrypted routes (docs/architecture.md) declare only `{enc}` in their schema; the payload inside
 * is validated by the schema the handler passes to keys.open. A new encrypted route must be listed
 * here: the test fails on one it does not know.
 */
const ENCRYPTED_PAYLOADS: Record<string, z.ZodType> = {
  'post /wps/session/login': loginRequestSchema,
  'post /wps/session/loginV2': loginRequestSchema,
  'post /wps/member/password': changePasswordSchema,
  'post /wps/member/password/verification': resetPasswordSchema,
  'put /wps/member/password/payment': paymentPasswordSchema,
  'post /wps/member/reauth': reauthRequestSchema,
  'put /wps/member/register': registerRequestSchema,
  'put /wps/member/register/mobile': registerRequestSchema,
  'put /wps/payments/identity': setIdentityRequestSchema,
  'post /wps/payments/withdrawals': createWithdrawalRequestSchema,
  'post /admin/api/session/login': staffLoginRequestSchema,
  'post /admin/api/operators': createOperatorSchema,
  'post /wps/agent/downlines': registerDownlineSchema,
  'post /wps/agent/transfers/downline': transferToDownlineSchema,
  'post /wps/agent/transfers/upline': transferToUplineSchema,
  'post /wps/relay/MCS2_redeemPointReward': redeemRequestSchema,
  'post /wps/relay/MCS2_convertPoint': convertRequestSchema,
};

/** Requests in flight at once: enough to keep the database busy, few enough to stay readable. */
const CONCURRENCY = 8;

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  const?: unknown;
  enum?: unknown[];
};

/** A string field and the smallest object around it that selects its branch of a union. */
type Target = { path: string[]; skeleton: unknown };

function isText(schema: JsonSchema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('string') && schema.const === undefined && schema.enum === undefined;
}

/** Constants and required enums of an object: a discriminated union needs them to pick a branch. */
function fixedValues(schema: JsonSchema): Record<string, unknown> {
  const fixed: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    if (child.const !== undefined) fixed[key] = child.const;
    else if (child.enum && schema.required?.includes(key)) fixed[key] = child.enum[0];
  }
  return fixed;
}

function targetsOf(schema: JsonSchema): Target[] {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.flatMap(targetsOf);
  if (isText(schema)) return [{ path: [], skeleton: undefined }];
  if (schema.items) {
    return targetsOf(schema.items).map((t) => ({ path: ['0', ...t.path], skeleton: [t.skeleton] }));
  }
  if (!schema.properties) return [];
  const fixed = fixedValues(schema);
  return Object.entries(schema.properties).flatMap(([key, child]) =>
    targetsOf(child).map((t) => ({
      path: [key, ...t.path],
      skeleton: { ...fixed, ...(t.skeleton === undefined ? {} : { [key]: t.skeleton }) },
    })),
  );
}

/** The skeleton with `value` at `path` (arrays and objects made on the way). */
function place(skeleton: unknown, path: string[], value: string): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (/^\d+$/.test(head))
    return [place(Array.isArray(skeleton) ? skeleton[0] : undefined, rest, value)];
  const object = (skeleton ?? {}) as Record<string, unknown>;
  return { ...object, [head]: place(object[head], rest, value) };
}

function dedupe(targets: Target[]): Target[] {
  const seen = new Set<string>();
  return targets.filter((t) => {
    const key = JSON.stringify(t);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

type Probe = {
  label: string;
  /** The field the answer must name (`data.issues[].field`). */
  field: string;
  hostile: string;
  location: 'path' | 'query' | 'body';
  send: () => Promise<{ statusCode: number; body: string }>;
};

/** Sample path parameters, so a route whose query or body is fuzzed is reached at all. */
const PATH_SAMPLES: Record<string, string> = { file: '1.svg', id: '1', kind: 'egg' };

describe.each(ENGINES)('hostile strings in every request field on %s', (engine) => {
  let database: TestDatabase;
  let app: App;
  let token: string;
  /** An operator with every role: the operator scope checks the session before the input. */
  let staff: StaffClient;
  let rsaKey: { kid: string; jwk: Record<string, unknown> };

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    await seedDemo(database.db);
    // Hundreds of requests from one address: the per-IP limits would answer 429 instead.
    app = await buildApp({
      db: database.db,
      logLevel: 'silent',
      rateLimitAllowList: ['127.0.0.1'],
    });
    await app.ready();
    rsaKey = (await app.inject({ method: 'GET', url: '/wps/session/key/rsa' })).json().value;
    const login = await app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { 'content-type': 'application/json' },
      payload: await encryptBody({ username: 'demo', password: 'demo@2026' }, rsaKey),
    });
    expect(login.statusCode).toBe(200);
    token = login.json().value.token;
    staff = (await signedInOperator(app, [...STAFF_ROLES])).client;
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const headers = (): Record<string, string> => ({
    'x-gateway-version': '3',
    language: 'en',
    authorization: token,
  });
  const staffHeaders = (): Record<string, string> => ({
    language: 'en',
    authorization: staff.token!,
    cookie: staff.cookie!,
    'user-agent': STAFF_TEST_USER_AGENT,
  });

  /** What a member can see, and the rows a half-applied request would leave. */
  async function snapshot() {
    const get = async (url: string) =>
      (await app.inject({ method: 'GET', url, headers: headers() })).json().value;
    const count = async (table: 'members' | 'sessions' | 'outbox_messages' | 'ledger_transfers') =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      profile: await get('/wps/member/profile'),
      balances: await get('/wps/v2/wallets/balance'),
      members: await count('members'),
      sessions: await count('sessions'),
      outbox: await count('outbox_messages'),
      transfers: await count('ledger_transfers'),
    };
  }

  function probesOf(spec: any): { probes: Probe[]; unknownEncrypted: string[] } {
    const probes: Probe[] = [];
    const unknownEncrypted: string[] = [];
    for (const [openApiPath, operations] of Object.entries<any>(spec.paths)) {
      for (const [method, operation] of Object.entries<any>(operations)) {
        const route = `${method} ${openApiPath}`;
        const parameters: any[] = operation.parameters ?? [];
        const pathOf = (hostile?: { name: string; value: string }) =>
          openApiPath.replace(/\{(\w+)\}/g, (_m, name: string) =>
            encodeURIComponent(
              hostile?.name === name ? hostile.value : (PATH_SAMPLES[name] ?? '1'),
            ),
          );
        // The provider scope (/pam) is called with a provider's key and a game session token.
        // The operator scope (/admin/api) with a signed-in operator's bound session.
        const callerHeaders = openApiPath.startsWith('/pam/')
          ? PROVIDER_HEADERS
          : openApiPath.startsWith('/admin/api/')
            ? staffHeaders()
            : headers();
        const inject = (url: string, payload?: unknown) =>
          app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            headers:
              payload === undefined
                ? callerHeaders
                : { ...callerHeaders, 'content-type': 'application/json' },
            ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
          });

        for (const parameter of parameters) {
          if (!isText(parameter.schema ?? {})) continue;
          for (const h of HOSTILE) {
            // A URL carries UTF-8 only: an unpaired surrogate cannot be percent-encoded.
            if (h.name === 'unpaired surrogate') continue;
            const value = encodeURIComponent(h.value);
            const url =
              parameter.in === 'path'
                ? pathOf({ name: parameter.name, value: h.value })
                : `${pathOf()}?${parameter.name}=${value}`;
            if (parameter.in !== 'path' && parameter.in !== 'query') continue;
            probes.push({
              label: `${route} ${parameter.in} ${parameter.name} ← ${h.name}`,
              field: parameter.name,
              hostile: h.name,
              location: parameter.in,
              send: () => inject(url),
            });
          }
        }

        const body = operation.requestBody?.content?.['application/json']?.schema as
          JsonSchema | undefined;
        if (!body) continue;
        for (const target of dedupe(targetsOf(body))) {
          for (const h of HOSTILE) {
            probes.push({
              label: `${route} body ${target.path.join('.')} ← ${h.name}`,
              field: target.path.join('.'),
              hostile: h.name,
              location: 'body',
              send: () => inject(pathOf(), place(target.skeleton, target.path, h.value)),
            });
          }
        }
        if (body.properties?.enc) {
          const payloadSchema = ENCRYPTED_PAYLOADS[route];
          if (!payloadSchema) {
            unknownEncrypted.push(route);
            continue;
          }
          const inner = z.toJSONSchema(payloadSchema, { io: 'input' }) as JsonSchema;
          for (const target of dedupe(targetsOf(inner))) {
            for (const h of HOSTILE) {
              probes.push({
                label: `${route} encrypted ${target.path.join('.')} ← ${h.name}`,
                field: target.path.join('.'),
                hostile: h.name,
                location: 'body',
                send: async () =>
                  inject(
                    pathOf(),
                    await encryptBody(place(target.skeleton, target.path, h.value), rsaKey),
                  ),
              });
            }
          }
        }
      }
    }
    return { probes, unknownEncrypted };
  }

  it('answers a 4xx envelope naming the field, and changes nothing', async () => {
    const spec = (app as any).swagger();
    const { probes, unknownEncrypted } = probesOf(spec);
    expect(unknownEncrypted, 'encrypted routes missing from ENCRYPTED_PAYLOADS').toEqual([]);
    // Sanity: the contracts' routes were found (register alone has some twenty text fields).
    expect(probes.length).toBeGreaterThan(300);
    for (const name of Object.keys(ENCRYPTED_PAYLOADS)) {
      expect(
        probes.some((p) => p.label.startsWith(`${name} encrypted`)),
        name,
      ).toBe(true);
    }

    const before = await snapshot();
    const failures: string[] = [];
    for (let i = 0; i < probes.length; i += CONCURRENCY) {
      await Promise.all(
        probes.slice(i, i + CONCURRENCY).map(async (probe) => {
          const res = await probe.send();
          const problem = judge(probe, res);
          if (problem) failures.push(`${probe.label}: ${problem}`);
        }),
      );
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 180_000);
});

/** A provider's call: the development key of the demo vendors, some game session token. */
const PROVIDER_HEADERS = {
  authorization: `Bearer ${DEV_PAM_API_KEY}`,
  'x-player-token': 'f'.repeat(40),
  'x-correlation-id': 'fuzz',
};
const providerErrorSchema = z.object({
  status: z.literal('ERROR'),
  error: z.object({ code: z.string().startsWith('PAM_ERR_'), message: z.string() }),
});

/** Why an answer is wrong, or null when it is the 4xx envelope the probe expects. */
function judge(probe: Probe, res: { statusCode: number; body: string }): string | null {
  const head = `${res.statusCode} ${res.body.slice(0, 160)}`;
  // The provider scope answers in its own protocol: a business error may come with 200.
  if (probe.label.includes(' /pam/')) {
    if (res.statusCode >= 500) return head;
    // A path the router cannot take is refused before any scope, with the gateway's envelope.
    if (probe.location === 'path' && res.body.includes('"code":"bad_url"')) return null;
    return providerErrorSchema.safeParse(JSON.parse(res.body)).success
      ? null
      : `not a provider error: ${head}`;
  }
  if (res.statusCode < 400 || res.statusCode >= 500) return head;
  let envelope;
  try {
    envelope = errorEnvelopeSchema.parse(JSON.parse(res.body));
  } catch {
    return `not an envelope: ${head}`;
  }
  // 100 KB is over every text field's bound but the ciphertext's (`enc.data`, 256 KB), and a
  // body over the route's size limit is refused before it is read: any 4xx envelope will do.
  if (probe.hostile === '100 KB') return null;
  // The router refuses a path segment it cannot decode or that is over its length limit.
  if (probe.location === 'path' && envelope.code === 'bad_url') return null;
  if (envelope.code !== 'validation_failed') return head;
  const issues = (envelope.data?.issues ?? []) as Array<{ field: string }>;
  return issues.some((issue) => issue.field === probe.field)
    ? null
    : `no issue names ${probe.field}: ${head}`;
}
