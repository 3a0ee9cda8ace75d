import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestApp, type TestApp } from '../../../../test/harness';
import { seedMember } from '../../../../test/seeds';
import { checkBetRecords } from '../../wallet';
import { checkInvariants } from '../../wallet/ledger';
import { houseBet } from '../../../../test/bets';

const DAY_MS = 86_400_000;

/**
 * A win's bonus share that lands after its bonus closed (docs/bonus.md "A win after its bonus
 * closed", migration 0043), against the real ledger through the wallet's bet path (as house
 * games post): under bonus_first a round staked from the bonus account and still open when the
 * member's last bonus closes pays its win's bonus share back into the bonus account; it then
 * follows the close — to the house when the bonus was forfeited, to cash when it was completed,
 * even with a newer bonus open beside it — once, however many runs look at once.
 */
describe.each(ENGINES)('late bonus shares on %s', (engine) => {
  let t: TestApp;
  let seq = 0;
  const uid = (p: string) => `${p}-${engine}-${++seq}`;
  const ref = (memberId: number) => ({ memberId, merchantCode: 'BANCA', currency: 'BRL' });

  beforeAll(async () => {
    t = await startTestApp(engine);
    await t.app.services.bonus.betOrder.save('BANCA', {
      betOrder: 'bonus_first',
      cashOnlyCategories: [],
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function member(cashMinor: number): Promise<number> {
    const memberId = await seedMember(t.db);
    await t.app.services.wallet.adjust({
      member: ref(memberId),
      amountMinor: cashMinor,
      reason: 'test',
      operatorId: 'test',
      idempotencyKey: uid('fund'),
    });
    return memberId;
  }

  function grant(memberId: number, amountMinor: number, multiple: number) {
    return t.app.services.bonus.grant({
      member: ref(memberId),
      sourceKey: uid('grant'),
      titles: { 'pt-BR': 'Bônus', en: 'Bonus' },
      amountMinor,
      wageringMultiple: multiple,
      wageringBase: 'bonus',
      expiresAt: new Date(Date.now() + 7 * DAY_MS),
    });
  }

  /** One transaction of a house round through the wallet's bet path. */
  function post(memberId: number, round: string, type: 'WITHDRAW' | 'DEPOSIT', amount: number) {
    return t.app.services.wallet.bets.post({
      member: ref(memberId),
      bet: houseBet(memberId, round, type, amount),
    });
  }

  async function walletOf(memberId: number) {
    const [cash, bonus] = await Promise.all([
      t.app.services.wallet.purposeBalance(ref(memberId), 'main'),
      t.app.services.wallet.purposeBalance(ref(memberId), 'bonus'),
    ]);
    return { cash, bonus };
  }

  /** The late shares' ledger operations of a member's bonus: key, kind and amount. */
  async function lateOperations(grantId: number) {
    const { rows } = await sql<{ key: string; kind: string; amount: string | number }>`
      SELECT o.idempotency_key AS key, o.kind, t.amount_minor AS amount
      FROM ledger_operations o JOIN ledger_transfers t ON t.operation_id = o.id
      WHERE o.idempotency_key LIKE 'bonus-late:%' AND o.reference = ${`bonus:${grantId}`}`.execute(
      t.db,
    );
    return rows.map((r) => ({ key: r.key, kind: r.kind, amountMinor: Number(r.amount) }));
  }

  async function books() {
    expect(await checkInvariants(t.db)).toEqual([]);
    expect(await checkBetRecords(t.db)).toEqual([]);
  }

  it('a forfeited bonus: the win of a round open across the forfeit goes to the house, once', async () => {
    const memberId = await member(50_00);
    const bonus = await grant(memberId, 20_00, 10);
    const round = uid('R');
    await post(memberId, round, 'WITHDRAW', 20_00); // all of it from the bonus account
    expect(await walletOf(memberId)).toEqual({ cash: 50_00, bonus: 0 });

    // Given up while the round is still open: nothing is left to move, the round is watched.
    await t.app.services.bonus.forfeit(ref(memberId), bonus.id, 'en');
    await post(memberId, round, 'DEPOSIT', 30_00); // wins 30: all of it is the bonus share
    expect(await walletOf(memberId)).toEqual({ cash: 50_00, bonus: 30_00 });

    // The minute job, a second run and the member's page at the same time: one move.
    await Promise.all([
      t.app.services.bonus.expireDue(new Date()),
      t.app.services.bonus.expireDue(new Date()),
      t.app.services.bonus.settleLateShares([memberId]),
    ]);
    await t.app.services.bonus.expireDue(new Date());
    expect(await walletOf(memberId)).toEqual({ cash: 50_00, bonus: 0 });
    const moves = await lateOperations(bonus.id);
    expect(moves).toEqual([
      {
        key: expect.stringMatching(/^bonus-late:\d+$/),
        kind: 'bonus_forfeited',
        amountMinor: 30_00,
      },
    ]);
    // The bonus details show what left with the close and after it.
    const listed = (await t.app.services.bonus.list(ref(memberId), 'en')).list[0]!;
    expect(listed).toMatchObject({ id: bonus.id, status: 'forfeited', closedAmountMinor: 30_00 });
    await books();
  });

  it('a completed bonus: the late share becomes cash at once, and a newer bonus keeps its own money', async () => {
    const memberId = await member(100_00);
    const bonus = await grant(memberId, 10_00, 1); // requirement R$ 10
    const open = uid('R');
    await post(memberId, open, 'WITHDRAW', 10_00); // from the bonus account; stays open

    // Another round (cash: the bonus account is empty) meets the requirement: converted.
    const other = uid('R');
    await post(memberId, other, 'WITHDRAW', 10_00);
    await post(memberId, other, 'DEPOSIT', 0);
    while ((await t.app.events.deliverPending()) > 0);
    const closed = (await t.app.services.bonus.list(ref(memberId), 'en')).list[0]!;
    expect(closed).toMatchObject({ id: bonus.id, status: 'completed', closedAmountMinor: 0 });

    // A new bonus arrives before the open round pays out.
    const newer = await grant(memberId, 5_00, 10);
    expect(await walletOf(memberId)).toEqual({ cash: 90_00, bonus: 5_00 });
    await post(memberId, open, 'DEPOSIT', 25_00); // the round staked bonus only: 25 to the bonus account
    expect(await walletOf(memberId)).toEqual({ cash: 90_00, bonus: 30_00 });

    // The member opens the bonus page: the late share is cash now; the newer bonus is untouched.
    const page = await t.app.services.bonus.list(ref(memberId), 'en');
    expect(await walletOf(memberId)).toEqual({ cash: 115_00, bonus: 5_00 });
    expect(page.bonusBalanceMinor).toBe(5_00);
    expect(page.list.find((g) => g.id === newer.id)).toMatchObject({ status: 'open' });
    expect(page.list.find((g) => g.id === bonus.id)).toMatchObject({ closedAmountMinor: 25_00 });
    expect(await lateOperations(bonus.id)).toEqual([
      { key: expect.stringMatching(/^bonus-late:\d+$/), kind: 'bonus_convert', amountMinor: 25_00 },
    ]);

    // The round is over: the job ends the watch, and a later run moves nothing more.
    await t.app.services.bonus.expireDue(new Date());
    await t.app.services.bonus.expireDue(new Date());
    expect(await walletOf(memberId)).toEqual({ cash: 115_00, bonus: 5_00 });
    const watch = await sql<{ done: boolean }>`
      SELECT done_at IS NOT NULL AS done FROM bonus_late_watches WHERE grant_id = ${bonus.id}`.execute(
      t.db,
    );
    expect(watch.rows).toEqual([{ done: true }]);
    await books();
  });

  it('a close with no round open, or with another bonus still open, watches nothing', async () => {
    const memberId = await member(50_00);
    const first = await grant(memberId, 10_00, 10);
    const second = await grant(memberId, 10_00, 10);
    const round = uid('R');
    await post(memberId, round, 'WITHDRAW', 5_00);
    // Another bonus stays open: the pool keeps the round's share (the usual rule).
    await t.app.services.bonus.forfeit(ref(memberId), first.id, 'en');
    // The last one closes with no round open: nothing to watch.
    await post(memberId, round, 'DEPOSIT', 0);
    await t.app.services.bonus.forfeit(ref(memberId), second.id, 'en');
    const { rows } = await sql<{ n: number }>`
      SELECT COUNT(*)::int AS n FROM bonus_late_watches WHERE member_id = ${memberId}`.execute(
      t.db,
    );
    expect(Number(rows[0]!.n)).toBe(0);
    expect((await walletOf(memberId)).bonus).toBe(0);
    await books();
  });
});
