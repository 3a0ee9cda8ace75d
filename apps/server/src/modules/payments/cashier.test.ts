/* eslint-disable @typescript-eslint/no-explicit-any -- test replies are read loosely; contracts are asserted where it matters */
import { adminWithdrawalSchema, withdrawalSchema } from '@banca/contracts';
import { DEV_PIX_SANDBOX_WEBHOOK_SECRET } from '@banca/pix';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPixSandbox, type PixSandbox } from '../../../../pix-sandbox/src/server';
import { createClient, type TestClient } from '../../../test/client';
import { ENGINES, openTestDatabase, type TestDatabase } from '../../../test/harness';
import { startS3Endpoint, type S3Endpoint } from '../../../test/s3-endpoint';
import {
  signedInOperator,
  STAFF_TEST_USER_AGENT,
  type StaffClient,
} from '../../../test/staff-client';
import { buildApp, type App } from '../../app';
import { seedDemo } from '../../demo/seed';
import { createS3FileStorage } from '../../lib/file-storage';
import { checkInvariants } from '../wallet/ledger';
import { ProviderUnavailableError, type PaymentProvider } from './provider';
import { createPixSandboxProvider } from './sandbox-provider';
import { MAX_PAYOUT_ATTEMPTS } from './withdrawals';

const SANDBOX_TOKEN = 'sandbox-token-for-cashier-tests';
const PAYMENT_PASSWORD = '482915';
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const MINUTE_MS = 60_000;
const S3 = {
  bucket: 'banca-cashier',
  accessKeyId: 'CASHIERTESTKEY',
  secretAccessKey: 'cashier-test-secret-0123456789abcdef',
  region: 'sa-east-1',
};

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
const nextCpf = () =>
  cpfFrom(String(200_000_000 + ++cpfCounter * 7907 + Math.floor(Math.random() * 1000)).slice(-9));

/**
 * The cashier's remaining desk actions end to end over HTTP (docs/payments.md "Disputes",
 * "Payouts the job gave up on", "Settings desk"): the platform with the sandbox PSP and an
 * S3-compatible store that checks every request's signature; operators signed in for real.
 */
