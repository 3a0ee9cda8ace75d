/* eslint-disable @typescript-eslint/no-explicit-any -- test replies are read loosely */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { DEV_PAM_API_KEY } from '../../config';
import { seedDemo } from '../../demo/seed';
import { seedDemoVendorIntegrations } from '../../demo/vendor-integrations';
import { createClient, type TestClient } from '../../../test/client';
import { ENGINES, openTestDatabase, type TestDatabase } from '../../../test/harness';
import { seedBrand } from '../../../test/seeds';
import { signedInOperator, type StaffClient } from '../../../test/staff-client';

/** A second brand with no vendor integrated: what the desk's "add integration" is for. */
const BRAND = 'ACME';
const BRAND_HOST = 'acme.test';
const TEMPLATE = 'https://games.acme.example/{vendor}/{game}?token={token}&lang={lang}';

/**
 * The Vendors desk's "add integration" (docs/pam.md "Configuration per brand"): an owner
 * connects a catalogue vendor to a brand without SQL; the brand's players launch its games at
 * once; every refusal has its code; only owners may; the addition is on the audit log.
 */
describe.each(ENGINES)('Vendors desk: add an integration (%s)', (engine) => {
  let database: TestDatabase;
  let app: App;
  let owner: StaffClient;
  let player: TestClient;
  let pgGameId: number;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    await seedDemo(database.db);
    await seedDemoVendorIntegrations(database.db, { pamApiKey: DEV_PAM_API_KEY });
    await seedBrand(database.db, { merchantCode: BRAND, domains: [BRAND_HOST] });
    app = await buildApp({ db: database.db, logLevel: 'silent', webDistDir: null });
    await app.ready();
    const row = await sql<{ id: number }>`
      SELECT id FROM games WHERE vendor_code = 'PG' AND NOT maintenance ORDER BY id LIMIT 1`.execute(
      database.db,
    );
    pgGameId = Number(row.rows[0]!.id);
    owner = (await signedInOperator(app, ['owner'], { ip: '198.51.100.60' })).client;
    player = createClient(app, { ip: '198.18.60.1', host: BRAND_HOST });
    const reg = await player.register({
      username: `vadd${engine[0]}01`,
      password: 'vadd@2026',
      confirmPassword: 'vadd@2026',
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const add = (body: Record<string, unknown>, client: StaffClient = owner) =>
    client.post('/admin/api/vendors/integrations', {
      merchantCode: BRAND,
      vendorCode: 'PG',
      walletMode: 'seamless',
      launchUrlTemplate: TEMPLATE,
      enabled: true,
      maintenance: false,
      ...body,
    });

  async function brandIntegrations(): Promise<any[]> {
    const res = await owner.get(`/admin/api/vendors/integrations?merchantCode=${BRAND}`);
    expect(res.status).toBe(200);
    return res.body.value.rows;
  }

  it('lists, per brand, the catalogue vendors not integrated yet', async () => {
    const res = await owner.get('/admin/api/vendors/catalogue');
    expect(res.status).toBe(200);
    const byBrand = new Map<string, any>(
      res.body.value.brands.map((b: any) => [b.merchantCode, b]),
    );
    // The demo brand has every catalogue vendor already; the new brand none.
    expect(byBrand.get('BANCA').vendors).toEqual([]);
    const acme = byBrand.get(BRAND);
    expect(acme.name).toBe(`Brand ${BRAND}`);
    expect(acme.vendors.length).toBeGreaterThan(5);
    expect(acme.vendors.find((v: any) => v.code === 'PG')).toMatchObject({
      walletMode: 'seamless',
      transferWallet: false,
      gameCategory: expect.any(String),
      name: expect.any(String),
    });
    expect(acme.vendors.find((v: any) => v.code === 'AUL')).toMatchObject({
      walletMode: 'transfer',
      transferWallet: true,
    });
  });

  it('a vendor added on the desk launches its games for the brand at once, audited', async () => {
    const before = await player.post('/wps/game/launchGame', { nodeId: pgGameId });
    expect(before.status).toBe(503);
    expect(before.body.code).toBe('game_launch_unavailable');

    const res = await add({});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value).toMatchObject({
      merchantCode: BRAND,
      vendorCode: 'PG',
      walletMode: 'seamless',
      launchUrlTemplate: TEMPLATE,
      enabled: true,
      maintenance: false,
      transferApiUrl: null,
      updatedAt: expect.any(String),
    });
    expect((await brandIntegrations()).map((row) => row.vendorCode)).toEqual(['PG']);

    const launched = await player.post('/wps/game/launchGame', { nodeId: pgGameId });
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    const url = new URL(launched.body.value.url);
    expect(url.origin).toBe('https://games.acme.example');
    expect(url.pathname).toMatch(/^\/PG\/[^/]+$/);
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{40}$/);

    const audit = await owner.get('/admin/api/audit?action=vendor.create&pageSize=10');
    expect(audit.body.value.rows[0]).toMatchObject({
      action: 'vendor.create',
      subject: `vendor:${BRAND}:PG`,
      after: { vendorCode: 'PG', launchUrlTemplate: TEMPLATE },
    });
    // No longer offered for the brand.
    const catalogue = await owner.get('/admin/api/vendors/catalogue');
    const acme = catalogue.body.value.brands.find((b: any) => b.merchantCode === BRAND);
    expect(acme.vendors.map((v: any) => v.code)).not.toContain('PG');
  });

  it('adds a transfer-wallet vendor with its transfer API, disabled and in maintenance', async () => {
    const res = await add({
      vendorCode: 'AUL',
      walletMode: 'transfer',
      transferApiUrl: 'https://aul.acme.example/transfer',
      enabled: false,
      maintenance: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value).toMatchObject({
      vendorCode: 'AUL',
      walletMode: 'transfer',
      transferApiUrl: 'https://aul.acme.example/transfer',
      enabled: false,
      maintenance: true,
    });
  });

  it('refuses an unknown vendor or brand, a pair already integrated and bad input, adding nothing', async () => {
    const before = await brandIntegrations();
    const unknown = await add({ vendorCode: 'NOPE' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      code: 'vendor_not_found',
      message: 'Não há provedor com este código no catálogo.',
    });
    const noBrand = await add({ merchantCode: 'NOBRAND', vendorCode: 'JDB' });
    expect(noBrand.status).toBe(404);
    expect(noBrand.body.code).toBe('vendor_brand_not_found');

    const twice = await add({});
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({
      code: 'vendor_integration_exists',
      message: 'Esta marca já tem integração com este provedor; edite a integração existente.',
    });
    const english = (
      await signedInOperator(app, ['owner'], { ip: '198.51.100.61', language: 'en' })
    ).client;
    const demoTwice = await add({ merchantCode: 'BANCA' }, english);
    expect(demoTwice.body).toMatchObject({
      code: 'vendor_integration_exists',
      message: 'This brand already has an integration with this vendor; edit the existing one.',
    });

    for (const launchUrlTemplate of [
      'https://games.example.com/play/{game}', // no {token}
      'https://games.example.com/play?token={token}&x={secret}',
      'javascript:alert(1)//{token}',
      '/play?token={token}',
    ]) {
      const res = await add({ vendorCode: 'JDB', launchUrlTemplate });
      expect(res.status, launchUrlTemplate).toBe(400);
      expect(res.body.code).toBe('vendor_launch_template_invalid');
      expect(res.body.message).toContain('{token}');
    }
    const englishTemplate = await add({ vendorCode: 'JDB', launchUrlTemplate: 'x' }, english);
    expect(englishTemplate.body.message).toMatch(/^Invalid launch URL template/);

    const seamlessOnly = await add({ vendorCode: 'JDB', walletMode: 'transfer' });
    expect(seamlessOnly.status).toBe(409);
    expect(seamlessOnly.body.code).toBe('vendor_wallet_mode_unsupported');
    const badUrl = await add({
      vendorCode: 'ARS',
      walletMode: 'transfer',
      transferApiUrl: 'file:///etc/passwd',
    });
    expect(badUrl.body.code).toBe('vendor_transfer_url_invalid');

    for (const body of [
      { vendorCode: 'JDB', apiKey: 'x' }, // a field the route does not take
      { vendorCode: 'JDB', walletMode: 'hybrid' },
      { vendorCode: 'JDB', enabled: 'yes' },
      { vendorCode: 'JD B' },
      { vendorCode: 'JDB', launchUrlTemplate: 'https://a.b/{token}\u0000' },
      { vendorCode: 'JDB', launchUrlTemplate: `https://a.b/{token}${'x'.repeat(500)}` },
      { vendorCode: 'JDB', enabled: undefined },
    ]) {
      const res = await add(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    expect(await brandIntegrations()).toEqual(before);
  });

  it('only owners add integrations or read the catalogue chooser', async () => {
    const cases = [[], ['support'], ['risk'], ['finance']] as const;
    for (const [i, roles] of cases.entries()) {
      const client = (await signedInOperator(app, [...roles], { ip: `198.51.100.${70 + i}` }))
        .client;
      const res = await add({ vendorCode: 'JDB' }, client);
      expect(res.status, roles.join()).toBe(403);
      expect(res.body.code).toBe('staff_role_required');
      expect((await client.get('/admin/api/vendors/catalogue')).status).toBe(403);
    }
    expect((await brandIntegrations()).map((row) => row.vendorCode)).not.toContain('JDB');
  });
});
