/* eslint-disable @typescript-eslint/no-explicit-any -- test replies are read loosely; contracts are asserted where it matters */
import { withdrawalSchema, withdrawOverviewSchema } from '@banca/contracts';
import { DEV_PIX_SANDBOX_WEBHOOK_SECRET, signWebhook } from '@banca/pix';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPixSandbox, type PixSandbox } from '../../../../pix-sandbox/src/server';
import { createClient, type TestClient } from '../../../test/client';
import { ENGINES, openTestDatabase, type TestDatabase } from '../../../test/harness';
import {
  signedInOperator,
  STAFF_TEST_USER_AGENT,
  type StaffClient,
} from '../../../test/staff-client';
import { buildApp, type App } from '../../app';
import { seedDemo } from '../../demo/seed';
import { createMemoryFileStorage } from '../../lib/file-storage';
import { checkInvariants } from '../wallet/ledger';
import { ProviderUnavailableError, type PaymentProvider } from './provider';
import { createPixSandboxProvider } from './sandbox-provider';

const SANDBOX_TOKEN = 'sandbox-token-for-withdrawal-tests';
const PAYMENT_PASSWORD = '482915';
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const MINUTE_MS = 60_000;

/** A valid CPF from 9 digits: the two check digits computed (mod 11), as packages/pix checks them. */
function cpfFrom(nine: string): string {
  const digits = nine.split('').map(Number);
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i += 1) sum += digits[i]! * (length + 1 - i);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}
let cpfCounter = 0;
function nextCpf(): string {
  cpfCounter += 1;
  return cpfFrom(
    String(100_000_000 + cpfCounter * 7919 + Math.floor(Math.random() * 1000)).slice(-9),
  );
}

/**
 * Money out, end to end over real HTTP: the platform and the sandbox PSP each on a random port,
 * payouts sent to the sandbox and their results coming back signed to /hooks/pix-sandbox/payout.
 * Operators sign in for real (password + authenticator) and act through /admin/api.
 */
