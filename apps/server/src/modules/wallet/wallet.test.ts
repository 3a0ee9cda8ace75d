import { balancesSchema, errorEnvelopeSchema } from '@banca/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type TestClient } from '../../../test/client';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import { checkInvariants } from './ledger';

describe.each(ENGINES)('wallet on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  let counter = 0;
  /** A fresh registered member with `creditMinor` in the main wallet (operator adjustment). */
  async function member(creditMinor = 0): Promise<{ c: TestClient; id: number }> {
    counter += 1;
    const c = createClient(t.app, { ip: `198.18.0.${counter}` });
    const reg = await c.register({
      username: `wallet${engine[0]}${counter}x`,
      password: 'wallet@2026',
      confirmPassword: 'wallet@2026',
    });
    const id = reg.body.value.member.id as number;
    if (creditMinor > 0) {
      await t.app.services.wallet.adjust({
        member: { memberId: id, merchantCode: 'BANCA', currency: 'BRL' },
        amountMinor: creditMinor,
        reason: 'test credit',
        operatorId: 'op-test',
        idempotencyKey: `credit-${engine}-${counter}`,
      });
    }
    return { c, id };
  }

  it('shows a new member an empty main wallet and the transfer-mode vendor wallets', async () => {
    const { c } = await member();
    const res = await c.get('/wps/v2/wallets/balance');
    const value = balancesSchema.parse(res.body.value);
    expect(value.main).toMatchObject({ accountTypeId: 0, balanceMinor: 0, balance: 0 });
    expect(value.vendors.map((v) => v.vendorCode).sort()).toEqual(['ARS', 'AUL']);
    expect(value.isSingle).toBe(false);
    expect(value.currencySymbol).toBe('R$');
  });

  it('moves money main → vendor → main and reports each balance', async () => {
    const { c } = await member(10_000);
    const vendor = (await c.get('/wps/v2/wallets/balance')).body.value.vendors[0];
    const out = await c.post('/wps/relay/GCS_walletTransfer', {
      fromAccountTypeId: 0,
      toAccountTypeId: vendor.accountTypeId,
      amount: 25.5,
    });
    expect(out.status).toBe(200);
    expect(out.body.value).toEqual({
      successAmount: 25.5,
      from: { accountTypeId: 0, balanceMinor: 7_450 },
      to: { accountTypeId: vendor.accountTypeId, balanceMinor: 2_550 },
    });
    const back = await c.post('/wps/relay/GCS_walletTransfer', {
      fromAccountTypeId: vendor.accountTypeId,
      toAccountTypeId: 0,
      amount: '10.05',
    });
    expect(back.body.value.to.balanceMinor).toBe(8_455);
    const collected = await c.post('/wps/relay/GCS_collectAll');
    expect(collected.body.value.collectedAmount).toBe(15.45);
    expect(collected.body.value.balances.main.balanceMinor).toBe(10_000);
    expect(collected.body.value.balances.totalMinor).toBe(10_000);
  });

  it('answers a replayed collect exactly as the first time, and moves nothing again', async () => {
    const { c } = await member(10_000);
    const [a, b] = (await c.get('/wps/v2/wallets/balance')).body.value.vendors as Array<{
      accountTypeId: number;
    }>;
    const move = (to: number, amount: string) =>
      c.post('/wps/relay/GCS_walletTransfer', {
        fromAccountTypeId: 0,
        toAccountTypeId: to,
        amount,
      });
    await move(a!.accountTypeId, '30');
    await move(b!.accountTypeId, '20.5');
    const collect = (key: string) =>
      c.raw('POST', '/wps/relay/GCS_collectAll', undefined, { 'idempotency-key': key });
    // Sent three times at once (a client retrying): one collection, one answer.
    const firsts = await Promise.all([1, 2, 3].map(() => collect('collect-key-0001')));
    const first = firsts[0]!;
    expect(first.status).toBe(200);
    for (const res of firsts) expect(res.body).toEqual(first.body);
    expect(first.body.value.collectedAmount).toBe(50.5);
    expect(first.body.value.balances.main.balanceMinor).toBe(10_000);
    expect(
      first.body.value.balances.vendors.map((v: { balanceMinor: number }) => v.balanceMinor),
    ).toEqual([0, 0]);
    expect(first.body.value.balances.totalMinor).toBe(10_000);
    // A retry after the answer was lost: the same answer, not "nothing left to collect".
    expect((await collect('collect-key-0001')).body).toEqual(first.body);

    // Money goes back into a vendor wallet; the same key still answers the first collect.
    await move(a!.accountTypeId, '12.34');
    const recordsBefore = (await c.get('/wps/wallet/transactions')).body.value.totalCount;
    const replay = await collect('collect-key-0001');
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    const now = (await c.get('/wps/v2/wallets/balance')).body.value;
    expect(now.main.balanceMinor).toBe(8_766);
    expect(now.vendors.map((v: { balanceMinor: number }) => v.balanceMinor)).toEqual([1_234, 0]);
    expect((await c.get('/wps/wallet/transactions')).body.value.totalCount).toBe(recordsBefore);

    // A new key is a new collect.
    const fresh = await collect('collect-key-0002');
    expect(fresh.body.value.collectedAmount).toBe(12.34);
    expect(fresh.body.value.balances.main.balanceMinor).toBe(10_000);
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('refuses bad amounts and wallets with a code each, changing nothing', async () => {
    const { c } = await member(1_000);
    const vendorId = (await c.get('/wps/v2/wallets/balance')).body.value.vendors[0]
      .accountTypeId as number;
    // Not the canonical format → validation_failed; well-formed but zero or above the ledger's
    // limit → invalid_amount; well-formed and short → insufficient_funds.
    const cases: Array<[unknown, string]> = [
      [-5, 'validation_failed'],
      [0.001, 'validation_failed'],
      ['1.234', 'validation_failed'],
      [1e30, 'validation_failed'],
      ['abc', 'validation_failed'],
      ['1e3', 'validation_failed'],
      [' 1 ', 'validation_failed'],
      ['00.01', 'validation_failed'],
      ['-1', 'validation_failed'],
      [true, 'validation_failed'],
      [0, 'invalid_amount'],
      ['0.00', 'invalid_amount'],
      ['100000000.01', 'invalid_amount'],
      [10.01, 'insufficient_funds'],
    ];
    for (const [amount, code] of cases) {
      const res = await c.post('/wps/relay/GCS_walletTransfer', {
        fromAccountTypeId: 0,
        toAccountTypeId: vendorId,
        amount,
      });
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.code, String(amount)).toBe(code);
    }
    const insufficient = await c.post('/wps/relay/GCS_walletTransfer', {
      fromAccountTypeId: 0,
      toAccountTypeId: vendorId,
      amount: 10.01,
    });
    expect(insufficient.body.data.balanceMinor).toBe(1_000);
    expect(
      (
        await c.post('/wps/relay/GCS_walletTransfer', {
          fromAccountTypeId: 0,
          toAccountTypeId: 999,
          amount: 1,
        })
      ).body.code,
    ).toBe('unknown_wallet');
    expect(
      (
        await c.post('/wps/relay/GCS_walletTransfer', {
          fromAccountTypeId: 0,
          toAccountTypeId: 0,
          amount: 1,
        })
      ).body.code,
    ).toBe('unknown_wallet');
    const wrongType = await c.post('/wps/relay/GCS_walletTransfer', {
      fromAccountTypeId: '0',
      toAccountTypeId: vendorId,
      amount: 1,
    });
    expect(wrongType.body.code).toBe('validation_failed');
    const en = createClient(t.app, { language: 'en' });
    en.setToken(c.token);
    expect(
      (
        await en.post('/wps/relay/GCS_walletTransfer', {
          fromAccountTypeId: 0,
          toAccountTypeId: vendorId,
          amount: 0,
        })
      ).body.message,
    ).toContain('positive number');
    expect((await c.get('/wps/v2/wallets/balance')).body.value.main.balanceMinor).toBe(1_000);
  });

  it('takes amounts in one canonical format only, and says which in the member’s language', async () => {
    const { c } = await member(1_000);
    const vendorId = (await c.get('/wps/v2/wallets/balance')).body.value.vendors[0]
      .accountTypeId as number;
    const send = (client: TestClient, amount: unknown) =>
      client.post('/wps/relay/GCS_walletTransfer', {
        fromAccountTypeId: 0,
        toAccountTypeId: vendorId,
        amount,
      });
    const spaced = await send(c, ' 1 ');
    expect(spaced.status).toBe(400);
    expect(spaced.body.code).toBe('validation_failed');
    expect(spaced.body.data.issues).toEqual([
      expect.objectContaining({ field: 'amount', rule: 'invalid_format' }),
    ]);
    expect(spaced.body.message).toContain('12.50');
    expect(spaced.body.message).toContain('zeros à esquerda');
    const en = createClient(t.app, { language: 'en' });
    en.setToken(c.token);
    const padded = await send(en, '00.01');
    expect(padded.body.code).toBe('validation_failed');
    expect(padded.body.message).toContain('leading zeros');
    expect((await c.get('/wps/v2/wallets/balance')).body.value.main.balanceMinor).toBe(1_000);
    // The canonical spellings of the same amounts go through, as text or as a JSON number.
    expect((await send(c, '1')).body.value.successAmount).toBe(1);
    expect((await send(c, '0.01')).body.value.successAmount).toBe(0.01);
    expect((await send(c, 0.5)).body.value.from.balanceMinor).toBe(849);
  });

  it('cannot reach another member’s wallets: every wallet id is the caller’s own', async () => {
    const a = await member(5_000);
    const b = await member(0);
    const vendorId = (await b.c.get('/wps/v2/wallets/balance')).body.value.vendors[0]
      .accountTypeId as number;
    await b.c.post('/wps/relay/GCS_walletTransfer', {
      fromAccountTypeId: 0,
      toAccountTypeId: vendorId,
      amount: 1,
    });
    expect((await a.c.get('/wps/v2/wallets/balance')).body.value.main.balanceMinor).toBe(5_000);
    expect((await b.c.get('/wps/v2/wallets/balance')).body.value.totalMinor).toBe(0);
  });

  it('applies a retried transfer once when the client sends an Idempotency-Key', async () => {
    const { c } = await member(2_000);
    const vendorId = (await c.get('/wps/v2/wallets/balance')).body.value.vendors[0]
      .accountTypeId as number;
    const send = (amount: number) =>
      c.raw(
        'POST',
        '/wps/relay/GCS_walletTransfer',
        { fromAccountTypeId: 0, toAccountTypeId: vendorId, amount },
        { 'idempotency-key': 'retry-key-0001' },
      );
    const [one, two, three] = await Promise.all([send(5), send(5), send(5)]);
    for (const res of [one, two, three]) expect(res.status).toBe(200);
    expect((await c.get('/wps/v2/wallets/balance')).body.value.main.balanceMinor).toBe(1_500);
    const different = await send(6);
    expect(different.status).toBe(409);
    expect(different.body.code).toBe('idempotency_conflict');
  });

  it('lists the account record with running balances, filters and CSV', async () => {
    const { c } = await member(3_000);
    const vendorId = (await c.get('/wps/v2/wallets/balance')).body.value.vendors[0]
      .accountTypeId as number;
    await c.post('/wps/relay/GCS_walletTransfer', {
      fromAccountTypeId: 0,
      toAccountTypeId: vendorId,
      amount: 7,
    });
    const page = (await c.get('/wps/wallet/transactions?pageSize=10')).body.value;
    expect(page.totalCount).toBe(3);
    const mainRows = page.list.filter((r: { wallet: string }) => r.wallet === 'main');
    expect(
      mainRows.map((r: { amountMinor: number; balanceAfterMinor: number }) => [
        r.amountMinor,
        r.balanceAfterMinor,
      ]),
    ).toEqual([
      [-700, 2_300],
      [3_000, 3_000],
    ]);
    const onlyAdjustments = (await c.get('/wps/wallet/transactions?type=adjustment')).body.value;
    expect(onlyAdjustments.list).toHaveLength(1);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
    expect(
      (await c.get(`/wps/wallet/transactions?from=${future}&to=${later}`)).body.value.totalCount,
    ).toBe(0);
    const reversed = await c.get(`/wps/wallet/transactions?from=${later}&to=${future}`);
    expect(reversed.body.code).toBe('invalid_date_range');
    const csv = await t.app.inject({
      method: 'GET',
      url: '/wps/wallet/transactions.csv',
      headers: { authorization: c.token!, language: 'pt-BR' },
      remoteAddress: '198.18.1.1',
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toContain('saldo_apos');
    expect(lines).toHaveLength(4);
    expect(lines.some((l) => l.includes('"-7.00"') && l.includes('"23.00"'))).toBe(true);
  });

  it('gives trial members their demo credit, and keeps consolidated funds from them', async () => {
    const c = createClient(t.app, { ip: '198.18.2.1' });
    const trial = await c.post('/wps/session/login/freeplay', {});
    c.setToken(trial.body.value.token);
    expect((await c.get('/wps/v2/wallets/balance')).body.value.main.balanceMinor).toBe(100_000);
    expect((await c.get('/wps/member/info/funds/consolidated')).body.code).toBe(
      'trial_register_first',
    );
    const { c: real } = await member(100);
    const consolidated = await real.get('/wps/member/info/funds/consolidated');
    expect(consolidated.body.value.balances.main.balanceMinor).toBe(100);
  });

  it('refuses the wallet to visitors', async () => {
    for (const url of [
      '/wps/v2/wallets/balance',
      '/wps/wallet/transactions',
      '/wps/member/info/funds/consolidated',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(errorEnvelopeSchema.parse(res.json()).code).toBe('not_logged_in');
    }
  });

  it('keeps the books balanced after all of the above', async () => {
    expect(await checkInvariants(t.db)).toEqual([]);
  });
});
