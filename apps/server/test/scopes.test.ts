import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { seedDemo } from '../src/demo/seed';
import { MODULES } from '../src/modules';
import { defineModule } from '../src/modules/manifest';
import { createClient } from './client';
import { ENGINES, openTestDatabase, type TestDatabase } from './harness';

const WEBHOOK_SECRET = 'test-webhook-secret';

/**
 * A module of the test's own, with a route in each scope: what the payment, vendor, operator
 * and realtime issues will add, through the same manifest and the same scopes.
 */
/** What the probe module's handler and job saw. */
const probed = { registered: [] as number[], periods: [] as string[] };

const probeModule = defineModule({
  name: 'probe',
  requires: ['system'],
  provides: [],
  create: () => ({}),
  handlers(bus) {
    bus.on('member.registered', 'probe.count-registrations', async (event) => {
      probed.registered.push(event.payload.memberId);
    });
  },
  jobs(runner) {
    runner.define({
      name: 'probe-hourly',
      every: 'hour',
      run: async (period) => {
        probed.periods.push(period.key);
      },
    });
  },
  routes: {
    provider(scope) {
      scope.get('/probe', async (request) => ({ status: 'OK', provider: request.provider }));
    },
    operator(scope) {
      scope.get('/probe', async (request) => ({ staff: request.staff?.staffId }));
      scope.post('/probe', { config: { roles: ['finance'] } }, async () => ({ done: true }));
    },
    webhooks(scope) {
      scope.post('/:provider/notify', async (request) => ({
        received: JSON.parse(request.rawBody!.toString('utf8')),
      }));
    },
    realtime(scope) {
      scope.get('/probe', async () => ({ realtime: true }));
    },
  },
});

describe.each(ENGINES)('API scopes on %s', (engine) => {
  let database: TestDatabase;
  let app: App;
  beforeAll(async () => {
    probed.registered.length = 0;
    probed.periods.length = 0;
    database = await openTestDatabase(engine);
    await seedDemo(database.db);
    app = await buildApp({
      db: database.db,
      logLevel: 'silent',
      modules: [...MODULES, probeModule],
      providerAuthenticator: {
        authenticate: async (key) =>
          key === 'pam-key-1' ? { providerCode: 'DEMO', merchantCode: 'BANCA' } : null,
      },
      staffResolver: {
        authenticate: async (token) =>
          token === 'staff-support'
            ? { staffId: 7, roles: ['support'] }
            : token === 'staff-finance'
              ? { staffId: 8, roles: ['finance'] }
              : null,
      },
      webhookVerifier: {
        verify(provider, headers, rawBody) {
          const given = Buffer.from(String(headers['x-signature'] ?? ''), 'hex');
          const expected = createHmac('sha256', `${WEBHOOK_SECRET}:${provider}`)
            .update(rawBody)
            .digest();
          return given.length === expected.length && timingSafeEqual(given, expected);
        },
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('provider scope: API key required, answered in the provider format, open during maintenance', async () => {
    const none = await app.inject({ method: 'GET', url: '/pam/probe' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      status: 'ERROR',
      error: { code: 'PAM_ERR_API_TOKEN', message: 'Invalid API token' },
    });
    await app.services.system.updateBrandSettings('BANCA', (s) => ({
      ...s,
      maintenance: { ...s.maintenance, enabled: true },
    }));
    try {
      const player = await app.inject({ method: 'GET', url: '/lgw/games/game_menus' });
      expect(player.json().code).toBe('site_maintenance');
      const provider = await app.inject({
        method: 'GET',
        url: '/pam/probe',
        headers: { authorization: 'Bearer pam-key-1' },
      });
      expect(provider.statusCode).toBe(200);
      expect(provider.json()).toEqual({
        status: 'OK',
        provider: { providerCode: 'DEMO', merchantCode: 'BANCA' },
      });
    } finally {
      await app.services.system.updateBrandSettings('BANCA', (s) => ({
        ...s,
        maintenance: { ...s.maintenance, enabled: false },
      }));
    }
  });

  it('operator scope: staff only, roles per route, every change audited', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/admin/api/probe' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('staff_login_required');
    const read = await app.inject({
      method: 'GET',
      url: '/admin/api/probe',
      headers: { authorization: 'staff-support' },
    });
    expect(read.json()).toEqual({ staff: 7 });
    const wrongRole = await app.inject({
      method: 'POST',
      url: '/admin/api/probe',
      headers: { authorization: 'staff-support' },
    });
    expect(wrongRole.statusCode).toBe(403);
    expect(wrongRole.json().code).toBe('staff_role_required');
    const change = await app.inject({
      method: 'POST',
      url: '/admin/api/probe',
      headers: { authorization: 'staff-finance' },
    });
    expect(change.statusCode).toBe(200);
    const audit = await sql<{
      operator_id: string;
      action: string;
    }>`SELECT operator_id, action FROM operator_audit ORDER BY id`.execute(database.db);
    expect(audit.rows).toEqual([{ operator_id: '8', action: 'POST /admin/api/probe' }]);
  });

  it('webhooks scope: the signature is checked on the exact bytes before the route reads them', async () => {
    const body = '{"id":"pix-1","amount":"10.00"}';
    const signature = createHmac('sha256', `${WEBHOOK_SECRET}:pixpay`).update(body).digest('hex');
    const good = await app.inject({
      method: 'POST',
      url: '/hooks/pixpay/notify',
      headers: { 'content-type': 'application/json', 'x-signature': signature },
      payload: body,
    });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ received: { id: 'pix-1', amount: '10.00' } });
    // The same JSON with other whitespace is other bytes: refused.
    const reformatted = await app.inject({
      method: 'POST',
      url: '/hooks/pixpay/notify',
      headers: { 'content-type': 'application/json', 'x-signature': signature },
      payload: '{"id": "pix-1", "amount": "10.00"}',
    });
    expect(reformatted.statusCode).toBe(401);
    expect(reformatted.json().code).toBe('webhook_signature_invalid');
    // Signed for another provider: refused.
    const otherProvider = await app.inject({
      method: 'POST',
      url: '/hooks/otherpay/notify',
      headers: { 'content-type': 'application/json', 'x-signature': signature },
      payload: body,
    });
    expect(otherProvider.statusCode).toBe(401);
  });

  it('a module’s event handlers and jobs come from its manifest', async () => {
    const c = createClient(app, { ip: '203.0.113.61' });
    const joined = await c.register({
      username: 'sondagem1',
      password: 'Sonda@2026',
      confirmPassword: 'Sonda@2026',
    });
    expect(joined.status).toBe(200);
    await app.events.deliverPending();
    expect(probed.registered).toEqual([joined.body.value.member.id]);
    await app.jobs.runNow('probe-hourly', new Date('2026-11-24T10:30:00Z'));
    expect(probed.periods).toHaveLength(1);
    expect(probed.periods[0]).toMatch(/^probe-hourly:2026-11-24T\d\d:00$/);
  });

  it('the OpenAPI document describes the scopes, the provider API with its key scheme', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<string, unknown>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(Object.keys(doc.paths).some((path) => path.startsWith('/pam/'))).toBe(true);
    expect(Object.keys(doc.paths).some((path) => path.startsWith('/wps/'))).toBe(true);
    expect(doc.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer' });
  });

  it('realtime scope: a module’s route lives under /ws; the player gateway does not apply', async () => {
    const res = await app.inject({ method: 'GET', url: '/ws/probe' });
    expect(res.json()).toEqual({ realtime: true });
  });
});