describe.each(ENGINES)('withdrawals on %s', (engine) => {
  let database: TestDatabase;
  let app: App;
  let sandbox: PixSandbox;
  let sandboxUrl: string;
  let payoutFailureRate = 0;
  let providerDown = false;
  let finance: StaffClient;
  let finance2: StaffClient;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    await seedDemo(database.db);
    sandbox = createPixSandbox({
      apiToken: SANDBOX_TOKEN,
      webhookSecret: DEV_PIX_SANDBOX_WEBHOOK_SECRET,
      publicUrl: 'http://localhost:1',
      get payoutFailureRate() {
        return payoutFailureRate;
      },
    });
    sandboxUrl = await sandbox.listen(0, '127.0.0.1');
    const real = createPixSandboxProvider({
      apiUrl: sandboxUrl,
      publicUrl: sandboxUrl,
      token: SANDBOX_TOKEN,
    });
    // The same adapter, but unreachable while `providerDown` is set (a PSP outage).
    const provider: PaymentProvider = Object.assign(Object.create(real) as PaymentProvider, {
      sendPayout: (input: Parameters<PaymentProvider['sendPayout']>[0]) => {
        if (providerDown) throw new ProviderUnavailableError('sandbox down (test)');
        return real.sendPayout(input);
      },
    });
    app = await buildApp({
      db: database.db,
      logLevel: 'silent',
      webDistDir: null,
      adapters: {
        paymentProviders: new Map([[provider.code, provider]]),
        fileStorage: createMemoryFileStorage(),
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
    finance = (await signedInOperator(app, ['finance'])).client;
    finance2 = (await signedInOperator(app, ['finance'], { ip: '198.51.100.21' })).client;
    // Two operators' sign-ins hash passwords (argon2): slow on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await sandbox?.app.close();
    await app?.close();
    await database?.drop();
  });

  let counter = 0;
  type Member = { c: TestClient; id: number; cpf: string; keyId: number };

  /** A member with a payment password, a verified CPF, a CPF PIX key and `creditMinor` in the main wallet. */
  async function member(
    creditMinor = 100_000,
    options: { identity?: boolean; paymentPassword?: boolean } = {},
  ): Promise<Member> {
    counter += 1;
    const c = createClient(app, { ip: `198.18.${engine === 'pglite' ? 3 : 4}.${counter}` });
    const reg = await c.register({
      username: `wd${engine[0]}${counter}x${Math.floor(Math.random() * 1e4)}`,
      password: 'withdraw@2026',
      confirmPassword: 'withdraw@2026',
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const id = reg.body.value.member.id as number;
    if (options.paymentPassword ?? true) {
      const pw = await c.encrypted('PUT', '/wps/member/password/payment', {
        loginPassword: 'withdraw@2026',
        paymentPassword: PAYMENT_PASSWORD,
        confirmPaymentPassword: PAYMENT_PASSWORD,
      });
      expect(pw.status, JSON.stringify(pw.body)).toBe(200);
    }
    const cpf = nextCpf();
    let keyId = 0;
    if (options.identity ?? true) {
      const idn = await c.encrypted('PUT', '/wps/payments/identity', {
        cpf,
        fullName: 'Maria da Silva',
        birthDate: '1990-05-17',
      });
      expect(idn.status, JSON.stringify(idn.body)).toBe(200);
      const key = await c.post('/wps/payments/pix-keys', { type: 'cpf', key: cpf });
      expect(key.status, JSON.stringify(key.body)).toBe(200);
      keyId = key.body.value.id;
    }
    if (creditMinor > 0)
      await app.services.wallet.adjust({
        member: { memberId: id, merchantCode: 'BANCA', currency: 'BRL' },
        amountMinor: creditMinor,
        reason: 'test credit',
        operatorId: 'op-test',
        idempotencyKey: `wd-test-${engine}-${id}`,
      });
    return { c, id, cpf, keyId };
  }

  function withdraw(m: Member, amount: string | number, extra: Record<string, unknown> = {}) {
    return m.c.encrypted('POST', '/wps/payments/withdrawals', {
      amount,
      pixKeyId: m.keyId,
      paymentPassword: PAYMENT_PASSWORD,
      ...extra,
    });
  }

  async function requested(m: Member, amount: string | number) {
    const res = await withdraw(m, amount);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return withdrawalSchema.parse(res.body.value);
  }

  async function balances(m: Member): Promise<{ main: number }> {
    const main = (await m.c.get('/wps/v2/wallets/balance')).body.value.main.balanceMinor as number;
    return { main };
  }

  async function lockedOf(memberId: number): Promise<number> {
    const { rows } = await sql<{ b: string | null }>`
      SELECT balance_minor::text AS b FROM ledger_accounts
      WHERE member_id = ${memberId} AND purpose = 'locked'`.execute(database.db);
    return Number(rows[0]?.b ?? 0);
  }

  async function mine(m: Member, id: number) {
    return withdrawalSchema.parse((await m.c.get(`/wps/payments/withdrawals/${id}`)).body.value);
  }

  async function events(type: string, withdrawalId: number): Promise<unknown[]> {
    const { rows } = await sql<{ payload: unknown }>`
      SELECT payload FROM domain_events
      WHERE type = ${type} AND (payload->>'withdrawalId')::bigint = ${withdrawalId}`.execute(
      database.db,
    );
    return rows.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload));
  }

  async function ledgerOps(prefix: string): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_operations WHERE idempotency_key = ${prefix}`.execute(
      database.db,
    );
    return Number(rows[0]!.n);
  }

  async function approveAndSettle(withdrawalId: number, operator = finance) {
    const res = await operator.post(`/admin/api/payments/withdrawals/${withdrawalId}/approve`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await sandbox.idle();
    return res;
  }

  it('records a CPF once, with check digits, a full name and 18+; refuses bad input with codes', async () => {
    const m = await member(0, { identity: false });
    const put = (body: unknown) => m.c.encrypted('PUT', '/wps/payments/identity', body);
    const valid = nextCpf();
    const wrongDigit = valid.slice(0, 10) + String((Number(valid[10]) + 1) % 10);
    expect(
      (await put({ cpf: wrongDigit, fullName: 'Ana Souza', birthDate: '1990-01-01' })).body.code,
    ).toBe('cpf_invalid');
    expect(
      (await put({ cpf: '111.111.111-11', fullName: 'Ana Souza', birthDate: '1990-01-01' })).body
        .code,
    ).toBe('cpf_invalid');
    expect((await put({ cpf: valid, fullName: 'Ana', birthDate: '1990-01-01' })).body.code).toBe(
      'identity_name_invalid',
    );
    expect(
      (await put({ cpf: valid, fullName: 'Ana Souza', birthDate: '1990-02-30' })).body.code,
    ).toBe('identity_birth_date_invalid');
    const seventeen = new Date();
    seventeen.setUTCFullYear(seventeen.getUTCFullYear() - 17);
    const underage = await put({
      cpf: valid,
      fullName: 'Ana Souza',
      birthDate: seventeen.toISOString().slice(0, 10),
    });
    expect(underage.status).toBe(403);
    expect(underage.body.code).toBe('identity_underage');
    expect(underage.body.message).toContain('18');
    // A plain body is refused: personal data travels encrypted.
    expect(
      (
        await m.c.put('/wps/payments/identity', {
          cpf: valid,
          fullName: 'Ana Souza',
          birthDate: '1990-01-01',
        })
      ).status,
    ).toBe(400);

    const formatted = `${valid.slice(0, 3)}.${valid.slice(3, 6)}.${valid.slice(6, 9)}-${valid.slice(9)}`;
    const ok = await put({ cpf: formatted, fullName: 'Ana  Souza', birthDate: '1990-01-01' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.value.identity).toMatchObject({
      cpfMasked: `***.***.*${valid.slice(7, 9)}-${valid.slice(9)}`,
      fullName: 'Ana Souza',
      birthDate: '1990-01-01',
    });
    expect(JSON.stringify((await m.c.get('/wps/payments/identity')).body)).not.toContain(valid);
    expect(
      (await put({ cpf: valid, fullName: 'Ana Souza', birthDate: '1990-01-01' })).body.code,
    ).toBe('identity_already_verified');
    const other = await member(0, { identity: false });
    const taken = await other.c.encrypted('PUT', '/wps/payments/identity', {
      cpf: valid,
      fullName: 'Outra Pessoa',
      birthDate: '1980-01-01',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('cpf_in_use');
  });

  it('validates and normalises PIX keys by type; br-regulated takes only the member’s own CPF', async () => {
    const m = await member(0);
    const add = (type: string, key: string) => m.c.post('/wps/payments/pix-keys', { type, key });
    for (const [type, key] of [
      ['cpf', '123.456.789-00'],
      ['email', 'not-an-email'],
      ['phone', '12345'],
      ['phone', '+1 415 555 0100'],
      ['evp', 'not-a-uuid'],
    ] as const) {
      const res = await add(type, key);
      expect(res.status, `${type} ${key}`).toBe(400);
      expect(res.body.code).toBe('pix_key_invalid');
    }
    expect((await m.c.post('/wps/payments/pix-keys', { type: 'iban', key: 'x' })).body.code).toBe(
      'validation_failed',
    );
    const phone = await add('phone', '(11) 98765-4321');
    expect(phone.body.value).toMatchObject({ type: 'phone', keyMasked: '+5511987654321' });
    expect((await add('phone', '+55 11 98765 4321')).body.code).toBe('pix_key_exists');
    const evp = await add('evp', '123E4567-E89B-42D3-A456-426614174000');
    expect(evp.body.value.keyMasked).toBe('123e4567-e89b-42d3-a456-426614174000');
    expect((await add('email', 'Maria@Example.COM')).body.value.keyMasked).toBe(
      'maria@example.com',
    );
    expect((await add('email', 'outra@example.com')).status).toBe(200);
    expect((await add('email', 'terceira@example.com')).body.code).toBe('pix_key_limit');
    expect((await m.c.delete(`/wps/payments/pix-keys/${phone.body.value.id}`)).status).toBe(200);
    expect((await m.c.delete(`/wps/payments/pix-keys/${phone.body.value.id}`)).body.code).toBe(
      'pix_key_not_found',
    );

    await app.services.system.updateBrandSettings('BANCA', (s) => ({
      ...s,
      complianceProfile: 'br-regulated',
    }));
    try {
      const r = await member(50_000);
      const email = await r.c.post('/wps/payments/pix-keys', {
        type: 'email',
        key: 'r@example.com',
      });
      expect(email.status).toBe(403);
      expect(email.body.code).toBe('pix_key_not_own_cpf');
      const someoneElse = await r.c.post('/wps/payments/pix-keys', { type: 'cpf', key: nextCpf() });
      expect(someoneElse.body.code).toBe('pix_key_not_own_cpf');
      // A key saved while the brand was open does not pay out under br-regulated.
      const refused = await withdraw({ ...m, keyId: evp.body.value.id }, '20.00');
      expect(refused.body.code).toBe('pix_key_not_own_cpf');
      // The own CPF key (saved by member()) works; deposits need the CPF and the payer to match.
      expect((await withdraw(r, '20.00')).status).toBe(200);
      const ids = app.services.identity;
      expect(await ids.payerAllowed('BANCA', r.id, r.cpf)).toBe(true);
      expect(await ids.payerAllowed('BANCA', r.id, nextCpf())).toBe(false);
      expect(await ids.payerAllowed('BANCA', r.id, null)).toBe(false);
      const noId = await member(0, { identity: false });
      await expect(ids.assertMayDeposit('BANCA', noId.id)).rejects.toMatchObject({
        code: 'identity_not_verified',
      });
    } finally {
      await app.services.system.updateBrandSettings('BANCA', (s) => ({
        ...s,
        complianceProfile: 'open',
      }));
    }
    expect(await app.services.identity.payerAllowed('BANCA', m.id, null)).toBe(true);
  });

  it('withdrawal → reject with a reason → the locked amount comes back', async () => {
    const m = await member(50_000);
    const overview = withdrawOverviewSchema.parse(
      (await m.c.get('/wps/payments/withdraw')).body.value,
    );
    expect(overview).toMatchObject({
      balanceMinor: 50_000,
      paymentPasswordSet: true,
      todayCount: 0,
      confirmMinutes: 15,
    });
    expect(overview.pixKeys).toHaveLength(1);

    const w = await requested(m, '120.50');
    expect(w).toMatchObject({ status: 'pending', amountMinor: 12_050, pixKeyType: 'cpf' });
    expect(await balances(m)).toMatchObject({ main: 37_950 });
    expect(await lockedOf(m.id)).toBe(12_050);
    expect(await events('withdrawal.requested', w.id)).toHaveLength(1);

    const queue = await finance.get('/admin/api/payments/withdrawals?status=pending&pageSize=100');
    expect(queue.status).toBe(200);
    const row = queue.body.value.rows.find((r: any) => r.id === w.id);
    expect(row).toMatchObject({ memberId: m.id, pixKey: m.cpf, holderName: 'Maria da Silva' });

    const rejected = await finance.post(`/admin/api/payments/withdrawals/${w.id}/reject`, {
      reason: 'Dados divergentes',
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.value).toMatchObject({
      status: 'rejected',
      rejectReason: 'Dados divergentes',
    });
    expect((await balances(m)).main).toBe(50_000);
    expect(await lockedOf(m.id)).toBe(0);
    expect(await mine(m, w.id)).toMatchObject({
      status: 'rejected',
      rejectReason: 'Dados divergentes',
    });
    expect(await events('withdrawal.rejected', w.id)).toEqual([
      expect.objectContaining({ reason: 'Dados divergentes', amountMinor: 12_050 }),
    ]);
    // The audit log has who decided, with the status before and after.
    const audit = await sql<{ before_state: unknown; after_state: unknown }>`
      SELECT before_state, after_state FROM operator_audit
      WHERE action = 'withdrawal.reject' AND subject = ${`withdrawal:${w.id}`}`.execute(
      database.db,
    );
    expect(audit.rows).toHaveLength(1);
    expect(JSON.stringify(audit.rows[0])).toContain('rejected');
    // Decided once: approving or rejecting again changes nothing.
    const again = await finance.post(`/admin/api/payments/withdrawals/${w.id}/approve`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('withdrawal_not_pending');
    // The member's inbox gets the rejection with its reason (messages module).
    await app.events.deliverPending();
    const inbox = await m.c.get('/wps/member/messages');
    expect(JSON.stringify(inbox.body.value)).toContain('Dados divergentes');
    expect(await checkInvariants(database.db)).toEqual([]);
  });

  it('approve → the payout fails at the PSP → the locked amount comes back', async () => {
    const m = await member(30_000);
    const w = await requested(m, 100);
    payoutFailureRate = 1;
    try {
      await approveAndSettle(w.id);
    } finally {
      payoutFailureRate = 0;
    }
    expect(await mine(m, w.id)).toMatchObject({ status: 'failed', rejectReason: 'payout_failed' });
    expect((await balances(m)).main).toBe(30_000);
    expect(await lockedOf(m.id)).toBe(0);
    expect(await events('withdrawal.approved', w.id)).toHaveLength(1);
    expect(await events('withdrawal.rejected', w.id)).toEqual([
      expect.objectContaining({ reason: 'payout_failed' }),
    ]);
    expect(await events('withdrawal.paid', w.id)).toHaveLength(0);
    expect(await checkInvariants(database.db)).toEqual([]);
  });

  it('approve → paid → the member confirms: received in full, partly received, not received with proof', async () => {
    const m = await member(100_000);
    const [a, b, c] = [await requested(m, 100), await requested(m, 200), await requested(m, 300)];
    for (const w of [a, b, c]) await approveAndSettle(w.id);
    expect((await balances(m)).main).toBe(40_000);
    expect(await lockedOf(m.id)).toBe(0);
    for (const w of [a, b, c]) {
      const paid = await mine(m, w.id);
      expect(paid.status).toBe('paid');
      expect(Date.parse(paid.confirmBy!) - Date.parse(paid.paidAt!)).toBe(15 * MINUTE_MS);
      expect(await events('withdrawal.paid', w.id)).toHaveLength(1);
      expect(await ledgerOps(`withdrawal-payout:${w.id}`)).toBe(1);
    }
    const pending = await m.c.get('/wps/payments/withdrawals/confirmations');
    expect(pending.body.value.list.map((w: any) => w.id).sort()).toEqual([a.id, b.id, c.id].sort());

    const received = await m.c.post(`/wps/payments/withdrawals/${a.id}/confirmation`, {
      answer: 'received',
    });
    expect(received.body.value).toMatchObject({
      status: 'confirmed',
      confirmation: 'received',
      receivedMinor: 10_000,
    });

    expect(
      (
        await m.c.post(`/wps/payments/withdrawals/${b.id}/confirmation`, {
          answer: 'partial',
          receivedAmount: '200.00',
        })
      ).body.code,
    ).toBe('withdrawal_received_invalid');
    expect(
      (
        await m.c.post(`/wps/payments/withdrawals/${b.id}/confirmation`, {
          answer: 'partial',
          receivedAmount: '1.005',
        })
      ).body.code,
    ).toBe('validation_failed');
    const partial = await m.c.post(`/wps/payments/withdrawals/${b.id}/confirmation`, {
      answer: 'partial',
      receivedAmount: '150.00',
    });
    expect(partial.body.value).toMatchObject({
      status: 'disputed',
      confirmation: 'partial',
      receivedMinor: 15_000,
      remainingMinor: 5_000,
    });

    // Not received needs a proof first: an image by its bytes, ≤ 5 MB, ≤ 3.
    const noProof = await m.c.post(`/wps/payments/withdrawals/${c.id}/confirmation`, {
      answer: 'not_received',
    });
    expect(noProof.status).toBe(400);
    expect(noProof.body.code).toBe('withdrawal_proof_required');
    const upload = (bytes: Buffer, type = 'image/png') =>
      app.inject({
        method: 'PUT',
        url: `/wps/payments/withdrawals/${c.id}/proofs`,
        headers: {
          authorization: m.c.token!,
          'content-type': type,
          'x-gateway-version': '3',
          language: 'en',
        },
        payload: bytes,
      });
    const script = Buffer.concat([
      PNG_1X1.subarray(0, 8),
      Buffer.from('#!/bin/sh\nrm -rf / # not an image at all, only its first bytes\n'),
    ]);
    const forged = await upload(script);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('receipt_invalid');
    expect(forged.json().message).toContain('PNG or JPG');
    const pdf = await upload(Buffer.from('%PDF-1.4 fake'), 'image/jpeg');
    expect(pdf.json().code).toBe('receipt_invalid');
    const huge = await upload(Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]));
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    for (let i = 0; i < 3; i += 1) expect((await upload(PNG_1X1)).statusCode).toBe(200);
    const fourth = await upload(PNG_1X1);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().code).toBe('withdrawal_proof_limit');
    const notReceived = await m.c.post(`/wps/payments/withdrawals/${c.id}/confirmation`, {
      answer: 'not_received',
    });
    expect(notReceived.body.value).toMatchObject({
      status: 'disputed',
      confirmation: 'not_received',
      proofCount: 3,
      remainingMinor: 30_000,
    });
    // The cashier sees the proofs and can open one; the image comes back as it was sent.
    const detail = await finance.get(`/admin/api/payments/withdrawals/${c.id}`);
    expect(detail.body.value.proofs).toHaveLength(3);
    const image = await app.inject({
      method: 'GET',
      url: `/admin/api/payments/withdrawals/${c.id}/proofs/${detail.body.value.proofs[0].id}`,
      headers: {
        authorization: finance.token!,
        cookie: finance.cookie!,
        'user-agent': STAFF_TEST_USER_AGENT,
      },
    });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG_1X1)).toBe(true);
    expect(image.headers['content-type']).toBe('image/png');

    expect(
      (await m.c.post(`/wps/payments/withdrawals/${a.id}/confirmation`, { answer: 'not_received' }))
        .body.code,
    ).toBe('withdrawal_not_awaiting_confirmation');
    for (const [w, answer] of [
      [a, 'received'],
      [b, 'partial'],
      [c, 'not_received'],
    ] as const)
      expect(await events('withdrawal.confirmed', w.id)).toEqual([
        expect.objectContaining({ answer }),
      ]);
    // A confirmation moves no money.
    expect((await balances(m)).main).toBe(40_000);
    expect(await checkInvariants(database.db)).toEqual([]);
  });

  it('deems a payout received 15 minutes after it was paid (a job claiming its period); no refund after', async () => {
    const m = await member(20_000);
    const w = await requested(m, 50);
    await approveAndSettle(w.id);
    const paid = await mine(m, w.id);
    const confirmBy = Date.parse(paid.confirmBy!);
    // A run whose period ends before the deadline leaves it waiting.
    await app.jobs.runNow('payments.withdrawal-auto-confirm', new Date(confirmBy - 2 * MINUTE_MS));
    expect((await mine(m, w.id)).status).toBe('paid');
    const at = new Date(confirmBy + MINUTE_MS);
    expect((await app.jobs.runNow('payments.withdrawal-auto-confirm', at)).outcome).toBe('done');
    expect(await mine(m, w.id)).toMatchObject({
      status: 'confirmed',
      confirmation: 'deemed_received',
    });
    // The same period again is skipped (claimed), and nothing is published twice.
    expect((await app.jobs.runNow('payments.withdrawal-auto-confirm', at)).outcome).toBe('skipped');
    expect(await events('withdrawal.confirmed', w.id)).toEqual([
      expect.objectContaining({ answer: 'deemed_received' }),
    ]);
    // A forced receipt is final: the member can no longer say it did not arrive, and nothing is refunded.
    const late = await m.c.post(`/wps/payments/withdrawals/${w.id}/confirmation`, {
      answer: 'received',
    });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('withdrawal_not_awaiting_confirmation');
    expect((await balances(m)).main).toBe(15_000);
  });

  it('two operators acting on one withdrawal at once: exactly one wins, the money moves once', async () => {
    const m = await member(40_000);
    const w1 = await requested(m, 100);
    const both = await Promise.all([
      finance.post(`/admin/api/payments/withdrawals/${w1.id}/approve`),
      finance2.post(`/admin/api/payments/withdrawals/${w1.id}/approve`),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.code).toBe('withdrawal_not_pending');
    await sandbox.idle();
    expect(await events('withdrawal.approved', w1.id)).toHaveLength(1);
    expect(await ledgerOps(`withdrawal-payout:${w1.id}`)).toBe(1);

    const w2 = await requested(m, 100);
    const mixed = await Promise.all([
      finance.post(`/admin/api/payments/withdrawals/${w2.id}/approve`),
      finance2.post(`/admin/api/payments/withdrawals/${w2.id}/reject`, { reason: 'fraude' }),
    ]);
    expect(mixed.map((r) => r.status).sort()).toEqual([200, 409]);
    await sandbox.idle();
    const final = await mine(m, w2.id);
    // Whoever won decided it: paid (approved) with no return, or rejected with no payout.
    if (final.status === 'paid') expect(await ledgerOps(`withdrawal-return:${w2.id}`)).toBe(0);
    else {
      expect(final.status).toBe('rejected');
      expect(await ledgerOps(`withdrawal-payout:${w2.id}`)).toBe(0);
    }
    expect(await checkInvariants(database.db)).toEqual([]);
  });

  it('retries a payout the PSP did not take, with back-off, as a job; a re-run or a replayed result pays nothing twice', async () => {
    const m = await member(20_000);
    const w = await requested(m, 80);
    providerDown = true;
    try {
      await finance.post(`/admin/api/payments/withdrawals/${w.id}/approve`);
    } finally {
      providerDown = false;
    }
    const stuck = (await finance.get(`/admin/api/payments/withdrawals/${w.id}`)).body.value;
    expect(stuck).toMatchObject({ status: 'approved', payoutAttempts: 1 });
    expect(stuck.payoutError).toContain('sandbox down');
    // Not yet due (30 s back-off): a run now sends nothing.
    const start = Date.now();
    await app.jobs.runNow('payments.withdrawal-payouts', new Date(start - MINUTE_MS));
    expect((await mine(m, w.id)).status).toBe('approved');
    // Due: the job sends it with the same payout id, and the PSP's result settles it.
    await app.jobs.runNow('payments.withdrawal-payouts', new Date(start + 2 * MINUTE_MS));
    await sandbox.idle();
    expect((await mine(m, w.id)).status).toBe('paid');
    await app.jobs.runNow('payments.withdrawal-payouts', new Date(start + 3 * MINUTE_MS));
    await app.jobs.runNow('payments.withdrawal-payouts', new Date(start + 3 * MINUTE_MS));
    await sandbox.idle();
    expect(await ledgerOps(`withdrawal-payout:${w.id}`)).toBe(1);
    expect(await events('withdrawal.paid', w.id)).toHaveLength(1);

    // The PSP's signed result, replayed from outside: accepted, nothing changes; forged: refused.
    const { deliveries } = (await fetch(`${sandboxUrl}/sandbox/deliveries`).then((r) =>
      r.json(),
    )) as {
      deliveries: Array<{ body: string; signature: string }>;
    };
    const payoutId = (
      await database.db
        .selectFrom('withdrawals')
        .select('payout_id')
        .where('id', '=', w.id)
        .executeTakeFirstOrThrow()
    ).payout_id;
    const delivery = deliveries.find((d) => d.body.includes(payoutId))!;
    const post = (body: string, signature: string) =>
      app.inject({
        method: 'POST',
        url: '/hooks/pix-sandbox/payout',
        headers: { 'content-type': 'application/json', 'x-pix-signature': signature },
        payload: body,
      });
    expect((await post(delivery.body, delivery.signature)).statusCode).toBe(200);
    const failedInstead = delivery.body.replace('"REALIZADO"', '"NAO_REALIZADO"');
    expect((await post(failedInstead, 'sha256=' + '0'.repeat(64))).statusCode).toBe(401);
    const unknown = JSON.stringify({
      payout: { id: 'wd-999999-nope', status: 'REALIZADO', valor: '80.00' },
    });
    const unknownRes = await post(unknown, signWebhook(DEV_PIX_SANDBOX_WEBHOOK_SECRET, unknown));
    expect(unknownRes.statusCode).toBe(404);
    expect(unknownRes.json().code).toBe('webhook_unknown_reference');
    // Even a validly signed "failed" after "paid" changes nothing: the paid withdrawal is settled.
    const lateFailure = await post(
      failedInstead,
      signWebhook(DEV_PIX_SANDBOX_WEBHOOK_SECRET, failedInstead),
    );
    expect(lateFailure.statusCode, lateFailure.body).toBe(200);
    expect((await mine(m, w.id)).status).toBe('paid');
    expect((await balances(m)).main).toBe(12_000);
    expect(await ledgerOps(`withdrawal-return:${w.id}`)).toBe(0);
    expect(await checkInvariants(database.db)).toEqual([]);
  });

  it('counts a wrong payment password like a wrong login password, and locks after repeats', async () => {
    const m = await member(20_000);
    const wrong = await withdraw(m, 20, { paymentPassword: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('payment_password_incorrect');
    expect(wrong.body.message).toBe('A senha de pagamento está incorreta.');
    let last = wrong;
    for (let i = 0; i < 12; i += 1) last = await withdraw(m, 20, { paymentPassword: '000000' });
    expect(last.body.code).toBe('login_locked');
    // Locked: the right password is refused too, and nothing was locked or requested.
    expect((await withdraw(m, 20)).body.code).toBe('login_locked');
    expect((await balances(m)).main).toBe(20_000);
    expect(await lockedOf(m.id)).toBe(0);
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM login_failures WHERE account_key = (SELECT lower(username) FROM members WHERE id = ${m.id})`.execute(
      database.db,
    );
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(10);
  });

  it('refuses amounts out of range or with sub-centavo precision, over the daily count, and what the rules forbid', async () => {
    const m = await member(5_000_000);
    const code = async (amount: unknown, extra: Record<string, unknown> = {}) =>
      (await withdraw(m, amount as string, extra)).body.code;
    expect(await code('9.99')).toBe('withdraw_amount_out_of_range');
    expect(await code('50000.01')).toBe('withdraw_amount_out_of_range');
    expect(await code('10.001')).toBe('validation_failed');
    expect(await code('-10')).toBe('validation_failed');
    expect(await code('20', { pixKeyId: 999_999 })).toBe('pix_key_not_found');
    const settings = await app.services.withdrawals.settingsOf('BANCA');
    await app.services.withdrawals.updateSettings({ ...settings, daily_count_max: 2 });
    try {
      await requested(m, 20);
      await requested(m, 20);
      const third = await withdraw(m, 20);
      expect(third.status).toBe(429);
      expect(third.body.code).toBe('withdraw_daily_count_reached');
      // Two at once for the last place: the limit holds.
      const n = await member(100_000);
      const pair = await Promise.all([withdraw(n, 20), withdraw(n, 20), withdraw(n, 20)]);
      expect(pair.filter((r) => r.status === 200)).toHaveLength(2);
    } finally {
      await app.services.withdrawals.updateSettings(settings);
    }
    const poor = await member(1_000);
    expect((await withdraw(poor, 20)).body.code).toBe('insufficient_funds');

    const noPassword = await member(20_000, { paymentPassword: false });
    expect((await withdraw(noPassword, 20)).body.code).toBe('payment_password_not_set');
    const noIdentity = await member(20_000, { identity: false });
    const key = await noIdentity.c.post('/wps/payments/pix-keys', {
      type: 'email',
      key: 'sem.cpf@example.com',
    });
    const refused = await withdraw({ ...noIdentity, keyId: key.body.value.id }, 20);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('identity_not_verified');

    // Turnover: a deposit of R$ 100 asks R$ 100 of valid bets before a withdrawal.
    const bettor = await member(20_000);
    await database.db
      .insertInto('deposits')
      .values({
        merchant_code: 'BANCA',
        member_id: bettor.id,
        channel_code: 'pix',
        method: 'pix',
        provider: 'pix-sandbox',
        currency: 'BRL',
        amount_minor: 10_000,
        status: 'credited',
        credited_at: new Date(),
      } as never)
      .execute();
    const turnover = await withdraw(bettor, 20);
    expect(turnover.status).toBe(403);
    expect(turnover.body.code).toBe('withdraw_turnover_not_met');
    expect(turnover.body.message).toContain('100,00');
    const overview = withdrawOverviewSchema.parse(
      (await bettor.c.get('/wps/payments/withdraw')).body.value,
    );
    expect(overview.turnover).toEqual({ requiredMinor: 10_000, doneMinor: 0 });
    expect(await checkInvariants(database.db)).toEqual([]);
  });

  it('refuses operators without the cashier role, callers without a staff session, and free play', async () => {
    const m = await member(20_000);
    const w = await requested(m, 20);
    const support = (await signedInOperator(app, ['support'], { ip: '198.51.100.40' })).client;
    for (const [method, url] of [
      ['GET', '/admin/api/payments/withdrawals'],
      ['POST', `/admin/api/payments/withdrawals/${w.id}/approve`],
      ['POST', `/admin/api/payments/withdrawals/${w.id}/reject`],
    ] as const) {
      const res = await support.raw(method, url, method === 'POST' ? { reason: 'x' } : undefined);
      expect(res.status, url).toBe(403);
      expect(res.body.code).toBeTruthy();
    }
    const anonymous = await app.inject({
      method: 'POST',
      url: `/admin/api/payments/withdrawals/${w.id}/approve`,
    });
    expect(anonymous.statusCode).toBe(401);
    // A member's token is not a staff session.
    const asMember = await app.inject({
      method: 'POST',
      url: `/admin/api/payments/withdrawals/${w.id}/approve`,
      headers: { authorization: m.c.token! },
    });
    expect(asMember.statusCode).toBe(401);
    expect((await mine(m, w.id)).status).toBe('pending');
    // Another member cannot see or confirm it.
    const other = await member(0);
    expect((await other.c.get(`/wps/payments/withdrawals/${w.id}`)).body.code).toBe(
      'withdrawal_not_found',
    );
    const trial = createClient(app, { ip: '198.18.9.77' });
    const login = await trial.post('/wps/session/login/freeplay', {});
    trial.setToken(login.body.value.token);
    expect((await trial.get('/wps/payments/withdraw')).body.code).toBe('trial_register_first');
  });
});
