/* eslint-disable @typescript-eslint/no-explicit-any -- test replies are read loosely */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { DEV_PAM_API_KEY } from '../../config';
import { seedDemo } from '../../demo/seed';
import { seedDemoVendorIntegrations } from '../../demo/vendor-integrations';
import { createClient } from '../../../test/client';
import { ENGINES, openTestDatabase, type TestDatabase } from '../../../test/harness';
import { signedInOperator, type StaffClient } from '../../../test/staff-client';
import {
  TransferUnknown,
  type TransferOutcome,
  type TransferWalletClients,
} from './transfer-wallet';

/**
 * The operator console's Vendors desk (docs/pam.md "Configuration per brand"): what an owner
 * changes there is what /pam and the transfers do next, on this instance at once; every change
 * is on the audit log; bad input and missing roles are refused with their codes.
 */
describe.each(ENGINES)('Vendors desk (%s)', (engine) => {
  let database: TestDatabase;
  let app: App;
  let owner: StaffClient;
  let memberId: number;
  const gameOf: Record<string, string> = {};
  let seq = 0;
  const uid = (p: string) => `${p}-${engine}-${++seq}`;

  // A transfer-wallet vendor that can be taken off the line: no answer while `up` is false.
  let up = false;
  const applied = new Map<string, TransferOutcome>();
  const fakeVendor: TransferWalletClients = () => {
    const apply = async (request: { transferId: string }): Promise<TransferOutcome> => {
      if (!up) throw new TransferUnknown('vendor down');
      const outcome: TransferOutcome = {
        state: 'succeeded',
        vendorRef: `v-${request.transferId}`,
        balanceMinor: null,
      };
      applied.set(request.transferId, outcome);
      return outcome;
    };
    return {
      transferIn: apply,
      transferOut: apply,
      async queryTransfer(transferId) {
        if (!up) throw new TransferUnknown('vendor down');
        return applied.get(transferId) ?? null;
      },
      balance: async () => 0,
      rounds: async () => ({ rounds: [], next: null }),
    };
  };

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    await seedDemo(database.db);
    await seedDemoVendorIntegrations(database.db, { pamApiKey: DEV_PAM_API_KEY });
    app = await buildApp({
      db: database.db,
      logLevel: 'silent',
      webDistDir: null,
      adapters: { transferWallets: fakeVendor },
    });
    await app.ready();
    for (const vendor of ['PG', 'JDB']) {
      const row = await sql<{ game_code: string }>`
        SELECT game_code FROM games WHERE vendor_code = ${vendor} ORDER BY id LIMIT 1`.execute(
        database.db,
      );
      gameOf[vendor] = row.rows[0]!.game_code;
    }
    owner = (await signedInOperator(app, ['owner'], { ip: '198.51.100.40' })).client;
    const c = createClient(app, { ip: '198.18.40.1' });
    const reg = await c.register({
      username: `vdesk${engine[0]}01`,
      password: 'vdesk@2026',
      confirmPassword: 'vdesk@2026',
    });
    memberId = reg.body.value.member.id as number;
    await app.services.wallet.adjust({
      member: { memberId, merchantCode: 'BANCA', currency: 'BRL' },
      amountMinor: 100_000,
      reason: 'test',
      operatorId: 'test',
      idempotencyKey: uid('credit'),
    });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** A WITHDRAW of R$ 1 at PG through /pam with `apiKey`; the PAM answer. */
  async function bet(apiKey = DEV_PAM_API_KEY, vendor = 'PG'): Promise<any> {
    const { token } = await app.services.vendors.createGameSession(
      { memberId, language: 'pt-BR' },
      { vendorCode: vendor, gameCode: gameOf[vendor]! },
      'BRL',
      { merchantCode: 'BANCA', countryCode: 'BR' },
    );
    const res = await app.inject({
      method: 'POST',
      url: `/pam/players/${memberId}/transactions?provider=${vendor}`,
      headers: {
        authorization: `Bearer ${apiKey}`,
        'x-correlation-id': uid('corr'),
        'x-player-token': token,
      },
      payload: {
        currency: 'BRL',
        provider: vendor,
        transactionType: 'WITHDRAW',
        cashAmount: 1,
        bonusAmount: 0,
        promoAmount: 0,
        transactionDateTime: new Date().toISOString(),
        providerGameId: gameOf[vendor],
        providerTransactionId: uid('tx'),
        providerRoundId: uid('round'),
        isGameOver: false,
      },
    });
    return res.json();
  }

  async function audit(action: string): Promise<any[]> {
    const res = await owner.get(
      `/admin/api/audit?action=${encodeURIComponent(action)}&pageSize=100`,
    );
    expect(res.status).toBe(200);
    return res.body.value.rows;
  }

  it('lists the integrations by brand, vendor and enabled, and refuses an unknown sort', async () => {
    const pg = await owner.get('/admin/api/vendors/integrations?merchantCode=BANCA&vendorCode=pg');
    expect(pg.status).toBe(200);
    expect(pg.body.value).toMatchObject({ total: 1, page: 1 });
    expect(pg.body.value.rows[0]).toMatchObject({
      merchantCode: 'BANCA',
      vendorCode: 'PG',
      walletMode: 'seamless',
      enabled: true,
      maintenance: false,
      transferApiUrl: null,
    });
    const all = await owner.get(
      '/admin/api/vendors/integrations?pageSize=100&sort=vendorCode&order=asc',
    );
    expect(all.body.value.total).toBeGreaterThan(5);
    const codes = all.body.value.rows.map((row: any) => row.vendorCode);
    expect(codes).toEqual([...codes].sort());
    const disabled = await owner.get('/admin/api/vendors/integrations?enabled=false');
    expect(disabled.body.value.total).toBe(0);
    const badSort = await owner.get('/admin/api/vendors/integrations?sort=launch_url_template');
    expect(badSort.status).toBe(400);
    expect(badSort.body.code).toBe('validation_failed');
  });

  it('maintenance set on the desk closes the vendor to bets on /pam at once, and is audited', async () => {
    expect((await bet()).status).toBe('OK');
    const put = await owner.put('/admin/api/vendors/integrations/BANCA/PG', { maintenance: true });
    expect(put.status).toBe(200);
    expect(put.body.value).toMatchObject({ vendorCode: 'PG', maintenance: true, enabled: true });
    const refused = await bet();
    expect(refused).toMatchObject({ status: 'ERROR', error: { code: 'PAM_ERR_BET_NOT_ALLOWED' } });
    const [entry] = await audit('vendor.update');
    expect(entry).toMatchObject({
      action: 'vendor.update',
      subject: 'vendor:BANCA:PG',
      before: { maintenance: false },
      after: { maintenance: true },
    });
    expect(
      (await owner.put('/admin/api/vendors/integrations/BANCA/PG', { maintenance: false })).status,
    ).toBe(200);
    expect((await bet()).status).toBe('OK');
  });

  it('refuses a bad launch template or transfer address with a translated code, changing nothing', async () => {
    const url = '/admin/api/vendors/integrations/BANCA/PG';
    const before = (await owner.get('/admin/api/vendors/integrations?vendorCode=PG')).body.value
      .rows[0];
    for (const launchUrlTemplate of [
      'https://games.example.com/play/{game}', // no {token}
      'https://games.example.com/play?token={token}&x={secret}', // unknown placeholder
      'javascript:alert(1)//{token}',
      'ftp://games.example.com/{token}',
      '/play?token={token}', // not absolute
      'https://games.example.com/play?token={token',
    ]) {
      const res = await owner.put(url, { launchUrlTemplate });
      expect(res.status, launchUrlTemplate).toBe(400);
      expect(res.body.code).toBe('vendor_launch_template_invalid');
      expect(res.body.message).toContain('{token}');
    }
    const transfer = await owner.put(url, { transferApiUrl: 'file:///etc/passwd' });
    expect(transfer.body.code).toBe('vendor_transfer_url_invalid');
    expect(transfer.body.message).toBe(
      'O endereço da API de transferências deve ser uma URL http(s) válida.',
    );
    const unknown = await owner.put('/admin/api/vendors/integrations/BANCA/NOPE', {
      enabled: false,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('vendor_integration_not_found');
    const mode = await owner.put(url, { walletMode: 'transfer' });
    expect(mode.status).toBe(409);
    expect(mode.body.code).toBe('vendor_wallet_mode_unsupported');
    const extra = await owner.put(url, { enabled: false, apiKey: 'x' });
    expect(extra.body.code).toBe('validation_failed');
    const after = (await owner.get('/admin/api/vendors/integrations?vendorCode=PG')).body.value
      .rows[0];
    expect(after).toEqual(before);

    const good = await owner.put(url, {
      launchUrlTemplate: 'https://games.example.com/{vendor}/{game}?token={token}&lang={lang}',
    });
    expect(good.status).toBe(200);
    expect(good.body.value.launchUrlTemplate).toBe(
      'https://games.example.com/{vendor}/{game}?token={token}&lang={lang}',
    );
  });

  it('a key made on the desk authenticates on /pam, shown once; revoked, /pam refuses it', async () => {
    const created = await owner.post('/admin/api/vendors/keys', {
      merchantCode: 'BANCA',
      vendorCode: 'PG',
      label: 'PG production',
    });
    expect(created.status).toBe(200);
    const { apiKey, key } = created.body.value;
    expect(apiKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ merchantCode: 'BANCA', vendorCode: 'PG', revokedAt: null });
    expect((await bet(apiKey)).status).toBe('OK');
    // For PG only: another vendor's calls are not this key's.
    expect((await bet(apiKey, 'JDB')).status).toBe('ERROR');

    // The list and the audit log show who may use it, never the key.
    const list = await owner.get('/admin/api/vendors/keys?merchantCode=BANCA&status=active');
    expect(list.body.value.rows.map((row: any) => row.label)).toContain('PG production');
    expect(JSON.stringify(list.body)).not.toContain(apiKey);
    const [made] = await audit('vendor_key.create');
    expect(made).toMatchObject({
      subject: `vendor_key:${key.id}`,
      after: { label: 'PG production' },
    });
    expect(JSON.stringify(made)).not.toContain(apiKey);

    const revoked = await owner.post(`/admin/api/vendors/keys/${key.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.value.revokedAt).toEqual(expect.any(String));
    expect(await bet(apiKey)).toMatchObject({
      status: 'ERROR',
      error: { code: 'PAM_ERR_API_TOKEN' },
    });
    const again = await owner.post(`/admin/api/vendors/keys/${key.id}/revoke`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('vendor_key_already_revoked');
    expect((await owner.post('/admin/api/vendors/keys/999999/revoke')).body.code).toBe(
      'vendor_key_not_found',
    );
    const [gone] = await audit('vendor_key.revoke');
    expect(gone).toMatchObject({
      subject: `vendor_key:${key.id}`,
      before: { revokedAt: null },
      after: { revokedAt: expect.any(String) },
    });
    // The development key still works: only the revoked one stopped.
    expect((await bet()).status).toBe('OK');

    const noBrand = await owner.post('/admin/api/vendors/keys', {
      merchantCode: 'NOBRAND',
      label: 'stray',
    });
    expect(noBrand.body.code).toBe('vendor_integration_not_found');
    const shortLabel = await owner.post('/admin/api/vendors/keys', {
      merchantCode: 'BANCA',
      label: 'x',
    });
    expect(shortLabel.body.code).toBe('validation_failed');
  });

  it('answers malformed requests with codes, never a 5xx', async () => {
    const cases: [string, string, unknown?][] = [
      ['GET', '/admin/api/vendors/integrations?page=0'],
      ['GET', '/admin/api/vendors/integrations?pageSize=1000'],
      ['GET', '/admin/api/vendors/integrations?enabled=maybe'],
      ['GET', '/admin/api/vendors/integrations?merchantCode=BAN%20CA'],
      ['GET', '/admin/api/vendors/keys?status=lost'],
      ['GET', '/admin/api/vendors/keys?sort=key_hash'],
      ['GET', '/admin/api/vendors/transfers?status=stuck'],
      ['GET', '/admin/api/vendors/transfers?memberId=99999999999'],
      ['GET', '/admin/api/vendors/transfers?sort=vendor_ref'],
      ['PUT', '/admin/api/vendors/integrations/BANCA/PG', { maintenance: 'yes' }],
      ['PUT', '/admin/api/vendors/integrations/BANCA/PG', { walletMode: 'hybrid' }],
      ['PUT', '/admin/api/vendors/integrations/BANCA/PG', { launchUrlTemplate: 'x'.repeat(501) }],
      [
        'PUT',
        '/admin/api/vendors/integrations/BANCA/PG',
        { launchUrlTemplate: 'https://a.b/{token}\u0000' },
      ],
      ['PUT', '/admin/api/vendors/integrations/BAN%24CA/PG', { enabled: true }],
      [
        'POST',
        '/admin/api/vendors/keys',
        { merchantCode: 'BANCA', label: 'ok label', vendorCode: 7 },
      ],
      ['POST', '/admin/api/vendors/keys', { merchantCode: 'BANCA', label: 'tab\there' }],
      ['POST', '/admin/api/vendors/keys/0/revoke'],
      ['POST', '/admin/api/vendors/keys/99999999999999999999/revoke'],
      ['POST', '/admin/api/vendors/keys/abc/revoke'],
      ['POST', '/admin/api/vendors/transfers/-1/reconcile'],
      ['POST', '/admin/api/vendors/transfers/9007199254740991/reconcile'],
    ];
    for (const [method, url, body] of cases) {
      const res = await owner.raw(
        method as 'GET',
        url,
        body ?? (method === 'GET' ? undefined : {}),
      );
      expect(res.status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${url}`).toBeLessThan(500);
      expect(res.body.success, `${method} ${url}`).toBe(false);
      expect(res.body.message, `${method} ${url}`).toEqual(expect.any(String));
    }
  });

  it('refuses operators without the role: read for support and risk, changes for owners', async () => {
    const roleless = (await signedInOperator(app, [], { ip: '198.51.100.41' })).client;
    for (const res of [
      await roleless.get('/admin/api/vendors/integrations'),
      await roleless.get('/admin/api/vendors/keys'),
      await roleless.get('/admin/api/vendors/transfers'),
      await roleless.put('/admin/api/vendors/integrations/BANCA/PG', { maintenance: true }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        success: false,
        code: 'staff_role_required',
        message: 'Seu perfil de operador não permite esta ação.',
      });
    }
    const support = (await signedInOperator(app, ['support'], { ip: '198.51.100.42' })).client;
    expect((await support.get('/admin/api/vendors/integrations')).status).toBe(200);
    expect((await support.get('/admin/api/vendors/keys')).status).toBe(200);
    expect(
      (await support.put('/admin/api/vendors/integrations/BANCA/PG', { maintenance: true })).status,
    ).toBe(403);
    expect(
      (await support.post('/admin/api/vendors/keys', { merchantCode: 'BANCA', label: 'mine' }))
        .status,
    ).toBe(403);
    const finance = (await signedInOperator(app, ['finance'], { ip: '198.51.100.43' })).client;
    expect((await finance.get('/admin/api/vendors/integrations')).status).toBe(403);
    expect((await finance.get('/admin/api/vendors/transfers')).status).toBe(200);
    // Nothing changed by the refused calls.
    expect((await bet()).status).toBe('OK');
  });

  it('a transfer left pending is listed first and settled by "reconcile now", audited', async () => {
    const put = await owner.put('/admin/api/vendors/integrations/BANCA/AUL', {
      transferApiUrl: 'https://aul.example.com/transfer',
    });
    expect(put.status).toBe(200);
    expect(put.body.value).toMatchObject({
      walletMode: 'transfer',
      transferApiUrl: 'https://aul.example.com/transfer',
    });
    const member = { memberId, merchantCode: 'BANCA', currency: 'BRL' };
    up = false;
    await expect(
      app.services.vendorTransfers.gateway.transferIn({
        member,
        vendorCode: 'AUL',
        amountMinor: 2_500,
        idempotencyKey: uid('in'),
      }),
    ).rejects.toMatchObject({ code: 'vendor_transfer_pending' });

    const finance = (await signedInOperator(app, ['finance'], { ip: '198.51.100.44' })).client;
    const list = await finance.get(`/admin/api/vendors/transfers?memberId=${memberId}`);
    expect(list.body.value.rows[0]).toMatchObject({
      vendorCode: 'AUL',
      direction: 'in',
      amountMinor: 2_500,
      status: 'pending',
    });
    const id = list.body.value.rows[0].id as number;
    expect(
      (await finance.get(`/admin/api/vendors/transfers?status=pending&memberId=${memberId}`)).body
        .value.total,
    ).toBe(1);

    // Still down: answered, still pending, never a 5xx.
    const stillDown = await finance.post(`/admin/api/vendors/transfers/${id}/reconcile`);
    expect(stillDown.status).toBe(200);
    expect(stillDown.body.value.status).toBe('pending');

    up = true;
    const settled = await finance.post(`/admin/api/vendors/transfers/${id}/reconcile`);
    expect(settled.status).toBe(200);
    expect(settled.body.value).toMatchObject({
      id,
      status: 'succeeded',
      vendorRef: expect.any(String),
    });
    expect(await app.services.wallet.vendorWallets.vendorBalanceMinor(member, 'AUL')).toBe(2_500);
    // Once: a second click changes nothing.
    const twice = await finance.post(`/admin/api/vendors/transfers/${id}/reconcile`);
    expect(twice.body.value.status).toBe('succeeded');
    expect(await app.services.wallet.vendorWallets.vendorBalanceMinor(member, 'AUL')).toBe(2_500);

    const entries = await audit('vendor_transfer.reconcile');
    expect(entries[2]).toMatchObject({
      before: { status: 'pending' },
      after: { status: 'pending' },
    });
    expect(entries[1]).toMatchObject({
      subject: `vendor_transfer:${id}`,
      before: { status: 'pending' },
      after: { status: 'succeeded' },
    });
    expect((await finance.post('/admin/api/vendors/transfers/999999/reconcile')).body.code).toBe(
      'vendor_transfer_not_found',
    );
    const support = (await signedInOperator(app, ['support'], { ip: '198.51.100.45' })).client;
    expect((await support.post(`/admin/api/vendors/transfers/${id}/reconcile`)).status).toBe(403);
  });
});
