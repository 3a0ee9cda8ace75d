import {
  SystemStatus,
  errorEnvelopeSchema,
  successEnvelope,
  systemStatusSchema,
} from '@banca/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import { seedBrand } from '../../../test/seeds';

const statusEnvelope = successEnvelope(systemStatusSchema);

describe.each(ENGINES)('system module on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedBrand(t.db, {
      merchantCode: 'MAINT',
      domains: ['maint.localhost'],
      change: (s) => {
        s.maintenance = { enabled: true, note: 'Voltamos às 14h.', bypassCidrs: ['198.51.100.7'] };
        s.region.denyCidrs = ['127.0.0.0/8'];
      },
    });
    await seedBrand(t.db, {
      merchantCode: 'BLOCK',
      domains: ['blocked.localhost'],
      change: (s) => (s.region.denyCidrs = ['127.0.0.0/8', '::1']),
    });
    await seedBrand(t.db, {
      merchantCode: 'ALLOW',
      domains: ['allow.localhost'],
      change: (s) => (s.region.allowCidrs = ['203.0.113.0/24']),
    });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { 'x-gateway-version': '3', ...headers },
      remoteAddress,
    });

  describe('GET /wps/system/status', () => {
    it('gives a visitor of the default brand the full permission payload with status 0 and their IP', async () => {
      const res = await get('/wps/system/status', { host: 'localhost:8080' }, '203.0.113.9');
      expect(res.statusCode).toBe(200);
      const body = statusEnvelope.parse(res.json());
      expect(body.value.status).toBe(SystemStatus.normal);
      expect(body.value.location.ip).toBe('203.0.113.9');
      expect(body.value.info.merchantCode).toBe('BANCA');
      expect(body.value.info.currency).toBe('BRL');
      expect(body.value.info.defaultLanguage).toBe('pt-BR');
      expect(body.value.info.whitelabel.map((n) => n.modId)).toContain('AGENT');
      expect(Object.keys(body.value.info.siteFlags).sort()).toEqual([
        'AGENTPOLICY3',
        'CHNGPASSVERIF3',
        'MOBILENUMPASSREG3',
        'MOBILENUMREG3',
        'REGMOBVERF3',
        'USERNAMEREG3',
      ]);
      expect(body.value.info.register.find((f) => f.field === 'username')).toMatchObject({
        enabled: true,
        required: true,
      });
      expect(body.value.info.customerService.length).toBeGreaterThan(0);
    });

    it('gives every answer its own request id, for support to find the log line', async () => {
      const ids = await Promise.all(
        [1, 2, 3].map(
          async () => (await get('/wps/system/status', { host: 'localhost:8080' })).headers,
        ),
      );
      const values = ids.map((h) => h['x-request-id']);
      for (const id of values) expect(id).toMatch(/^[\w-]{8}-[0-9a-z]+$/);
      expect(new Set(values).size).toBe(3);
    });

    it('resolves the brand from the host name, and from the Merchant header over the host', async () => {
      const byHost = statusEnvelope.parse(
        (await get('/wps/system/status', { host: 'blocked.localhost:8080' })).json(),
      );
      expect(byHost.value.info.merchantCode).toBe('BLOCK');
      const byHeader = statusEnvelope.parse(
        (await get('/wps/system/status', { host: 'blocked.localhost', merchant: 'BANCA' })).json(),
      );
      expect(byHeader.value.info.merchantCode).toBe('BANCA');
      const unknownHost = statusEnvelope.parse(
        (await get('/wps/system/status', { host: 'unknown.example' })).json(),
      );
      expect(unknownHost.value.info.merchantCode).toBe('BANCA');
    });

    it('reports maintenance (1) and its note, and maintenance wins over a region block', async () => {
      const body = statusEnvelope.parse(
        (await get('/wps/system/status', { host: 'maint.localhost' })).json(),
      );
      expect(body.value).toMatchObject({
        status: 1,
        maintenance: true,
        regionRestriction: false,
        maintenanceNote: 'Voltamos às 14h.',
      });
    });

    it('lets the operator IPs of the bypass list see the live site during maintenance', async () => {
      const body = statusEnvelope.parse(
        (await get('/wps/system/status', { host: 'maint.localhost' }, '198.51.100.7')).json(),
      );
      expect(body.value.status).toBe(SystemStatus.normal);
    });

    it('reports region restriction (2) for a denied IP, including IPv4-mapped IPv6 and ::1', async () => {
      for (const ip of ['127.0.0.1', '::ffff:127.0.0.1', '::1']) {
        const body = statusEnvelope.parse(
          (await get('/wps/system/status', { host: 'blocked.localhost' }, ip)).json(),
        );
        expect(body.value, ip).toMatchObject({
          status: 2,
          regionRestriction: true,
          maintenance: false,
          location: { ip },
        });
      }
      const other = statusEnvelope.parse(
        (await get('/wps/system/status', { host: 'blocked.localhost' }, '203.0.113.1')).json(),
      );
      expect(other.value.status).toBe(0);
    });

    it('blocks IPs outside a non-empty allow list', async () => {
      const outside = statusEnvelope.parse(
        (await get('/wps/system/status', { host: 'allow.localhost' }, '192.0.2.1')).json(),
      );
      const inside = statusEnvelope.parse(
        (await get('/wps/system/status', { host: 'allow.localhost' }, '203.0.113.77')).json(),
      );
      expect(outside.value.status).toBe(2);
      expect(inside.value.status).toBe(0);
    });

    it('does not believe X-Forwarded-For from a visitor when no proxy is trusted', async () => {
      const body = statusEnvelope.parse(
        (
          await get(
            '/wps/system/status',
            { host: 'blocked.localhost', 'x-forwarded-for': '203.0.113.1' },
            '127.0.0.1',
          )
        ).json(),
      );
      expect(body.value.status).toBe(2);
      expect(body.value.location.ip).toBe('127.0.0.1');
    });

    it('follows operator changes to maintenance at once', async () => {
      await t.app.services.system.updateBrandSettings('ALLOW', (s) => ({
        ...s,
        maintenance: { ...s.maintenance, enabled: true },
      }));
      const body = statusEnvelope.parse(
        (await get('/wps/system/status', { host: 'allow.localhost' }, '203.0.113.77')).json(),
      );
      expect(body.value.status).toBe(1);
      await t.app.services.system.updateBrandSettings('ALLOW', (s) => ({
        ...s,
        maintenance: { ...s.maintenance, enabled: false },
      }));
    });
  });

  describe('a closed site', () => {
    it('refuses the rest of the API with site_maintenance in the visitor’s language', async () => {
      const res = await get('/lgw/games/game_menus', { host: 'maint.localhost', language: 'en' });
      expect(res.statusCode).toBe(503);
      expect(errorEnvelopeSchema.parse(res.json())).toMatchObject({
        code: 'site_maintenance',
        message: 'The site is under maintenance. Please come back soon.',
      });
    });

    it('refuses the rest of the API with region_restricted naming the IP', async () => {
      const res = await get('/lgw/games/game_menus', { host: 'blocked.localhost' });
      expect(res.statusCode).toBe(403);
      const body = errorEnvelopeSchema.parse(res.json());
      expect(body.code).toBe('region_restricted');
      expect(body.message).toContain('127.0.0.1');
      expect(body.message).toContain('Desculpe');
    });
  });

  describe('configuration endpoints', () => {
    it('GET /wps/system/whitelabel gives the module tree and flags', async () => {
      const body = (await get('/wps/system/whitelabel')).json();
      expect(body.success).toBe(true);
      const agent = body.value.whitelabel.find((n: { modId: string }) => n.modId === 'AGENT');
      expect(agent.childrenNodes.map((n: { modId: string }) => n.modId)).toContain(
        'AGENT_DAILY_SALARY',
      );
    });

    it('GET /wps/system/setting/register gives every field rule with its pattern', async () => {
      const body = (await get('/wps/system/setting/register')).json();
      const fields = body.value.fields as Array<{
        field: string;
        acceptedPattern: string;
        patternId: string;
        minLength: number;
        maxLength: number;
      }>;
      expect(fields.map((f) => f.field)).toEqual(
        expect.arrayContaining(['username', 'password', 'mobileNum', 'email', 'affiliateCode']),
      );
      const username = fields.find((f) => f.field === 'username');
      expect(username).toMatchObject({
        patternId: 'LETTER_FIRST_ALNUM',
        minLength: 4,
        maxLength: 16,
      });
      expect(new RegExp(username!.acceptedPattern, 'u').test('joao123')).toBe(true);
      expect(new RegExp(username!.acceptedPattern, 'u').test('1joao')).toBe(false);
    });

    it('GET /wps/system/country gives Brazil', async () => {
      expect((await get('/wps/system/country')).json().value).toEqual({
        countryCode: 'BR',
        countryDialingCode: '+55',
        currency: 'BRL',
        currencySymbol: 'R$',
      });
    });

    it('GET /wps/system/domainRoute lists the mirror sites', async () => {
      const body = (await get('/wps/system/domainRoute')).json();
      expect(body.value.length).toBeGreaterThan(0);
      expect(body.value[0]).toHaveProperty('url');
    });

    it('GET /wps/system/helpCenter answers in the requested language', async () => {
      const pt = (await get('/wps/system/helpCenter?lang=pt-BR&device=WEB')).json();
      const en = (await get('/wps/system/helpCenter?lang=en&device=WEB')).json();
      expect(pt.value.length).toBeGreaterThanOrEqual(6);
      expect(pt.value.map((t: { key: string }) => t.key)).toEqual(
        en.value.map((t: { key: string }) => t.key),
      );
      expect(pt.value.map((t: { key: string }) => t.key)).toContain('term');
      expect(pt.value[0].title).not.toBe(en.value[0].title);
    });
  });
});
