import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type TestClient } from '../../../test/client';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import { signedInDemoOwner } from '../../../test/staff-client';
import { LOCK_AFTER_PAIR_FAILURES } from '../auth/attempt-limiter';
import type { Brand } from '../system';
import { checkBetRecords } from '../wallet';
import { checkInvariants } from '../wallet/ledger';
import { createPointsRepository } from './points/repository';
import { createPointsService } from './points/service';
import { houseBet } from '../../../test/bets';

/**
 * VIP levels, points and the points mall (docs/loyalty.md) against the real ledger and outbox:
 * a member who plays climbs a level at once (its reward paid once, a message and a push), the
 * job drops a member below the keep rules, points accrue once per settled batch and reach the
 * points wallet at the next posting (a posting cut off after the ledger call is replayed), two
 * redeems of the last item: one wins, wrong payment passwords count toward the one lock-out,
 * and an operator's approval pays a cash voucher while a rejection gives the points back.
 */
describe.each(ENGINES)('loyalty on %s', (engine) => {
  let t: TestApp;
  let brand: Brand;
  let serial = 0;
  const ref = (memberId: number) => ({ memberId, merchantCode: 'BANCA', currency: 'BRL' });

  beforeAll(async () => {
    t = await startTestApp(engine);
    brand = (await t.app.services.system.brandByCode('BANCA'))!;
    const level = (rank: number, name: string, validBetMinor: number, extra = {}) => ({
      rank,
      name,
      depositMinor: 0,
      validBetMinor,
      keepDepositMinor: 0,
      keepValidBetMinor: 0,
      levelUpRewardMinor: 0,
      weeklyRewardMinor: 0,
      monthlyRewardMinor: 0,
      cashbackRateBp: 0,
      ...extra,
    });
    await t.app.services.vip.admin.save({
      merchantCode: 'BANCA',
      settings: { enabled: true, period: 'rolling', rollingDays: 30, requirement: 'all' },
      levels: [
        level(0, 'Bronze', 0),
        level(1, 'Prata', 100_00, {
          levelUpRewardMinor: 5_00,
          keepValidBetMinor: 50_00,
          cashbackRateBp: 300,
        }),
        level(2, 'Ouro', 1_000_00, { levelUpRewardMinor: 20_00, keepValidBetMinor: 500_00 }),
      ],
    });
    await t.app.services.points.admin.saveSettings({
      merchantCode: 'BANCA',
      enabled: true,
      rates: { ELOTT: 100, BGS: 100, RNG: 100, LIVE: 100, OTHER: 100 },
      exchangeRates: [{ minPoints: 100, pointsPerUnit: 10 }],
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function member(): Promise<{ c: TestClient; memberId: number }> {
    serial += 1;
    const username = `loy${engine.slice(0, 2)}${serial}`;
    const password = 'Fiel@2026x';
    const c = createClient(t.app, { ip: `198.51.100.${serial}` });
    expect((await c.register({ username, password, confirmPassword: password })).status).toBe(200);
    const set = await c.encrypted('PUT', '/wps/member/password/payment', {
      loginPassword: password,
      paymentPassword: '246810',
      confirmPaymentPassword: '246810',
    });
    expect(set.status).toBe(200);
    const row = await t.db
      .selectFrom('members')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return { c, memberId: Number(row.id) };
  }

  let rounds = 0;
  /** A settled round of the member, counted by the reward parts; its points posted unless told. */
  async function play(memberId: number, stakeMinor: number, options = { post: true }) {
    rounds += 1;
    const round = `L${engine[0]}${rounds}`;
    await t.app.services.wallet.adjust({
      member: ref(memberId),
      amountMinor: stakeMinor,
      reason: 'test credit',
      operatorId: 'op-test',
      idempotencyKey: `loyalty-test-${engine}-${round}`,
    });
    const record = (type: 'WITHDRAW' | 'DEPOSIT', amount: number) =>
      houseBet(memberId, round, type, amount);
    await t.app.services.wallet.bets.post({
      member: ref(memberId),
      bet: record('WITHDRAW', stakeMinor),
    });
    await t.app.services.wallet.bets.post({ member: ref(memberId), bet: record('DEPOSIT', 0) });
    await t.app.events.deliverPending();
    await t.app.events.deliverPending();
    // Points accrue with the round and reach the ledger with the next posting (each minute).
    if (options.post) await t.app.services.points.postAccrued();
  }

  const mainOf = async (memberId: number) =>
    (await t.app.services.wallet.balances(ref(memberId), brand)).main.balanceMinor;
  const pointsOf = (memberId: number) => t.app.services.points.balance(ref(memberId));

  it('a member who plays climbs at once: the card, the reward paid once, a message and a push', async () => {
    const { c, memberId } = await member();
    await play(memberId, 60_00);
    let vip = (await c.get('/wps/rewards/vip')).body.value;
    expect(vip.card).toMatchObject({ rank: 0, name: 'Bronze', validBetMinor: 60_00 });
    expect(vip.card.next).toMatchObject({ rank: 1, missingValidBetMinor: 40_00, percent: 60 });
    const before = await mainOf(memberId);
    await play(memberId, 50_00);
    vip = (await c.get('/wps/rewards/vip')).body.value;
    expect(vip.card).toMatchObject({ rank: 1, name: 'Prata' });
    expect(vip.card.next).toMatchObject({ rank: 2, missingValidBetMinor: 890_00 });
    expect(await mainOf(memberId)).toBe(before + 5_00);
    // The job sees the same level: nothing changes, nothing is paid again.
    expect(await t.app.services.vip.recalculate(brand)).toBe(0);
    await t.app.services.vip.payOwed(null);
    expect(await mainOf(memberId)).toBe(before + 5_00);
    const messages = (await c.get('/wps/member/messages')).body.value;
    expect(JSON.stringify(messages)).toContain('Prata');
    const pushed = await sql<{ type: string }>`SELECT type FROM realtime_events
      WHERE member_id = ${memberId} AND type = 'VIP_LEVEL'`.execute(t.db);
    expect(pushed.rows).toHaveLength(1);
    expect(await t.app.services.vip.cashbackRateFor(ref(memberId))).toBe(300);
    // Member info (the header's VIP label) reads the level.
    const info = (await c.get('/wps/member/info')).body.value;
    expect(info.vip).toMatchObject({ label: 'Prata', level: 1 });
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('the job drops a member whose window no longer holds the keep threshold', async () => {
    const { c, memberId } = await member();
    await play(memberId, 120_00);
    expect((await c.get('/wps/rewards/vip')).body.value.card.rank).toBe(1);
    // The bets move 40 days back: out of the 30-day window.
    await sql`UPDATE vip_activity SET day = day - 40 WHERE member_id = ${memberId}`.execute(t.db);
    expect(await t.app.services.vip.recalculate(brand)).toBeGreaterThanOrEqual(1);
    expect((await c.get('/wps/rewards/vip')).body.value.card.rank).toBe(0);
    await t.app.events.deliverPending();
    // Climbing back pays no second level-up reward.
    const before = await mainOf(memberId);
    await play(memberId, 100_00);
    expect((await c.get('/wps/rewards/vip')).body.value.card.rank).toBe(1);
    expect(await mainOf(memberId)).toBe(before);
  });

  /** The member's points posting operations in the ledger, by key. */
  async function postingKeys(memberId: number): Promise<string[]> {
    const { rows } = await sql<{ idempotency_key: string }>`
      SELECT idempotency_key FROM ledger_operations
      WHERE idempotency_key LIKE ${`points-earned:BANCA:${memberId}:%`} ORDER BY id`.execute(t.db);
    return rows.map((r) => r.idempotency_key);
  }
  const balanceCall = async (c: TestClient) =>
    (await c.get('/wps/relay/MCS2_getPointBalance')).body.value;

  it('points accrue with the round and reach the wallet at the posting, once however often an event is delivered', async () => {
    const { c, memberId } = await member();
    await play(memberId, 250_00, { post: false }); // 1 point per R$ 1: 250 points
    // Counted, not yet in the ledger: the balance is 0 and the 250 are on their way.
    expect(await pointsOf(memberId)).toBe(0);
    expect(await balanceCall(c)).toMatchObject({ point: 0, pendingPoint: 250 });
    expect(await t.app.jobs.runNow('rewards.points-post')).toMatchObject({ outcome: 'done' });
    expect(await pointsOf(memberId)).toBe(250);
    expect(await balanceCall(c)).toMatchObject({ point: 250, pendingPoint: 0 });
    const round = {
      betRoundId: 1,
      merchantCode: 'BANCA',
      memberId,
      vendorCode: 'BGS',
      gameCode: 'DICE',
      roundId: 'x',
      currency: 'BRL',
      stakeMinor: 10_00,
      payoutMinor: 0,
      validBetMinor: 10_00,
      settledAt: new Date().toISOString(),
    };
    await t.app.services.points.onRoundsSettled([{ id: 9_000_001, rounds: [round] }]);
    await t.app.services.points.onRoundsSettled([{ id: 9_000_001, rounds: [round] }]);
    await t.app.services.vip.onRoundsSettled([{ id: 9_000_001, rounds: [round] }]);
    await t.app.services.vip.onRoundsSettled([{ id: 9_000_001, rounds: [round] }]);
    expect(await balanceCall(c)).toMatchObject({ point: 250, pendingPoint: 10 });
    await t.app.services.points.postAccrued();
    expect(await pointsOf(memberId)).toBe(260);
    expect((await c.get('/wps/rewards/vip')).body.value.card.validBetMinor).toBe(260_00);
    const detail = (await c.get('/wps/relay/MCS2_getPointTransactionDetail')).body.value;
    expect(detail.list.map((r: { changedPoints: number }) => r.changedPoints)).toEqual([10, 250]);
    // One ledger operation per posting; nothing left to post, so another run adds nothing.
    expect(await postingKeys(memberId)).toEqual([
      `points-earned:BANCA:${memberId}:BRL:1`,
      `points-earned:BANCA:${memberId}:BRL:2`,
    ]);
    expect(await t.app.services.points.postAccrued()).toBe(0);
    expect(await pointsOf(memberId)).toBe(260);
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('a posting cut off after the ledger call is replayed by the next run, not posted twice', async () => {
    const { c, memberId } = await member();
    await play(memberId, 70_00, { post: false });
    // A run that stops after the ledger call, before the clear (the instance died there).
    const repo = createPointsRepository(t.db);
    const cutOff = createPointsService({
      db: t.db,
      repo: {
        ...repo,
        clearPostings: () => Promise.reject(new Error('cut off before the clear')),
      },
      wallet: t.app.services.wallet,
      games: t.app.services.games,
      bonus: t.app.services.bonus,
      security: { checkPaymentPassword: () => Promise.resolve() },
      validBetOf: () => Promise.resolve(0),
    });
    await expect(cutOff.postAccrued()).rejects.toThrow('cut off before the clear');
    expect(await pointsOf(memberId)).toBe(70);
    // More points accrue while the posting waits: they are not part of it.
    await play(memberId, 30_00, { post: false });
    const row = await t.db
      .selectFrom('points_accruals')
      .select(['points', 'posting_points', 'posting_key'])
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      points: 30,
      posting_points: 70,
      posting_key: `points-earned:BANCA:${memberId}:BRL:1`,
    });
    // The next run posts the same key and amount again (a replay) and clears it; the 30 wait.
    await t.app.services.points.postAccrued();
    expect(await pointsOf(memberId)).toBe(70);
    expect(await balanceCall(c)).toMatchObject({ point: 70, pendingPoint: 30 });
    await t.app.services.points.postAccrued();
    expect(await balanceCall(c)).toMatchObject({ point: 100, pendingPoint: 0 });
    expect(await postingKeys(memberId)).toEqual([
      `points-earned:BANCA:${memberId}:BRL:1`,
      `points-earned:BANCA:${memberId}:BRL:2`,
    ]);
    expect(await checkInvariants(t.db)).toEqual([]);
    expect(await checkBetRecords(t.db)).toEqual([]);
  });

  it('two posting runs at once post each member once', async () => {
    const members = [await member(), await member(), await member()];
    for (const [i, m] of members.entries())
      await play(m.memberId, (i + 1) * 20_00, { post: false });
    await Promise.all([
      t.app.services.points.postAccrued(),
      t.app.services.points.postAccrued(),
      // A later minute's run (this minute's may have run in an earlier test).
      t.app.jobs.runNow('rewards.points-post', new Date(Date.now() + 5 * 60_000)),
    ]);
    for (const [i, m] of members.entries()) {
      expect(await balanceCall(m.c)).toMatchObject({ point: (i + 1) * 20, pendingPoint: 0 });
      expect(await postingKeys(m.memberId)).toHaveLength(1);
    }
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('two redeems of the last item: one wins; beyond points and wrong passwords are refused', async () => {
    const goods = await t.app.services.points.admin.createGoods('BANCA', {
      kind: 'cash',
      name: 'Vale R$ 5',
      pointsCost: 100,
      valueMinor: 5_00,
      stock: 1,
    });
    const a = await member();
    const b = await member();
    await play(a.memberId, 150_00);
    await play(b.memberId, 150_00);
    const redeem = (m: { c: TestClient }, password = '246810') =>
      m.c.encrypted('POST', '/wps/relay/MCS2_redeemPointReward', {
        goodsId: goods.id,
        quantity: 1,
        paymentPassword: password,
      });
    const answers = await Promise.all([redeem(a), redeem(b)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.code).toBe('mall_out_of_stock');
    const totals = (await pointsOf(a.memberId)) + (await pointsOf(b.memberId));
    expect(totals).toBe(200); // 300 earned, 100 spent once
    const list = (await t.app.services.points.admin.goodsList('BANCA')).find(
      (g) => g.id === goods.id,
    );
    expect(list?.stock).toBe(0);

    const big = await t.app.services.points.admin.createGoods('BANCA', {
      kind: 'physical',
      name: 'Camiseta',
      pointsCost: 10_000,
      stock: 5,
    });
    const tooMany = await a.c.encrypted('POST', '/wps/relay/MCS2_redeemPointReward', {
      goodsId: big.id,
      paymentPassword: '246810',
      address: 'Rua A, 1',
      mobile: '11999990000',
    });
    expect([tooMany.status, tooMany.body.code]).toEqual([409, 'points_insufficient']);
    const noAddress = await a.c.encrypted('POST', '/wps/relay/MCS2_redeemPointReward', {
      goodsId: big.id,
      paymentPassword: '246810',
    });
    expect(noAddress.body.code).toBe('mall_address_required');

    const codes: string[] = [];
    for (let i = 0; i <= LOCK_AFTER_PAIR_FAILURES; i++)
      codes.push((await redeem(a, `00000${i}`)).body.code as string);
    expect(
      codes.slice(0, LOCK_AFTER_PAIR_FAILURES).every((c) => c === 'payment_password_incorrect'),
    ).toBe(true);
    expect(codes.at(-1)).toBe('login_locked');
    const convertLocked = await a.c.encrypted('POST', '/wps/relay/MCS2_convertPoint', {
      points: 100,
      paymentPassword: '246810',
    });
    expect(convertLocked.body.code).toBe('login_locked');
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('an operator approves a cash voucher (paid once) and rejects another (points back); converting pays at the table', async () => {
    const goods = await t.app.services.points.admin.createGoods('BANCA', {
      kind: 'cash',
      name: 'Vale R$ 2',
      pointsCost: 50,
      valueMinor: 2_00,
      stock: 10,
    });
    const m = await member();
    await play(m.memberId, 300_00);
    const redeem = async () =>
      (
        await m.c.encrypted('POST', '/wps/relay/MCS2_redeemPointReward', {
          goodsId: goods.id,
          paymentPassword: '246810',
        })
      ).body.value;
    const first = await redeem();
    const second = await redeem();
    expect(first.status).toBe('in_process');
    expect(await pointsOf(m.memberId)).toBe(200);
    const main = await mainOf(m.memberId);
    await t.app.services.points.admin.decide(first.id, 'approve', null, 'op');
    await expect(
      t.app.services.points.admin.decide(first.id, 'reject', null, 'op'),
    ).rejects.toMatchObject({
      code: 'mall_redemption_decided',
    });
    expect(await mainOf(m.memberId)).toBe(main + 2_00);
    await t.app.services.points.admin.decide(second.id, 'reject', 'sem estoque', 'op');
    expect(await pointsOf(m.memberId)).toBe(250);
    const history = (await m.c.get('/wps/relay/MCS2_getRedeemPointList')).body.value.list;
    expect(history.map((r: { status: string }) => r.status)).toEqual(['rejected', 'approved']);

    const converted = await m.c.encrypted('POST', '/wps/relay/MCS2_convertPoint', {
      points: 200,
      paymentPassword: '246810',
    });
    expect(converted.body.value).toMatchObject({ status: 'approved', valueMinor: 20_00 });
    expect(await pointsOf(m.memberId)).toBe(50);
    expect(await mainOf(m.memberId)).toBe(main + 22_00);
    const tooSmall = await m.c.encrypted('POST', '/wps/relay/MCS2_convertPoint', {
      points: 50,
      paymentPassword: '246810',
    });
    expect([tooSmall.status, tooSmall.body.code]).toEqual([400, 'points_convert_too_small']);
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('an approval whose payment failed is paid by the job, once; goods show the member language', async () => {
    const goods = await t.app.services.points.admin.createGoods('BANCA', {
      kind: 'cash',
      names: { 'pt-BR': 'Vale R$ 3', en: 'R$ 3 voucher' },
      descriptions: { 'pt-BR': 'Crédito no saldo', en: '' },
      pointsCost: 30,
      valueMinor: 3_00,
      stock: null,
    });
    // The mall in each language; an empty English description shows the Portuguese one.
    const shown = async (language: 'pt-BR' | 'en') => {
      const visitor = createClient(t.app, { ip: '203.0.113.77', language });
      const reply = await visitor.get('/wps/relay/MCS2_getPointReward');
      expect(reply.status).toBe(200);
      return reply.body.value.list.find((g: { id: number }) => g.id === goods.id);
    };
    expect(await shown('pt-BR')).toMatchObject({
      name: 'Vale R$ 3',
      description: 'Crédito no saldo',
    });
    expect(await shown('en')).toMatchObject({
      name: 'R$ 3 voucher',
      description: 'Crédito no saldo',
      names: { 'pt-BR': 'Vale R$ 3', en: 'R$ 3 voucher' },
    });
    const nameless = await t.app.services.points.admin
      .createGoods('BANCA', {
        kind: 'cash',
        names: { 'pt-BR': ' ', en: 'x' },
        pointsCost: 1,
        stock: null,
      })
      .catch((error: unknown) => error);
    expect(nameless).toMatchObject({ code: 'mall_goods_name_required' });

    const m = await member();
    await play(m.memberId, 100_00);
    const redeemed = (
      await m.c.encrypted('POST', '/wps/relay/MCS2_redeemPointReward', {
        goodsId: goods.id,
        paymentPassword: '246810',
      })
    ).body.value;
    expect(redeemed.status).toBe('in_process');
    const main = await mainOf(m.memberId);

    // The ledger refuses the voucher's payment once (a real database failure), after the
    // decision changed the status: the operator sees the error, the member sees it approved.
    const key = `mall-fulfil:${redeemed.id}`;
    await sql`CREATE FUNCTION loyalty_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'ledger unavailable'; END $$`.execute(t.db);
    await sql
      .raw(
        `CREATE TRIGGER loyalty_test_fail BEFORE INSERT ON ledger_operations FOR EACH ROW
         WHEN (NEW.idempotency_key = '${key}') EXECUTE FUNCTION loyalty_test_fail()`,
      )
      .execute(t.db);
    try {
      await expect(
        t.app.services.points.admin.decide(redeemed.id, 'approve', null, 'op'),
      ).rejects.toThrow(/ledger unavailable/);
    } finally {
      await sql`DROP TRIGGER loyalty_test_fail ON ledger_operations`.execute(t.db);
      await sql`DROP FUNCTION loyalty_test_fail()`.execute(t.db);
    }
    expect(await mainOf(m.memberId)).toBe(main);
    const history = (await m.c.get('/wps/relay/MCS2_getRedeemPointList')).body.value.list;
    expect(history[0]).toMatchObject({
      id: redeemed.id,
      status: 'approved',
      goodsName: 'Vale R$ 3',
    });

    // Within the decision's own half-minute the job leaves it; after it, the job pays it once.
    await t.app.jobs.runNow('rewards.mall-settle');
    expect(await mainOf(m.memberId)).toBe(main);
    await sql`UPDATE mall_redemptions SET decided_at = now() - interval '1 minute'
      WHERE id = ${redeemed.id}`.execute(t.db);
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    const runs = await Promise.all([
      t.app.jobs.runNow('rewards.mall-settle', later(2)),
      t.app.jobs.runNow('rewards.mall-settle', later(3)),
    ]);
    expect(runs.map((r) => r.outcome)).toEqual(['done', 'done']);
    expect(await mainOf(m.memberId)).toBe(main + 3_00);
    expect(await t.app.services.points.settleDecided()).toBe(0);
    await t.app.jobs.runNow('rewards.mall-settle', later(4));
    expect(await mainOf(m.memberId)).toBe(main + 3_00);
    const paid = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ledger_operations
      WHERE idempotency_key = ${key}`.execute(t.db);
    expect(paid.rows[0]!.n).toBe(1);
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('the console lists redeems to fulfil and decides them once, audited; VIP levels are checked', async () => {
    const goods = await t.app.services.points.admin.createGoods('BANCA', {
      kind: 'physical',
      name: 'Boné',
      pointsCost: 20,
      stock: 2,
    });
    const m = await member();
    await play(m.memberId, 50_00);
    const redeemed = await m.c.encrypted('POST', '/wps/relay/MCS2_redeemPointReward', {
      goodsId: goods.id,
      paymentPassword: '246810',
      address: 'Rua das Flores, 10, São Paulo',
      mobile: '11988887777',
    });
    expect(redeemed.status).toBe(200);
    const owner = await signedInDemoOwner(t.app, Date.now() + 30_000);
    const queue = await owner.get(
      '/admin/api/loyalty/redemptions?merchantCode=BANCA&status=in_process',
    );
    expect(queue.status).toBe(200);
    const row = queue.body.value.list.find((r: { id: number }) => r.id === redeemed.body.value.id);
    expect(row).toMatchObject({
      kind: 'physical',
      address: 'Rua das Flores, 10, São Paulo',
      status: 'in_process',
    });
    const url = `/admin/api/loyalty/redemptions/${row.id}/decision`;
    const approved = await owner.post(url, { decision: 'approve' });
    expect(approved.body.value).toMatchObject({ status: 'approved', memberId: m.memberId });
    const again = await owner.post(url, { decision: 'reject' });
    expect([again.status, again.body.code]).toEqual([409, 'mall_redemption_decided']);
    const audit = await sql<{ action: string }>`SELECT action FROM operator_audit
      WHERE subject = ${`mall-redemption:${row.id}`}`.execute(t.db);
    expect(audit.rows.map((r) => r.action)).toEqual(['mall.redemption.approve']);
    const badLevels = await owner.put('/admin/api/loyalty/vip', {
      merchantCode: 'BANCA',
      settings: { enabled: true, period: 'rolling', rollingDays: 30, requirement: 'all' },
      levels: [
        {
          rank: 0,
          name: 'A',
          depositMinor: 0,
          validBetMinor: 100,
          keepDepositMinor: 0,
          keepValidBetMinor: 0,
          levelUpRewardMinor: 0,
          weeklyRewardMinor: 0,
          monthlyRewardMinor: 0,
          cashbackRateBp: 0,
        },
        {
          rank: 1,
          name: 'B',
          depositMinor: 0,
          validBetMinor: 50,
          keepDepositMinor: 0,
          keepValidBetMinor: 0,
          levelUpRewardMinor: 0,
          weeklyRewardMinor: 0,
          monthlyRewardMinor: 0,
          cashbackRateBp: 0,
        },
      ],
    });
    expect([badLevels.status, badLevels.body.code]).toEqual([400, 'vip_levels_invalid']);
  });
});
