/* eslint-disable @typescript-eslint/no-explicit-any -- test replies are read loosely; contracts are asserted where it matters */
import { bonusListSchema } from '@banca/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type TestClient } from '../../../../test/client';
import { ENGINES, startTestApp, type TestApp } from '../../../../test/harness';
import { seedDemoPromotions } from '../../../demo/promotions';
import { checkInvariants } from '../../wallet/ledger';
import { houseBet } from '../../../../test/bets';

const PASSWORD = 'bonus@2026';
const PAYMENT_PASSWORD = '482915';
const DAY_MS = 86_400_000;

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

type Member = { c: TestClient; id: number; keyId: number };

/**
 * The bonus wallet against the real ledger (docs/bonus.md): a grant lands once, settled rounds
 * count by their category's weight once per round, the withdrawal waits with the turnover code
 * while a requirement is open, the met requirement converts the bonus to cash, forfeit and the
 * expiry job take it back once, and br-regulated refuses all of it.
 */
describe.each(ENGINES)('bonus wallet on %s', (engine) => {
  let t: TestApp;
  let counter = 0;
  let rounds = 0;

  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const ref = (id: number) => ({ memberId: id, merchantCode: 'BANCA', currency: 'BRL' });

  async function member(creditMinor: number): Promise<Member> {
    counter += 1;
    const c = createClient(t.app, { ip: `198.18.${engine === 'pglite' ? 7 : 8}.${counter}` });
    const reg = await c.register({
      username: `bn${engine[0]}${counter}x${Math.floor(Math.random() * 1e4)}`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const id = reg.body.value.member.id as number;
    const pw = await c.encrypted('PUT', '/wps/member/password/payment', {
      loginPassword: PASSWORD,
      paymentPassword: PAYMENT_PASSWORD,
      confirmPaymentPassword: PAYMENT_PASSWORD,
    });
    expect(pw.status, JSON.stringify(pw.body)).toBe(200);
    const cpf = cpfFrom(
      String(200_000_000 + counter * 7919 + (engine === 'pglite' ? 0 : 3)).slice(-9),
    );
    const idn = await c.encrypted('PUT', '/wps/payments/identity', {
      cpf,
      fullName: 'Maria da Silva',
      birthDate: '1990-05-17',
    });
    expect(idn.status, JSON.stringify(idn.body)).toBe(200);
    const key = await c.post('/wps/payments/pix-keys', { type: 'cpf', key: cpf });
    expect(key.status, JSON.stringify(key.body)).toBe(200);
    if (creditMinor > 0)
      await t.app.services.wallet.adjust({
        member: ref(id),
        amountMinor: creditMinor,
        reason: 'test credit',
        operatorId: 'op-test',
        idempotencyKey: `bonus-test-${engine}-${id}`,
      });
    return { c, id, keyId: key.body.value.id };
  }

  /** One round of house dice's vendor through the wallet's bet records: stake, then payout. */
  async function play(m: Member, stakeMinor: number, payoutMinor: number) {
    rounds += 1;
    const round = `B${engine[0]}${rounds}`;
    const record = (type: 'WITHDRAW' | 'DEPOSIT', amount: number) =>
      houseBet(m.id, round, type, amount);
    await t.app.services.wallet.bets.post({
      member: ref(m.id),
      bet: record('WITHDRAW', stakeMinor),
    });
    await t.app.services.wallet.bets.post({
      member: ref(m.id),
      bet: record('DEPOSIT', payoutMinor),
    });
    while ((await t.app.events.deliverPending()) > 0);
  }

  async function bonuses(m: Member) {
    const res = await m.c.get('/wps/rewards/bonuses');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return bonusListSchema.parse(res.body.value);
  }

  async function mainBalance(m: Member): Promise<number> {
    const brand = (await t.app.services.system.brandByCode('BANCA'))!;
    return (await t.app.services.wallet.balances(ref(m.id), brand)).main.balanceMinor;
  }

  function withdraw(m: Member, amount: number) {
    return m.c.encrypted('POST', '/wps/payments/withdrawals', {
      amount,
      pixKeyId: m.keyId,
      paymentPassword: PAYMENT_PASSWORD,
    });
  }

  function grant(m: Member, sourceKey: string, amountMinor: number, multiple: number, days = 7) {
    return t.app.services.bonus.grant({
      member: ref(m.id),
      sourceKey,
      titles: { 'pt-BR': 'Bônus de boas-vindas', en: 'Welcome bonus' },
      amountMinor,
      wageringMultiple: multiple,
      wageringBase: 'bonus',
      expiresAt: new Date(Date.now() + days * DAY_MS),
    });
  }

  async function closeOperations(grantId: number): Promise<number> {
    const rows = await sql<{ n: number }>`SELECT COUNT(*)::int AS n FROM ledger_operations
      WHERE idempotency_key = ${`bonus-close:${grantId}`}`.execute(t.db);
    return Number(rows.rows[0]!.n);
  }

  it('counts weighted bets once, refuses withdrawals while open, converts the bonus when met', async () => {
    // House dice's rounds count half (the brand's weight for its vendor's category).
    const menus = await t.app.services.games.gameMenus();
    const category = menus.flatMap((m) => m.vendors).find((v) => v.code === 'BGS')!.gameCategory;
    await t.app.services.bonus.setCategoryWeights('BANCA', { [category]: 50 });

    const m = await member(100_00);
    const first = await grant(m, `welcome:${m.id}`, 20_00, 5);
    const again = await grant(m, `welcome:${m.id}`, 20_00, 5);
    expect(again.id).toBe(first.id);
    let view = await bonuses(m);
    expect(view.bonusBalanceMinor).toBe(20_00); // granted once
    expect(view.list).toHaveLength(1);
    expect(view.list[0]).toMatchObject({ requiredMinor: 100_00, wageredMinor: 0, status: 'open' });
    expect(view.categoryWeights[category]).toBe(50);

    // Three rounds of R$ 40 (won back): R$ 120 of valid bets count R$ 60.
    for (let i = 0; i < 3; i += 1) await play(m, 40_00, 40_00);
    view = await bonuses(m);
    expect(view.list[0]).toMatchObject({ wageredMinor: 60_00, status: 'open' });

    const refused = await withdraw(m, 20);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('withdraw_turnover_not_met');
    expect(refused.body.message).toContain('40,00');
    const overview = (await m.c.get('/wps/payments/withdraw')).body.value;
    expect(overview.turnover).toEqual({ requiredMinor: 100_00, doneMinor: 60_00 });

    // A second delivery of the same rounds adds nothing.
    const settled = await sql<any>`SELECT id, merchant_code, member_id, vendor_code, game_code,
      round_id, currency, stake_minor, payout_minor, valid_bet_minor, settled_at FROM bet_rounds
      WHERE member_id = ${m.id}`.execute(t.db);
    await t.app.services.bonus.countSettledRounds(
      settled.rows.map((r: any) => ({
        betRoundId: Number(r.id),
        merchantCode: r.merchant_code,
        memberId: Number(r.member_id),
        vendorCode: r.vendor_code,
        gameCode: r.game_code,
        roundId: r.round_id,
        currency: r.currency,
        stakeMinor: Number(r.stake_minor),
        payoutMinor: Number(r.payout_minor),
        validBetMinor: Number(r.valid_bet_minor),
        settledAt: new Date(r.settled_at).toISOString(),
      })),
    );
    expect((await bonuses(m)).list[0]!.wageredMinor).toBe(60_00);

    // Two more rounds pass the requirement: the bonus becomes cash, once.
    const before = await mainBalance(m);
    await play(m, 40_00, 40_00);
    expect((await bonuses(m)).list[0]!.status).toBe('open');
    await play(m, 40_00, 40_00);
    view = await bonuses(m);
    expect(view.list[0]).toMatchObject({ wageredMinor: 100_00, status: 'completed' });
    expect(view.bonusBalanceMinor).toBe(0);
    expect(await mainBalance(m)).toBe(before + 20_00);
    expect(await closeOperations(first.id)).toBe(1);
    await t.app.services.bonus.expireDue(new Date(Date.now() + 30 * DAY_MS));
    expect(await mainBalance(m)).toBe(before + 20_00);

    const paid = await withdraw(m, 20);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('expires a bonus once by the job, with a concurrent second run', async () => {
    const m = await member(10_00);
    const g = await grant(m, `expiring:${m.id}`, 15_00, 10);
    expect((await bonuses(m)).bonusBalanceMinor).toBe(15_00);
    // The bonus ran out two minutes ago: the last closed minute's run expires it.
    await sql`UPDATE bonus_grants SET expires_at = now() - interval '2 minutes' WHERE id = ${g.id}`.execute(
      t.db,
    );
    const outcomes = await Promise.all([
      t.app.jobs.runNow('rewards.bonus-expiry'),
      t.app.jobs.runNow('rewards.bonus-expiry'),
      t.app.services.bonus.expireDue(new Date()),
    ]);
    expect(outcomes.length).toBe(3);
    const view = await bonuses(m);
    expect(view.list[0]).toMatchObject({ status: 'expired' });
    expect(view.bonusBalanceMinor).toBe(0);
    expect(await mainBalance(m)).toBe(10_00);
    expect(await closeOperations(g.id)).toBe(1);
    // Nothing is owed any more: the withdrawal is no longer held by it.
    expect((await withdraw(m, 10)).status).toBe(200);
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('forfeits only when confirmed, once, and only the member’s own bonus', async () => {
    const m = await member(0);
    const other = await member(0);
    const g = await grant(m, `forfeit:${m.id}`, 30_00, 3);
    const unconfirmed = await m.c.post(`/wps/rewards/bonuses/${g.id}/forfeit`, {});
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.code).toBe('validation_failed');
    const foreign = await other.c.post(`/wps/rewards/bonuses/${g.id}/forfeit`, { confirm: true });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('bonus_not_found');
    const [a, b] = await Promise.all([
      m.c.post(`/wps/rewards/bonuses/${g.id}/forfeit`, { confirm: true }),
      m.c.post(`/wps/rewards/bonuses/${g.id}/forfeit`, { confirm: true }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.code).toBe('bonus_not_open');
    const view = await bonuses(m);
    expect(view.list[0]).toMatchObject({ status: 'forfeited' });
    expect(view.bonusBalanceMinor).toBe(0);
    expect(await mainBalance(m)).toBe(0);
    expect(await closeOperations(g.id)).toBe(1);
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('gives a promotion’s bonus reward once through the seam, with its title and requirement', async () => {
    const m = await member(0);
    await seedDemoPromotions(t.app.services);
    const promotions = await t.app.services.rewards.admin.list('BANCA');
    const welcome = promotions.promotions.find((p) => p.rewardKind === 'bonus')!;
    const reward = {
      merchantCode: 'BANCA',
      memberId: m.id,
      currency: 'BRL',
      promotionId: welcome.id,
      entryId: 900_000 + m.id,
      kind: 'bonus' as const,
      amountMinor: 50_00,
      ticketKind: null,
      wagering: { multiple: 10, base: 'bonus_deposit' as const, depositMinor: 50_00 },
      idempotencyKey: `promotion-reward:${900_000 + m.id}`,
    };
    const issuer = t.app.services.rewards.issuers.bonus!;
    const [first, second] = [await issuer.issue(reward), await issuer.issue(reward)];
    expect(second).toEqual(first);
    const view = await bonuses(m);
    expect(view.bonusBalanceMinor).toBe(50_00);
    expect(view.list).toHaveLength(1);
    expect(view.list[0]).toMatchObject({
      title: 'Bônus de boas-vindas de 100%',
      amountMinor: 50_00,
      depositMinor: 50_00,
      wageringBase: 'bonus_deposit',
      requiredMinor: 1_000_00, // 10 × (bonus + deposit)
      status: 'open',
    });
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('refuses every bonus feature under br-regulated', async () => {
    const m = await member(0);
    await t.app.services.system.updateBrandSettings('BANCA', (s) => ({
      ...s,
      complianceProfile: 'br-regulated',
    }));
    try {
      await expect(grant(m, `regulated:${m.id}`, 10_00, 1)).rejects.toMatchObject({
        code: 'bonus_disabled',
      });
      const list = await m.c.get('/wps/rewards/bonuses');
      expect(list.status).toBe(403);
      expect(list.body.code).toBe('bonus_disabled');
      expect(list.body.message).toBeTruthy();
    } finally {
      await t.app.services.system.updateBrandSettings('BANCA', (s) => ({
        ...s,
        complianceProfile: 'open',
      }));
    }
  });
});
