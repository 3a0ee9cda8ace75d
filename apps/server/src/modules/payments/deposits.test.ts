import { depositSchema, formatMoney } from '@banca/contracts';
import { parseBrCode, signWebhook, DEV_PIX_SANDBOX_WEBHOOK_SECRET } from '@banca/pix';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPixSandbox, type PixSandbox } from '../../../../pix-sandbox/src/server';
import { createClient, type TestClient } from '../../../test/client';
import { ENGINES, openTestDatabase, type TestDatabase } from '../../../test/harness';
import { buildApp, type App } from '../../app';
import { seedDemo } from '../../demo/seed';
import { createMemoryFileStorage } from '../../lib/file-storage';
import { checkInvariants } from '../wallet/ledger';
import { createPixSandboxProvider } from './sandbox-provider';

const SANDBOX_TOKEN = 'sandbox-token-for-tests-0123';
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Money in, end to end over real HTTP: the platform and the sandbox PSP each on a random port,
 * the sandbox's webhooks arriving at the platform's /hooks/pix-sandbox signed over the raw body.
 */
describe.each(ENGINES)('deposits on %s', (engine) => {
  let database: TestDatabase;
  let app: App;
  let sandbox: PixSandbox;
  let sandboxUrl: string;
  let dropWebhooks = 0;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    await seedDemo(database.db);
    sandbox = createPixSandbox({
      apiToken: SANDBOX_TOKEN,
      webhookSecret: DEV_PIX_SANDBOX_WEBHOOK_SECRET,
      publicUrl: 'http://localhost:1',
      get webhookDropRate() {
        return dropWebhooks;
      },
    });
    sandboxUrl = await sandbox.listen(0, '127.0.0.1');
    const provider = createPixSandboxProvider({
      apiUrl: sandboxUrl,
      publicUrl: sandboxUrl,
      token: SANDBOX_TOKEN,
    });
    app = await buildApp({
      db: database.db,
      logLevel: 'silent',
      webDistDir: null,
      adapters: {
        paymentProviders: new Map([[provider.code, provider]]),
        fileStorage: createMemoryFileStorage(),
        showPayPage: true,
      },
      staffResolver: {
        authenticate: async (token: string) =>
          token === 'finance-token'
            ? { staffId: 7, roles: ['finance'] }
            : token === 'owner-token'
              ? { staffId: 8, roles: ['owner'] }
              : token === 'support-token'
                ? { staffId: 9, roles: ['support'] }
                : null,
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await fetch(`${sandboxUrl}/sandbox/webhook`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${SANDBOX_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ webhookUrl: `http://127.0.0.1:${port}/hooks/pix-sandbox` }),
    });
  });
  afterAll(async () => {
    await sandbox.app.close();
    await app.close();
    await database.drop();
  });

  let counter = 0;
  async function member(): Promise<{ c: TestClient; id: number }> {
    counter += 1;
    const c = createClient(app, { ip: `198.18.1.${counter}` });
    const reg = await c.register({
      username: `dep${engine[0]}${counter}x`,
      password: 'deposit@2026',
      confirmPassword: 'deposit@2026',
    });
    expect(reg.status).toBe(200);
    return { c, id: reg.body.value.member.id as number };
  }

  async function mainBalance(c: TestClient): Promise<number> {
    return (await c.get('/wps/v2/wallets/balance')).body.value.main.balanceMinor as number;
  }

  async function deposit(c: TestClient, amount: string | number, channelCode = 'pix') {
    const res = await c.post('/wps/payments/deposits', { channelCode, amount });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return depositSchema.parse(res.body.value);
  }

  async function payAtSandbox(txid: string, cpf = '52998224725') {
    const res = await fetch(`${sandboxUrl}/sandbox/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ txid, pagador: { cpf, nome: 'Maria da Silva' } }),
    });
    expect(res.status).toBe(200);
    await sandbox.idle();
  }

  async function deliveriesFor(txid: string) {
    const { deliveries } = (await fetch(`${sandboxUrl}/sandbox/deliveries`).then((r) =>
      r.json(),
    )) as { deliveries: Array<{ body: string; signature: string }> };
    return deliveries.filter((d) => d.body.includes(txid));
  }

  function postHook(body: string, signature: string | null, kind = 'pix') {
    return app.inject({
      method: 'POST',
      url: `/hooks/pix-sandbox/${kind}`,
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { 'x-pix-signature': signature }),
      },
      payload: body,
    });
  }

  async function events(type: string, depositId: number): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM domain_events
      WHERE type = ${type} AND (payload->>'depositId')::bigint = ${depositId}`.execute(database.db);
    return Number(rows[0]!.n);
  }

  it('lists the brand’s channels with limits and quick amounts; free play may not deposit', async () => {
    const { c } = await member();
    const res = await c.get('/wps/payments/channels');
    expect(res.status).toBe(200);
    expect(res.body.value.currency).toBe('BRL');
    expect(res.body.value.channels.map((ch: { code: string }) => ch.code)).toEqual(['pix', 'bank']);
    expect(res.body.value.channels[0]).toMatchObject({
      method: 'pix',
      minMinor: 1_000,
      maxMinor: 5_000_000,
      presetsMinor: [2_000, 5_000, 10_000, 20_000, 50_000, 100_000],
    });
    expect(res.body.value.channels[1].bank).toMatchObject({ agency: '0001' });

    const trial = createClient(app, { ip: '198.18.9.9' });
    const login = await trial.post('/wps/session/login/freeplay', {});
    trial.setToken(login.body.value.token);
    const refused = await trial.post('/wps/payments/deposits', { channelCode: 'pix', amount: 20 });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('trial_register_first');
  });

  it('makes a PIX charge whose BR Code carries the amount and txid; credits it once the sandbox is paid', async () => {
    const { c, id } = await member();
    const created = await deposit(c, '25.50');
    expect(created).toMatchObject({ status: 'pending', amountMinor: 2_550, method: 'pix' });
    const code = parseBrCode(created.pix!.copiaECola);
    expect(code).toMatchObject({
      amountMinor: 2_550,
      txid: created.pix!.txid,
      pointOfInitiation: '12',
      currency: '986',
      country: 'BR',
    });
    expect(created.pix!.payPageUrl).toContain(`/pay?code=${created.pix!.txid}`);
    expect(Date.parse(created.expiresAt!) - Date.parse(created.createdAt)).toBeGreaterThan(890_000);

    await payAtSandbox(created.pix!.txid);
    const after = await c.get(`/wps/payments/deposits/${created.id}`);
    expect(after.body.value).toMatchObject({ status: 'credited', expiresAt: null });
    expect(await mainBalance(c)).toBe(2_550);
    expect(await events('deposit.credited', created.id)).toBe(1);
    const row = await database.db
      .selectFrom('deposits')
      .select(['payer_cpf', 'end_to_end_id', 'member_id'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ payer_cpf: '52998224725', member_id: id });
    expect(row.end_to_end_id).toMatch(/^E\d{20}/);
    // The account record shows the deposit.
    const records = await c.get('/wps/wallet/transactions?type=deposit');
    expect(records.body.value.list).toHaveLength(1);
    expect(records.body.value.list[0]).toMatchObject({ amountMinor: 2_550, type: 'deposit' });
  });

  it('credits once when each webhook arrives 3 times, concurrently and out of order', async () => {
    const { c } = await member();
    dropWebhooks = 1; // the PSP's own deliveries are lost; we replay them from outside
    const a = await deposit(c, '10.00');
    const b = await deposit(c, '20.00');
    await payAtSandbox(a.pix!.txid);
    await payAtSandbox(b.pix!.txid);
    dropWebhooks = 0;
    expect(await mainBalance(c)).toBe(0);
    const [hookA] = await deliveriesFor(a.pix!.txid);
    const [hookB] = await deliveriesFor(b.pix!.txid);
    const order = [hookB!, hookA!, hookB!, hookA!, hookA!, hookB!];
    const replies = await Promise.all(order.map((h) => postHook(h.body, h.signature)));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await mainBalance(c)).toBe(3_000);
    expect(await events('deposit.credited', a.id)).toBe(1);
    expect(await events('deposit.credited', b.id)).toBe(1);
    const receipts = await database.db
      .selectFrom('payment_webhook_receipts')
      .select(['reference', 'times_received'])
      .where('reference', 'in', [a.pix!.txid, b.pix!.txid])
      .execute();
    expect(receipts.map((r) => r.times_received)).toEqual([3, 3]);
    expect(await checkInvariants(database.db)).toEqual([]);
  });

  it('refuses forged, malformed and unknown webhooks without a 5xx, and credits nothing', async () => {
    const { c } = await member();
    const created = await deposit(c, '15.00');
    const body = JSON.stringify({
      pix: [
        {
          endToEndId: 'E99999999202611241200abcdefghijk',
          txid: created.pix!.txid,
          valor: '15.00',
          horario: new Date().toISOString(),
          pagador: { cpf: '52998224725', nome: 'Forger' },
        },
      ],
    });
    const forged = await postHook(body, signWebhook('not-the-secret-at-all', body));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('webhook_signature_invalid');
    expect((await postHook(body, null)).statusCode).toBe(401);
    // A signature of other bytes (a body re-serialised, one space added) does not count.
    const reformatted = await postHook(
      `${body} `,
      signWebhook(DEV_PIX_SANDBOX_WEBHOOK_SECRET, body),
    );
    expect(reformatted.statusCode).toBe(401);

    const sign = (text: string) => signWebhook(DEV_PIX_SANDBOX_WEBHOOK_SECRET, text);
    const notJson = await postHook('{"pix":', sign('{"pix":'));
    expect([notJson.statusCode, notJson.json().code]).toEqual([400, 'webhook_payload_invalid']);
    const unknown = body.replace(created.pix!.txid, 'X'.repeat(32));
    const unknownReply = await postHook(unknown, sign(unknown));
    expect([unknownReply.statusCode, unknownReply.json().code]).toEqual([
      404,
      'webhook_unknown_reference',
    ]);
    const cheaper = body.replace('"15.00"', '"1500.00"');
    const mismatch = await postHook(cheaper, sign(cheaper));
    expect([mismatch.statusCode, mismatch.json().code]).toEqual([422, 'webhook_amount_mismatch']);
    const unknownProvider = await app.inject({
      method: 'POST',
      url: '/hooks/other-psp/pix',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-pix-signature': sign(body) },
    });
    expect(unknownProvider.statusCode).toBe(401);

    expect(await mainBalance(c)).toBe(0);
    expect((await c.get(`/wps/payments/deposits/${created.id}`)).body.value.status).toBe('pending');
    expect(await events('deposit.credited', created.id)).toBe(0);
  });

  it('refuses amounts outside the channel’s limits, sub-centavo amounts and unknown channels with codes', async () => {
    const { c } = await member();
    const low = await c.post('/wps/payments/deposits', { channelCode: 'pix', amount: '9.99' });
    expect([low.status, low.body.code]).toEqual([400, 'deposit_amount_out_of_range']);
    const brl = (minor: number, language: string) => formatMoney(minor, 'BRL', language);
    expect(low.body.message).toBe(
      `O valor deve estar entre ${brl(1_000, 'pt-BR')} e ${brl(5_000_000, 'pt-BR')}.`,
    );
    const high = await c.post('/wps/payments/deposits', { channelCode: 'pix', amount: 50_000.01 });
    expect(high.body.code).toBe('deposit_amount_out_of_range');
    for (const amount of ['10.005', 10.001, '-10', '1e3', ' 10']) {
      const res = await c.post('/wps/payments/deposits', { channelCode: 'pix', amount });
      expect([res.status, res.body.code], String(amount)).toEqual([400, 'validation_failed']);
    }
    const zero = await c.post('/wps/payments/deposits', { channelCode: 'pix', amount: '0' });
    expect(zero.body.code).toBe('invalid_amount');
    const channel = await c.post('/wps/payments/deposits', { channelCode: 'card', amount: 20 });
    expect([channel.status, channel.body.code]).toEqual([400, 'payment_channel_unavailable']);
    const english = createClient(app, { ip: '198.18.2.1', language: 'en' });
    english.setToken(c.token);
    const low2 = await english.post('/wps/payments/deposits', { channelCode: 'pix', amount: 5 });
    expect(low2.body.message).toBe(
      `The amount must be between ${brl(1_000, 'en')} and ${brl(5_000_000, 'en')}.`,
    );
    expect((await c.get('/wps/payments/deposits')).body.value.totalCount).toBe(0);
  });

  it('credits a payment whose webhook was lost when the re-check job asks the PSP, once', async () => {
    const { c } = await member();
    dropWebhooks = 1;
    const created = await deposit(c, '40.00');
    await payAtSandbox(created.pix!.txid);
    dropWebhooks = 0;
    // The job asks about deposits older than 30 s: this one was made a minute ago.
    await sql`UPDATE deposits SET created_at = now() - interval '1 minute' WHERE id = ${created.id}`.execute(
      database.db,
    );
    const first = await app.services.payments.recheckPending();
    expect(first.credited).toBeGreaterThanOrEqual(1);
    await app.services.payments.recheckPending();
    expect(await mainBalance(c)).toBe(4_000);
    expect(await events('deposit.credited', created.id)).toBe(1);
    // A webhook arriving late changes nothing.
    const [hook] = await deliveriesFor(created.pix!.txid);
    expect((await postHook(hook!.body, hook!.signature)).statusCode).toBe(200);
    expect(await mainBalance(c)).toBe(4_000);
  });

  it('expires an unpaid charge: removed at the PSP, deposit.failed published once, the page says expired', async () => {
    const { c } = await member();
    const created = await deposit(c, '30.00');
    await sql`UPDATE deposits SET expires_at = now() - interval '2 minutes' WHERE id = ${created.id}`.execute(
      database.db,
    );
    const outcome = await app.jobs.runNow('payments.expire-deposits');
    expect(outcome.outcome).toBe('done');
    const after = await c.get(`/wps/payments/deposits/${created.id}`);
    expect(after.body.value).toMatchObject({ status: 'expired', failureReason: 'expired' });
    expect(await events('deposit.failed', created.id)).toBe(1);
    const { rows } = await sql<{ payload: { reason: string; amountMinor: number } }>`
      SELECT payload FROM domain_events WHERE type = 'deposit.failed'
      AND (payload->>'depositId')::bigint = ${created.id}`.execute(database.db);
    expect(rows[0]!.payload).toMatchObject({ reason: 'expired', amountMinor: 3_000 });
    // The charge can no longer be paid at the PSP.
    const late = await fetch(`${sandboxUrl}/sandbox/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ txid: created.pix!.txid, pagador: { cpf: '52998224725', nome: 'M' } }),
    });
    expect(late.status).toBe(409);
    await app.services.payments.expireDue();
    expect(await events('deposit.failed', created.id)).toBe(1);
    expect(await mainBalance(c)).toBe(0);
  });

  it('credits instead of expiring a charge that was paid but whose webhook was lost', async () => {
    const { c } = await member();
    dropWebhooks = 1;
    const created = await deposit(c, '12.00');
    await payAtSandbox(created.pix!.txid);
    dropWebhooks = 0;
    await sql`UPDATE deposits SET expires_at = now() - interval '2 minutes' WHERE id = ${created.id}`.execute(
      database.db,
    );
    await app.services.payments.expireDue();
    expect((await c.get(`/wps/payments/deposits/${created.id}`)).body.value.status).toBe(
      'credited',
    );
    expect(await mainBalance(c)).toBe(1_200);
    expect(await events('deposit.failed', created.id)).toBe(0);
  });

  it('lists the member’s deposit records, newest first, filtered by status', async () => {
    const { c } = await member();
    const first = await deposit(c, '11.00');
    const second = await deposit(c, '12.00');
    await payAtSandbox(second.pix!.txid);
    const all = (await c.get('/wps/payments/deposits?pageSize=10')).body.value;
    expect(all.list.map((d: { id: number }) => d.id)).toEqual([second.id, first.id]);
    const credited = (await c.get('/wps/payments/deposits?status=credited')).body.value;
    expect(credited).toMatchObject({ totalCount: 1, totalPages: 1 });
    const other = await member();
    expect((await other.c.get(`/wps/payments/deposits/${first.id}`)).body.code).toBe(
      'deposit_not_found',
    );
  });

  it('under br-regulated: a deposit needs the verified CPF, and only the member’s own CPF is credited', async () => {
    await app.services.system.updateBrandSettings('BANCA', (s) => ({
      ...s,
      complianceProfile: 'br-regulated',
    }));
    try {
      const stranger = await member();
      const refused = await stranger.c.post('/wps/payments/deposits', {
        channelCode: 'pix',
        amount: '20.00',
      });
      expect([refused.status, refused.body.code]).toEqual([403, 'identity_not_verified']);

      const { c } = await member();
      const identity = await c.encrypted('PUT', '/wps/payments/identity', {
        cpf: '111.444.777-35',
        fullName: 'João Pereira',
        birthDate: '1988-02-11',
      });
      expect(identity.status, JSON.stringify(identity.body)).toBe(200);
      const own = await deposit(c, '20.00');
      await payAtSandbox(own.pix!.txid, '11144477735');
      expect((await c.get(`/wps/payments/deposits/${own.id}`)).body.value.status).toBe('credited');

      const other = await deposit(c, '30.00');
      await payAtSandbox(other.pix!.txid, '52998224725');
      const after = (await c.get(`/wps/payments/deposits/${other.id}`)).body.value;
      expect(after).toMatchObject({ status: 'failed', failureReason: 'payer_not_own_cpf' });
      expect(await events('deposit.failed', other.id)).toBe(1);
      // A replay of its webhook is answered and still credits nothing.
      const [hook] = await deliveriesFor(other.pix!.txid);
      expect((await postHook(hook!.body, hook!.signature)).statusCode).toBe(200);
      expect(await mainBalance(c)).toBe(2_000);
      expect(await events('deposit.credited', other.id)).toBe(0);
    } finally {
      await app.services.system.updateBrandSettings('BANCA', (s) => ({
        ...s,
        complianceProfile: 'open',
      }));
    }
  });

  describe('manual bank transfer', () => {
    function upload(c: TestClient, id: number, bytes: Buffer, type = 'image/png') {
      return app.inject({
        method: 'PUT',
        url: `/wps/payments/deposits/${id}/receipt`,
        headers: {
          'x-gateway-version': '3',
          device: 'web',
          language: 'pt-BR',
          authorization: c.token!,
          'content-type': type,
        },
        payload: bytes,
      });
    }
    function operator(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
      return app.inject({
        method,
        url: `/admin/api${url}`,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      });
    }

    it('takes a PNG or JPEG receipt by its bytes and refuses anything else', async () => {
      const { c } = await member();
      const created = await deposit(c, '100.00', 'bank');
      expect(created).toMatchObject({ method: 'bank_transfer', pix: null });
      expect(created.bankTransfer).toMatchObject({ receiptUploaded: false });
      const script = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from('#!/bin/sh\nrm -rf /\n'),
      ]);
      for (const [bytes, type] of [
        [script, 'image/png'],
        [Buffer.from('GIF89a....'), 'image/png'],
        [Buffer.from('<svg/>'), 'image/jpeg'],
      ] as const) {
        const res = await upload(c, created.id, bytes, type);
        expect([res.statusCode, res.json().code]).toEqual([400, 'receipt_invalid']);
      }
      const tooBig = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]);
      const big = await upload(c, created.id, tooBig);
      expect(big.statusCode).toBe(413);
      const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
      const ok = await upload(c, created.id, jpeg, 'application/octet-stream');
      expect(ok.statusCode).toBe(200);
      expect(ok.json().value.bankTransfer.receiptUploaded).toBe(true);
    });

    it('an operator of finance approves once even when two approve at the same moment; support may not', async () => {
      const { c } = await member();
      const created = await deposit(c, '150.00', 'bank');
      const early = await operator(
        'finance-token',
        'POST',
        `/payments/deposits/${created.id}/approve`,
      );
      expect([early.statusCode, early.json().code]).toEqual([409, 'deposit_receipt_missing']);
      expect((await upload(c, created.id, PNG_1X1)).statusCode).toBe(200);

      const denied = await operator(
        'support-token',
        'POST',
        `/payments/deposits/${created.id}/approve`,
      );
      expect([denied.statusCode, denied.json().code]).toEqual([403, 'staff_role_required']);
      const queue = await operator(
        'finance-token',
        'GET',
        '/payments/deposits?method=bank_transfer&status=pending',
      );
      expect(queue.json().value.rows.map((d: { id: number }) => d.id)).toContain(created.id);
      const bySort = await operator('finance-token', 'GET', '/payments/deposits?sort=nope');
      expect(bySort.json().code).toBe('validation_failed');
      const receipt = await operator(
        'owner-token',
        'GET',
        `/payments/deposits/${created.id}/receipt`,
      );
      expect(receipt.headers['content-type']).toBe('image/png');
      expect(receipt.rawPayload.equals(PNG_1X1)).toBe(true);

      const [x, y] = await Promise.all([
        operator('finance-token', 'POST', `/payments/deposits/${created.id}/approve`),
        operator('owner-token', 'POST', `/payments/deposits/${created.id}/approve`),
      ]);
      expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
      expect(await mainBalance(c)).toBe(15_000);
      expect(await events('deposit.credited', created.id)).toBe(1);
      const rejectAfter = await operator(
        'finance-token',
        'POST',
        `/payments/deposits/${created.id}/reject`,
        {
          reason: 'late',
        },
      );
      expect(rejectAfter.json().code).toBe('deposit_not_pending');
      expect(await checkInvariants(database.db)).toEqual([]);
    });

    it('a rejected transfer ends as failed with the reason, and publishes deposit.failed', async () => {
      const { c } = await member();
      const created = await deposit(c, '60.00', 'bank');
      await upload(c, created.id, PNG_1X1);
      const empty = await operator(
        'finance-token',
        'POST',
        `/payments/deposits/${created.id}/reject`,
        {
          reason: '',
        },
      );
      expect(empty.json().code).toBe('validation_failed');
      const res = await operator(
        'finance-token',
        'POST',
        `/payments/deposits/${created.id}/reject`,
        {
          reason: 'Comprovante ilegível',
        },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().value).toMatchObject({
        status: 'failed',
        failureReason: 'rejected',
        reviewNote: 'Comprovante ilegível',
        reviewedBy: 'staff:7',
      });
      expect(await events('deposit.failed', created.id)).toBe(1);
      expect(await mainBalance(c)).toBe(0);
      const approveAfter = await operator(
        'owner-token',
        'POST',
        `/payments/deposits/${created.id}/approve`,
      );
      expect(approveAfter.json().code).toBe('deposit_not_pending');
    });
  });
});