describe.each(ENGINES)('the cashier on %s', (engine) => {
  let database: TestDatabase;
  let app: App;
  let sandbox: PixSandbox;
  let s3: S3Endpoint;
  let finance: StaffClient;
  let finance2: StaffClient;
  let support: StaffClient;
  let webhookDropRate = 0;
  /** Payout ids the PSP cannot be reached for, and ids whose answers get lost after it acted. */
  const unreachable = new Set<string>();
  const answersLost = new Set<string>();

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    await seedDemo(database.db);
    s3 = await startS3Endpoint(S3);
    sandbox = createPixSandbox({
      apiToken: SANDBOX_TOKEN,
      webhookSecret: DEV_PIX_SANDBOX_WEBHOOK_SECRET,
      publicUrl: 'http://localhost:1',
      get webhookDropRate() {
        return webhookDropRate;
      },
    });
    const sandboxUrl = await sandbox.listen(0, '127.0.0.1');
    const real = createPixSandboxProvider({
      apiUrl: sandboxUrl,
      publicUrl: sandboxUrl,
      token: SANDBOX_TOKEN,
    });
    const provider: PaymentProvider = Object.assign(Object.create(real) as PaymentProvider, {
      sendPayout: async (input: Parameters<PaymentProvider['sendPayout']>[0]) => {
        if (unreachable.has(input.id)) throw new ProviderUnavailableError('PSP down (test)');
        const state = await real.sendPayout(input);
        if (answersLost.has(input.id)) throw new ProviderUnavailableError('answer lost (test)');
        return state;
      },
    });
    app = await buildApp({
      db: database.db,
      logLevel: 'silent',
      webDistDir: null,
      adapters: {
        paymentProviders: new Map([[provider.code, provider]]),
        fileStorage: createS3FileStorage({ ...S3, endpoint: s3.url, pathStyle: true }),
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
    finance = (await signedInOperator(app, ['finance'], { language: 'en' })).client;
    finance2 = (await signedInOperator(app, ['owner'], { ip: '198.51.100.31' })).client;
    support = (await signedInOperator(app, ['support'], { ip: '198.51.100.32' })).client;
  }, 180_000);
  afterAll(async () => {
    await sandbox?.app.close();
    await app?.close();
    await s3?.close();
    await database?.drop();
  });

  let counter = 0;
  type Member = { c: TestClient; id: number; keyId: number };

  async function member(creditMinor: number): Promise<Member> {
    counter += 1;
    const c = createClient(app, { ip: `198.18.${engine === 'pglite' ? 13 : 14}.${counter}` });
    const reg = await c.register({
      username: `ca${engine[0]}${counter}x${Math.floor(Math.random() * 1e4)}`,
      password: 'cashier@2026',
      confirmPassword: 'cashier@2026',
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const id = reg.body.value.member.id as number;
    await c.encrypted('PUT', '/wps/member/password/payment', {
      loginPassword: 'cashier@2026',
      paymentPassword: PAYMENT_PASSWORD,
      confirmPaymentPassword: PAYMENT_PASSWORD,
    });
    const cpf = nextCpf();
    const idn = await c.encrypted('PUT', '/wps/payments/identity', {
      cpf,
      fullName: 'Joana Pereira',
      birthDate: '1988-03-09',
    });
    expect(idn.status, JSON.stringify(idn.body)).toBe(200);
    const key = await c.post('/wps/payments/pix-keys', { type: 'cpf', key: cpf });
    if (creditMinor > 0)
      await app.services.wallet.adjust({
        member: { memberId: id, merchantCode: 'BANCA', currency: 'BRL' },
        amountMinor: creditMinor,
        reason: 'test credit',
        operatorId: 'op-test',
        idempotencyKey: `cashier-test-${engine}-${id}`,
      });
    return { c, id, keyId: key.body.value.id };
  }

  async function requested(m: Member, amount: string) {
    const res = await m.c.encrypted('POST', '/wps/payments/withdrawals', {
      amount,
      pixKeyId: m.keyId,
      paymentPassword: PAYMENT_PASSWORD,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return withdrawalSchema.parse(res.body.value);
  }

  const main = async (m: Member) =>
    (await m.c.get('/wps/v2/wallets/balance')).body.value.main.balanceMinor as number;
  const mine = async (m: Member, id: number) =>
    withdrawalSchema.parse((await m.c.get(`/wps/payments/withdrawals/${id}`)).body.value);
  const desk = async (id: number) =>
    adminWithdrawalSchema.parse(
      (await finance.get(`/admin/api/payments/withdrawals/${id}`)).body.value,
    );

  async function ledgerOps(key: string): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_operations WHERE idempotency_key = ${key}`.execute(
      database.db,
    );
    return Number(rows[0]!.n);
  }

  async function audit(action: string, subject: string) {
    const { rows } = await sql<{ before_state: unknown; after_state: unknown; detail: unknown }>`
      SELECT before_state, after_state, detail FROM operator_audit
      WHERE action = ${action} AND subject = ${subject}`.execute(database.db);
    return rows.map((r) => JSON.parse(JSON.stringify(r)));
  }

  async function inbox(m: Member, language: 'pt-BR' | 'en' = 'pt-BR') {
    await app.events.deliverPending();
    const res = await app.inject({
      method: 'GET',
      url: '/wps/member/messages',
      headers: { authorization: m.c.token!, 'x-gateway-version': '3', language },
    });
    return res.json().value.list as Array<{ kind: string; title: string; content: string }>;
  }

  async function payoutIdOf(id: number): Promise<string> {
    const row = await database.db
      .selectFrom('withdrawals')
      .select('payout_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.payout_id;
  }

  /** Approves, lets the sandbox pay, and has the member answer `answer` (with a proof for not received). */
  async function disputed(m: Member, amount: string, answer: 'partial' | 'not_received') {
    const w = await requested(m, amount);
    expect((await finance.post(`/admin/api/payments/withdrawals/${w.id}/approve`)).status).toBe(
      200,
    );
    await sandbox.idle();
    expect((await mine(m, w.id)).status).toBe('paid');
    if (answer === 'not_received') {
      const proof = await app.inject({
        method: 'PUT',
        url: `/wps/payments/withdrawals/${w.id}/proofs`,
        headers: {
          authorization: m.c.token!,
          'content-type': 'image/png',
          'x-gateway-version': '3',
        },
        payload: PNG_1X1,
      });
      expect(proof.statusCode, proof.body).toBe(200);
    }
    const res = await m.c.post(`/wps/payments/withdrawals/${w.id}/confirmation`, {
      answer,
      ...(answer === 'partial' ? { receivedAmount: '30.00' } : {}),
    });
    expect(res.body.value?.status, JSON.stringify(res.body)).toBe('disputed');
    return w;
  }

  it('refunds a "not received" dispute once: proof read back from S3, money from the clearing account, message, record, audit', async () => {
    const m = await member(50_000);
    const w = await disputed(m, '100.00', 'not_received');
    expect(await main(m)).toBe(40_000);

    // The proof went to the S3-compatible store, and the cashier reads it back through the console.
    const detail = await desk(w.id);
    expect(detail.proofs).toHaveLength(1);
    const stored = [...s3.objects.keys()].filter((k) => k.includes('withdrawal-proofs/'));
    expect(stored.length).toBeGreaterThan(0);
    const image = await app.inject({
      method: 'GET',
      url: `/admin/api/payments/withdrawals/${w.id}/proofs/${detail.proofs[0]!.id}`,
      headers: {
        authorization: finance.token!,
        cookie: finance.cookie!,
        'user-agent': STAFF_TEST_USER_AGENT,
      },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG_1X1)).toBe(true);

    // A reason is required; a short one is refused with a code.
    const noReason = await finance.post(`/admin/api/payments/withdrawals/${w.id}/dispute/refund`, {
      reason: ' ',
    });
    expect([noReason.status, noReason.body.code]).toEqual([400, 'validation_failed']);

    const refunded = await finance.post(`/admin/api/payments/withdrawals/${w.id}/dispute/refund`, {
      reason: 'PSP confirmed the credit did not reach the bank',
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.value).toMatchObject({ status: 'refunded', refundMinor: 10_000 });
    expect(await main(m)).toBe(50_000);
    expect(await ledgerOps(`withdrawal-refund:${w.id}`)).toBe(1);
    const again = await finance2.post(`/admin/api/payments/withdrawals/${w.id}/dispute/refund`, {
      reason: 'second try',
    });
    expect([again.status, again.body.code]).toEqual([409, 'withdrawal_not_disputed']);
    expect(await main(m)).toBe(50_000);

    // The member's record shows the outcome, and the inbox says it in their language.
    expect(await mine(m, w.id)).toMatchObject({
      status: 'refunded',
      refundMinor: 10_000,
      resolutionNote: 'PSP confirmed the credit did not reach the bank',
    });
    const messages = await inbox(m);
    expect(messages[0]).toMatchObject({ kind: 'withdrawal_refunded' });
    expect(messages[0]!.content).toContain('R$\u00a0100,00');
    expect(messages[0]!.content).toContain('PSP confirmed');
    expect((await inbox(m, 'en'))[0]!.title).toBe('Withdrawal: amount refunded');

    // Audited: who, from which account, the ledger key, before and after.
    const entries = await audit('withdrawal.dispute_refund', `withdrawal:${w.id}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      before_state: { status: 'disputed' },
      after_state: { status: 'refunded', refundMinor: 10_000 },
      detail: {
        from: 'payment_clearing:BANCA',
        ledgerKey: `withdrawal-refund:${w.id}`,
        answer: 'not_received',
      },
    });
    expect(await checkInvariants(database.db)).toEqual([]);
  });

  it('two operators settling one dispute at once (refund against close): exactly one wins, the money moves at most once', async () => {
    const m = await member(50_000);
    const w = await disputed(m, '80.00', 'partial');
    expect((await mine(m, w.id)).remainingMinor).toBe(5_000);
    const both = await Promise.all([
      finance.post(`/admin/api/payments/withdrawals/${w.id}/dispute/refund`, {
        reason: 'partial credit confirmed',
      }),
      finance2.post(`/admin/api/payments/withdrawals/${w.id}/dispute/close`, {
        reason: 'bank statement shows the full amount',
      }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.code).toBe('withdrawal_not_disputed');
    const final = await mine(m, w.id);
    if (final.status === 'refunded') {
      // Partly received: the refund is the missing part only (80 − 30).
      expect(final.refundMinor).toBe(5_000);
      expect(await main(m)).toBe(42_000 + 5_000);
    } else {
      expect(final.status).toBe('dispute_closed');
      expect(await main(m)).toBe(42_000);
    }
    expect(await ledgerOps(`withdrawal-refund:${w.id}`)).toBe(final.status === 'refunded' ? 1 : 0);
    expect(await checkInvariants(database.db)).toEqual([]);
  });

  it('closes a dispute without a refund: nothing moves, the member reads why; a wrong role or state is refused', async () => {
    const m = await member(30_000);
    const w = await disputed(m, '50.00', 'partial');
    const forbidden = await support.post(`/admin/api/payments/withdrawals/${w.id}/dispute/close`, {
      reason: 'not my desk',
    });
    expect([forbidden.status, forbidden.body.code]).toEqual([403, 'staff_role_required']);
    const closed = await finance.post(`/admin/api/payments/withdrawals/${w.id}/dispute/close`, {
      reason: 'Extrato do banco mostra o valor integral',
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(await mine(m, w.id)).toMatchObject({
      status: 'dispute_closed',
      refundMinor: null,
      resolutionNote: 'Extrato do banco mostra o valor integral',
    });
    expect(await main(m)).toBe(25_000);
    expect(await ledgerOps(`withdrawal-refund:${w.id}`)).toBe(0);
    const [message] = await inbox(m);
    expect(message).toMatchObject({
      kind: 'withdrawal_dispute_closed',
      title: 'Saque: contestação encerrada',
    });
    expect(message!.content).toContain('Extrato do banco');
    expect(await audit('withdrawal.dispute_close', `withdrawal:${w.id}`)).toHaveLength(1);
    // Settled: neither action applies again, nor to a withdrawal that was never disputed.
    const paid = await requested(m, '20.00');
    for (const [id, path] of [
      [w.id, 'dispute/refund'],
      [paid.id, 'dispute/close'],
    ] as const) {
      const res = await finance.post(`/admin/api/payments/withdrawals/${id}/${path}`, {
        reason: 'again',
      });
      expect([res.status, res.body.code]).toEqual([409, 'withdrawal_not_disputed']);
    }
    const missing = await finance.post('/admin/api/payments/withdrawals/999999999/dispute/close', {
      reason: 'nothing here',
    });
    expect([missing.status, missing.body.code]).toEqual([404, 'withdrawal_not_found']);
  });

  describe('payouts the job gave up on', () => {
    /** Approves with the PSP unreachable (or deaf) for this payout, then runs the job until it gives up. */
    async function givenUp(
      ws: Array<{ id: number; mode: 'unreachable' | 'answers_lost' }>,
      fromMs: number,
    ) {
      for (const w of ws) {
        const payoutId = await payoutIdOf(w.id);
        (w.mode === 'unreachable' ? unreachable : answersLost).add(payoutId);
        expect((await finance.post(`/admin/api/payments/withdrawals/${w.id}/approve`)).status).toBe(
          200,
        );
      }
      await sandbox.idle();
      // Each run claims its own minute; 31 minutes apart, every payout is due each time.
      for (let run = 1; run < MAX_PAYOUT_ATTEMPTS; run += 1)
        await app.jobs.runNow(
          'payments.withdrawal-payouts',
          new Date(fromMs + run * 31 * MINUTE_MS),
        );
      for (const w of ws) {
        const row = await desk(w.id);
        expect(row).toMatchObject({
          status: 'approved',
          payoutAttempts: MAX_PAYOUT_ATTEMPTS,
          payoutGaveUp: true,
        });
        expect(row.payoutError).toContain('gave up');
      }
    }

    it('retries (the PSP asked by the same id first) or closes as failed; never pays twice; one operator wins', async () => {
      const m = await member(100_000);
      const never = await requested(m, '100.00');
      const paidUnheard = await requested(m, '110.00');
      const closeMe = await requested(m, '120.00');
      // The PSP's result notices are lost too, so only a question by id can learn of a payment.
      webhookDropRate = 1;
      try {
        await givenUp(
          [
            { id: never.id, mode: 'unreachable' },
            { id: paidUnheard.id, mode: 'answers_lost' },
            { id: closeMe.id, mode: 'unreachable' },
          ],
          Date.now() + 10 * 24 * 60 * MINUTE_MS,
        );
      } finally {
        webhookDropRate = 0;
      }
      expect(await main(m)).toBe(100_000 - 33_000);

      // A payout not given up on cannot be retried or closed.
      const fresh = await requested(await member(10_000), '20.00');
      for (const path of ['payout/retry', 'payout/fail']) {
        const res = await finance.post(
          `/admin/api/payments/withdrawals/${fresh.id}/${path}`,
          path === 'payout/fail' ? { reason: 'too early' } : undefined,
        );
        expect([res.status, res.body.code]).toEqual([409, 'withdrawal_payout_not_given_up']);
      }
      // Wrong role.
      const denied = await support.post(`/admin/api/payments/withdrawals/${never.id}/payout/retry`);
      expect([denied.status, denied.body.code]).toEqual([403, 'staff_role_required']);

      // Closing as failed the payout the PSP did pay is refused: the question by id finds the
      // payment, which is applied instead; the money left once and is not returned.
      const refusedClose = await finance.post(
        `/admin/api/payments/withdrawals/${paidUnheard.id}/payout/fail`,
        { reason: 'PSP says nothing' },
      );
      expect([refusedClose.status, refusedClose.body.code]).toEqual([
        409,
        'withdrawal_payout_was_paid',
      ]);
      expect((await mine(m, paidUnheard.id)).status).toBe('paid');
      expect(await ledgerOps(`withdrawal-payout:${paidUnheard.id}`)).toBe(1);
      expect(await ledgerOps(`withdrawal-return:${paidUnheard.id}`)).toBe(0);

      // Retry by two operators at once: one wins; the PSP (reachable again) pays it once.
      unreachable.clear();
      const both = await Promise.all([
        finance.post(`/admin/api/payments/withdrawals/${never.id}/payout/retry`),
        finance2.post(`/admin/api/payments/withdrawals/${never.id}/payout/retry`),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(both.find((r) => r.status === 409)!.body.code).toBe('withdrawal_payout_not_given_up');
      await sandbox.idle();
      expect((await mine(m, never.id)).status).toBe('paid');
      expect(await ledgerOps(`withdrawal-payout:${never.id}`)).toBe(1);
      expect(await audit('withdrawal.payout_retry', `withdrawal:${never.id}`)).toHaveLength(1);

      // Close as failed (the PSP never had it): the locked amount comes back, once.
      const failed = await finance.post(
        `/admin/api/payments/withdrawals/${closeMe.id}/payout/fail`,
        {
          reason: 'Chave PIX encerrada no banco',
        },
      );
      expect(failed.status, JSON.stringify(failed.body)).toBe(200);
      expect(await mine(m, closeMe.id)).toMatchObject({
        status: 'failed',
        rejectReason: 'Chave PIX encerrada no banco',
      });
      expect(await main(m)).toBe(100_000 - 21_000);
      expect(await ledgerOps(`withdrawal-return:${closeMe.id}`)).toBe(1);
      const twice = await finance2.post(
        `/admin/api/payments/withdrawals/${closeMe.id}/payout/fail`,
        {
          reason: 'again',
        },
      );
      expect([twice.status, twice.body.code]).toEqual([409, 'withdrawal_payout_not_given_up']);
      expect(await audit('withdrawal.payout_fail', `withdrawal:${closeMe.id}`)).toEqual([
        expect.objectContaining({
          before_state: expect.objectContaining({ status: 'approved' }),
          after_state: expect.objectContaining({ status: 'failed' }),
        }),
      ]);
      const messages = await inbox(m);
      expect(messages.map((x) => x.kind)).toContain('withdrawal_rejected');
      expect(JSON.stringify(messages)).toContain('Chave PIX encerrada no banco');
      // The sandbox holds one payout per withdrawal it paid, never two.
      expect(await checkInvariants(database.db)).toEqual([]);
    }, 120_000);
  });

  describe('settings desk', () => {
    const CHANNEL = '/admin/api/payments/settings/BANCA/channels/pix';
    const WITHDRAWALS = '/admin/api/payments/settings/BANCA/withdrawals';
    const pix = {
      name: 'PIX',
      enabled: true,
      min: '10.00',
      max: '50000.00',
      presets: ['20.00', '50.00', '100.00'],
      sortOrder: 1,
    };
    const withdrawalRules = {
      min: '10.00',
      max: '50000.00',
      dailyCountMax: 3,
      dailyAmountMax: '100000.00',
      turnoverPct: 100,
      minDepositTotal: '0',
      identityRequired: true,
      confirmMinutes: 15,
    };

    it('edits a channel: validated, audited before/after, seen by players at once; a disabled one is gone', async () => {
      const read = await finance.get('/admin/api/payments/settings');
      expect(read.status).toBe(200);
      const banca = read.body.value.brands.find((b: any) => b.merchantCode === 'BANCA');
      expect(banca.channels.map((c: any) => c.code)).toEqual(['pix', 'bank']);
      expect(banca.channels[0]).toMatchObject({ available: true, enabled: true });

      for (const [body, status, code] of [
        [{ ...pix, min: '600.00', max: '500.00' }, 400, 'cashier_limits_invalid'],
        [{ ...pix, presets: ['5.00'] }, 400, 'cashier_limits_invalid'],
        [{ ...pix, min: '10.005' }, 400, 'validation_failed'],
        [{ ...pix, min: '0' }, 400, 'invalid_amount'],
        [{ ...pix, extra: 1 }, 400, 'validation_failed'],
      ] as const) {
        const res = await finance.put(CHANNEL, body);
        expect([res.status, res.body.code], JSON.stringify(body)).toEqual([status, code]);
      }
      expect(
        (await finance.put('/admin/api/payments/settings/BANCA/channels/nope', pix)).body.code,
      ).toBe('payment_channel_not_found');
      expect(
        (await finance.put('/admin/api/payments/settings/NOPE/channels/pix', pix)).body.code,
      ).toBe('cashier_brand_not_found');
      expect((await support.put(CHANNEL, pix)).body.code).toBe('staff_role_required');

      const player = await member(0);
      try {
        const edited = await finance.put(CHANNEL, {
          ...pix,
          min: '25.00',
          max: '3000.50',
          presets: ['100.00', '25.00', '100.00'],
        });
        expect(edited.status, JSON.stringify(edited.body)).toBe(200);
        expect(edited.body.value).toMatchObject({
          minMinor: 2_500,
          maxMinor: 300_050,
          presetsMinor: [2_500, 10_000],
        });
        // The player's page and request see the new limits with no restart.
        const channels = (await player.c.get('/wps/payments/channels')).body.value.channels;
        expect(channels[0]).toMatchObject({ code: 'pix', minMinor: 2_500, maxMinor: 300_050 });
        const low = await player.c.post('/wps/payments/deposits', {
          channelCode: 'pix',
          amount: '20.00',
        });
        expect(low.body.code).toBe('deposit_amount_out_of_range');
        const [entry] = await audit('payments.channel_update', 'payment_channel:BANCA:pix');
        expect(entry).toMatchObject({
          before_state: { minMinor: 1_000, maxMinor: 5_000_000 },
          after_state: { minMinor: 2_500, maxMinor: 300_050 },
        });

        expect((await finance2.put(CHANNEL, { ...pix, enabled: false })).status).toBe(200);
        const after = (await player.c.get('/wps/payments/channels')).body.value.channels;
        expect(after.map((c: any) => c.code)).toEqual(['bank']);
        const refused = await player.c.post('/wps/payments/deposits', {
          channelCode: 'pix',
          amount: '50.00',
        });
        expect(refused.body.code).toBe('payment_channel_unavailable');
      } finally {
        expect((await finance.put(CHANNEL, pix)).status).toBe(200);
      }
    });

    it('edits the withdrawal rules: validated, audited, applied to the next request', async () => {
      for (const [body, code] of [
        [{ ...withdrawalRules, min: '100.00', max: '50.00' }, 'cashier_limits_invalid'],
        [{ ...withdrawalRules, max: '200000.00' }, 'cashier_limits_invalid'],
        [{ ...withdrawalRules, min: '1.001' }, 'validation_failed'],
        [{ ...withdrawalRules, dailyCountMax: 0 }, 'validation_failed'],
      ] as const) {
        const res = await finance.put(WITHDRAWALS, body);
        expect([res.status, res.body.code], JSON.stringify(body)).toEqual([400, code]);
      }
      expect((await support.put(WITHDRAWALS, withdrawalRules)).body.code).toBe(
        'staff_role_required',
      );
      const m = await member(50_000);
      try {
        const res = await finance.put(WITHDRAWALS, {
          ...withdrawalRules,
          min: '75.50',
          dailyCountMax: 1,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.value).toMatchObject({ minMinor: 7_550, dailyCountMax: 1 });
        const overview = (await m.c.get('/wps/payments/withdraw')).body.value;
        expect(overview).toMatchObject({ minMinor: 7_550, dailyCountMax: 1 });
        const low = await m.c.encrypted('POST', '/wps/payments/withdrawals', {
          amount: '50.00',
          pixKeyId: m.keyId,
          paymentPassword: PAYMENT_PASSWORD,
        });
        expect(low.body.code).toBe('withdraw_amount_out_of_range');
        await requested(m, '80.00');
        const second = await m.c.encrypted('POST', '/wps/payments/withdrawals', {
          amount: '80.00',
          pixKeyId: m.keyId,
          paymentPassword: PAYMENT_PASSWORD,
        });
        expect(second.body.code).toBe('withdraw_daily_count_reached');
        const [entry] = await audit(
          'payments.withdrawal_settings_update',
          'withdrawal_settings:BANCA',
        );
        expect(entry).toMatchObject({
          before_state: { minMinor: 1_000, dailyCountMax: 3 },
          after_state: { minMinor: 7_550, dailyCountMax: 1 },
        });
      } finally {
        expect((await finance.put(WITHDRAWALS, withdrawalRules)).status).toBe(200);
      }
    });
  });

  it('keeps a bank transfer’s receipt in the S3-compatible store and shows it to the cashier', async () => {
    const m = await member(0);
    const created = await m.c.post('/wps/payments/deposits', {
      channelCode: 'bank',
      amount: '60.00',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.value.id as number;
    const before = s3.objects.size;
    const upload = await app.inject({
      method: 'PUT',
      url: `/wps/payments/deposits/${id}/receipt`,
      headers: { authorization: m.c.token!, 'content-type': 'image/png', 'x-gateway-version': '3' },
      payload: PNG_1X1,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(s3.objects.size).toBe(before + 1);
    const receipt = await app.inject({
      method: 'GET',
      url: `/admin/api/payments/deposits/${id}/receipt`,
      headers: {
        authorization: finance.token!,
        cookie: finance.cookie!,
        'user-agent': STAFF_TEST_USER_AGENT,
      },
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.rawPayload.equals(PNG_1X1)).toBe(true);
    expect(s3.refused).toEqual([]);
  });
});
