import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestApp, type TestApp } from '../../../../test/harness';
import { seedMember } from '../../../../test/seeds';
import type { Brand } from '../../system';
import { signedInOperator } from '../../../../test/staff-client';
import { dayInZone, startOfDayUtc } from '../../wallet';
import { checkInvariants } from '../../wallet/ledger';
import { ratesFromMemberLookup } from '.';
import { addDays, periodOfDay } from './periods';
import { houseBet } from '../../../../test/bets';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Cashback of a day's net loss (docs/bonus.md "Cashback"), against the real ledger: the
 * hourly job of the brand's midnight pays each losing member the brand's share of the loss
 * (above the minimum, under the cap), once — with the job and a direct run at the same time,
 * and again on a re-run; winners and the next day's rounds are not paid.
 */
describe.each(ENGINES)('cashback on %s', (engine) => {
  let t: TestApp;
  let brand: Brand;
  let rounds = 0;
  const ref = (memberId: number) => ({ memberId, merchantCode: 'BANCA', currency: 'BRL' });

  beforeAll(async () => {
    t = await startTestApp(engine);
    brand = (await t.app.services.system.brandByCode('BANCA'))!;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function play(memberId: number, stakeMinor: number, payoutMinor: number, at: Date) {
    rounds += 1;
    const round = `C${engine[0]}${rounds}`;
    const record = (type: 'WITHDRAW' | 'DEPOSIT', amount: number) =>
      houseBet(memberId, round, type, amount);
    await t.app.services.wallet.bets.post({
      member: ref(memberId),
      bet: record('WITHDRAW', stakeMinor),
    });
    await t.app.services.wallet.bets.post({
      member: ref(memberId),
      bet: record('DEPOSIT', payoutMinor),
    });
    await sql`UPDATE bet_rounds SET opened_at = ${at}, settled_at = ${at} WHERE round_id = ${round}`.execute(
      t.db,
    );
  }

  async function balance(memberId: number): Promise<number> {
    return (await t.app.services.wallet.balances(ref(memberId), brand)).main.balanceMinor;
  }

  it('pays each loser the share of the day’s loss once, with a concurrent second run', async () => {
    await t.app.services.cashback.saveSettings('BANCA', {
      enabled: true,
      rateBp: 1_000, // 10 %
      period: 'day',
      minLossMinor: 1_00,
      maxPayoutMinor: 50_00,
    });
    // The brand's day two days ago, its noon; the next day's first hour.
    const day = dayInZone(new Date(Date.now() - 2 * DAY_MS), brand.timeZone);
    const start = startOfDayUtc(day, brand.timeZone);
    const noon = new Date(start.getTime() + 12 * HOUR_MS);
    const nextDayStart = new Date(start.getTime() + 24 * HOUR_MS);
    const members: Record<string, number> = {};
    for (const name of ['loser', 'bigLoser', 'winner', 'small', 'nextDay']) {
      members[name] = await seedMember(t.db);
      await t.app.services.wallet.adjust({
        member: ref(members[name]!),
        amountMinor: 2_000_00,
        reason: 'test credit',
        operatorId: 'op-test',
        idempotencyKey: `cashback-test-${engine}-${name}`,
      });
    }
    await play(members.loser!, 500_00, 100_00, noon); // lost 400: pays 40
    await play(members.loser!, 100_00, 200_00, noon); // won 100 back: net loss 300, pays 30
    await play(members.bigLoser!, 1_000_00, 0, noon); // lost 1,000: 100, capped at 50
    await play(members.winner!, 100_00, 300_00, noon); // won: nothing
    await play(members.small!, 50, 0, noon); // lost 0.50, under the R$ 1 minimum: nothing
    await play(members.nextDay!, 500_00, 0, new Date(nextDayStart.getTime() + HOUR_MS)); // the next day

    const before = Object.fromEntries(
      await Promise.all(Object.entries(members).map(async ([n, id]) => [n, await balance(id)])),
    );
    // The job's hour is the one ending at the brand's midnight after the day.
    const label = new Date(nextDayStart.getTime() - HOUR_MS).toISOString().slice(0, 16);
    await Promise.all([
      t.app.jobs.runNow('rewards.cashback-days', label),
      t.app.jobs.runNow('rewards.cashback-days', label),
      t.app.services.cashback.payPeriod(brand, day),
    ]);
    await t.app.services.cashback.payPeriod(brand, day);

    const paid = async (name: string) => (await balance(members[name]!)) - before[name]!;
    expect(await paid('loser')).toBe(30_00);
    expect(await paid('bigLoser')).toBe(50_00);
    expect(await paid('winner')).toBe(0);
    expect(await paid('small')).toBe(0);
    expect(await paid('nextDay')).toBe(0);
    const operations = await sql<{ n: number }>`SELECT COUNT(*)::int AS n FROM ledger_operations
      WHERE idempotency_key LIKE ${`cashback:${day}:%`}`.execute(t.db);
    expect(Number(operations.rows[0]!.n)).toBe(2);
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('pays a manual rebate of the valid bets since the last claim once, only when the module is on', async () => {
    const memberId = await seedMember(t.db);
    const member = ref(memberId);
    await t.app.services.wallet.adjust({
      member,
      amountMinor: 1_000_00,
      reason: 'test credit',
      operatorId: 'op-test',
      idempotencyKey: `rebate-test-${engine}`,
    });
    const claim = () => t.app.services.cashback.claimRebate(member, brand);
    await expect(claim()).rejects.toMatchObject({ code: 'rebate_disabled' });

    type Node = { modId: string; enabled: boolean; childrenNodes: Node[] };
    const turnOn = (nodes: Node[]): Node[] =>
      nodes.map((n) => ({
        ...n,
        enabled: n.modId === 'MANUAL_REBATE' ? true : n.enabled,
        childrenNodes: turnOn(n.childrenNodes),
      }));
    await t.app.services.system.updateBrandSettings('BANCA', (s) => ({
      ...s,
      whitelabel: turnOn(s.whitelabel as Node[]) as typeof s.whitelabel,
    }));
    brand = (await t.app.services.system.brandByCode('BANCA'))!;
    const menus = await t.app.services.games.gameMenus();
    const category = menus.flatMap((m) => m.vendors).find((v) => v.code === 'BGS')!.gameCategory;
    await t.app.services.cashback.saveRebate('BANCA', true, { [category]: 100 }); // 1 %
    await expect(claim()).rejects.toMatchObject({ code: 'rebate_nothing_to_claim' });

    await play(memberId, 100_00, 0, new Date(Date.now() - 60_000));
    await play(memberId, 50_00, 80_00, new Date(Date.now() - 30_000));
    const overview = await t.app.services.cashback.rebateOverview(member, brand);
    expect(overview.lines).toEqual([
      { category, validBetMinor: 150_00, rateBp: 100, amountMinor: 1_50 },
    ]);
    const before = await balance(memberId);
    const results = await Promise.allSettled([claim(), claim()]);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(refused).toHaveLength(1);
    // The loser answers already-claimed when both read the same window, nothing-to-claim when
    // the winner had committed before it read (CI on Node 24 saw both): either way, one paid.
    expect(['rebate_already_claimed', 'rebate_nothing_to_claim']).toContain(
      ((refused[0] as PromiseRejectedResult).reason as { code: string }).code,
    );
    expect((await balance(memberId)) - before).toBe(1_50);
    await expect(claim()).rejects.toMatchObject({ code: 'rebate_nothing_to_claim' });

    // Only bets after the claim count toward the next one.
    const first = (await t.app.services.cashback.rebateOverview(member, brand)).claims[0]!;
    await play(memberId, 200_00, 0, new Date(Date.parse(first.toUtc) + 1));
    const next = await claim();
    expect(next.amountMinor).toBe(2_00);
    expect((await balance(memberId)) - before).toBe(1_50 - 200_00 + 2_00);
    const listed = await t.app.services.cashback.rebateOverview(member, brand);
    expect(listed.claims.map((c) => c.amountMinor)).toEqual([2_00, 1_50]);
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  /** The job's label of the hour that ends at `instant` (a brand's midnight). */
  const hourEndingAt = (instant: Date) =>
    new Date(instant.getTime() - HOUR_MS).toISOString().slice(0, 16);

  async function credit(memberId: number, key: string) {
    await t.app.services.wallet.adjust({
      member: ref(memberId),
      amountMinor: 2_000_00,
      reason: 'test credit',
      operatorId: 'op-test',
      idempotencyKey: `cashback-test-${engine}-${key}`,
    });
  }

  async function inbox(memberId: number, language: 'pt-BR' | 'en' = 'pt-BR') {
    while ((await t.app.events.deliverPending()) > 0);
    const page = await t.app.services.messages.list(
      { memberId, merchantCode: 'BANCA' },
      { pageNo: 1, pageSize: 20, status: 'all' },
      language,
    );
    return page.list;
  }

  it('pays a week’s loss once, after its Sunday, with two job runs and a direct run at once, and the member hears of it once', async () => {
    await t.app.services.cashback.saveSettings('BANCA', {
      enabled: true,
      rateBp: 1_000, // 10 %
      period: 'week',
      minLossMinor: 0,
      maxPayoutMinor: 0,
    });
    // A week that ended well before the daily test's day, so the two never overlap.
    const week = periodOfDay('week', dayInZone(new Date(Date.now() - 14 * DAY_MS), brand.timeZone));
    const monday = startOfDayUtc(week.firstDay, brand.timeZone);
    const nextMonday = startOfDayUtc(addDays(week.lastDay, 1), brand.timeZone);
    const noonOf = (daysAfterMonday: number) =>
      new Date(monday.getTime() + daysAfterMonday * DAY_MS + 12 * HOUR_MS);
    const player = await seedMember(t.db);
    await credit(player, 'week-player');
    await play(player, 100_00, 0, noonOf(1)); // Tuesday: lost 100
    await play(player, 300_00, 100_00, noonOf(4)); // Friday: lost 200 → the week lost 300, pays 30
    await play(player, 500_00, 0, noonOf(-1)); // the Sunday before: the week before
    await play(player, 700_00, 0, new Date(nextMonday.getTime() + 12 * HOUR_MS)); // the week after
    const before = await balance(player);

    // Saturday's midnight ends a day, not the week: nothing yet.
    await t.app.jobs.runNow('rewards.cashback-days', hourEndingAt(noonOf(5)));
    expect(await balance(player)).toBe(before);

    await Promise.all([
      t.app.jobs.runNow('rewards.cashback-days', hourEndingAt(nextMonday)),
      t.app.jobs.runNow('rewards.cashback-days', hourEndingAt(nextMonday)),
      t.app.services.cashback.payPeriod(brand, week.lastDay),
    ]);
    await t.app.services.cashback.payPeriod(brand, week.firstDay);
    expect((await balance(player)) - before).toBe(30_00);
    const operations = await sql<{ n: number }>`SELECT COUNT(*)::int AS n FROM ledger_operations
      WHERE idempotency_key = ${`cashback:week:${week.firstDay}:${player}`}`.execute(t.db);
    expect(Number(operations.rows[0]!.n)).toBe(1);

    const messages = (await inbox(player)).filter((m) => m.kind === 'cashback_credited');
    expect(messages).toHaveLength(1);
    expect(messages[0]!.amountMinor).toBe(30_00);
    const [y, m, d] = week.firstDay.split('-');
    expect(messages[0]!.content).toContain(`${d}/${m}/${y}`);
    expect((await inbox(player, 'en'))[0]!.title).toBe('Cashback credited');
    // A later run of the same week, and a redelivery, add nothing.
    await t.app.services.cashback.payPeriod(brand, week.lastDay);
    expect((await inbox(player)).filter((m) => m.kind === 'cashback_credited')).toHaveLength(1);
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('tells the member once when a rebate is credited and when a bonus converts or is given up', async () => {
    const memberId = await seedMember(t.db);
    const member = ref(memberId);
    await credit(memberId, 'messages');
    // The rebate test turned the brand's manual rebate on.
    await play(memberId, 100_00, 0, new Date(Date.now() - 1_000));
    const rebate = await t.app.services.cashback.claimRebate(member, brand);
    const expiresAt = new Date(Date.now() + DAY_MS);
    const cash = await t.app.services.bonus.grant({
      member,
      sourceKey: `messages-test-cash-${engine}`,
      titles: { 'pt-BR': 'Bônus sem rollover', en: 'No-wagering bonus' },
      amountMinor: 5_00,
      wageringMultiple: 0,
      wageringBase: 'bonus',
      expiresAt,
    });
    const wagered = await t.app.services.bonus.grant({
      member,
      sourceKey: `messages-test-forfeit-${engine}`,
      titles: { 'pt-BR': 'Bônus com rollover', en: 'Wagering bonus' },
      amountMinor: 7_00,
      wageringMultiple: 10,
      wageringBase: 'bonus',
      expiresAt,
    });
    await t.app.services.bonus.forfeit(member, wagered.id, 'pt-BR');
    const lapsing = await t.app.services.bonus.grant({
      member,
      sourceKey: `messages-test-expiry-${engine}`,
      titles: { 'pt-BR': 'Bônus que expira', en: 'Lapsing bonus' },
      amountMinor: 3_00,
      wageringMultiple: 10,
      wageringBase: 'bonus',
      expiresAt: new Date(Date.now() + 60_000),
    });
    await t.app.services.bonus.expireDue(new Date(Date.now() + 120_000));

    const list = await inbox(memberId);
    const byKind = (kind: string) => list.filter((message) => message.kind === kind);
    expect(byKind('rebate_credited')).toMatchObject([
      { amountMinor: rebate.amountMinor, detail: String(rebate.id) },
    ]);
    expect(byKind('bonus_converted')).toMatchObject([
      { amountMinor: 5_00, detail: String(cash.id), title: 'Bônus liberado' },
    ]);
    expect(byKind('bonus_forfeited')).toMatchObject([
      { amountMinor: 7_00, detail: String(wagered.id) },
    ]);
    expect(byKind('bonus_expired')).toMatchObject([
      { amountMinor: 3_00, detail: String(lapsing.id), title: 'Bônus expirado' },
    ]);
    // The expiry job's repair run posts nothing twice and says nothing twice.
    await t.app.services.bonus.expireDue(new Date());
    expect(await inbox(memberId)).toHaveLength(list.length);
  });

  it('pays a rebate claim an instance wrote but did not pay, once, with its message', async () => {
    const memberId = await seedMember(t.db);
    await credit(memberId, 'unpaid-rebate');
    const written = new Date(Date.now() - 5 * 60_000);
    const inserted = await sql<{ id: number }>`INSERT INTO cashback_payouts
        (merchant_code, member_id, currency, kind, period_key, window_start, window_end,
         basis_minor, amount_minor, created_at)
      VALUES ('BANCA', ${memberId}, 'BRL', 'rebate', 'after:none', ${new Date(written.getTime() - DAY_MS)},
        ${written}, ${100_00}, ${1_00}, ${written})
      RETURNING id`.execute(t.db);
    const id = Number(inserted.rows[0]!.id);
    const before = await balance(memberId);
    await Promise.all([
      t.app.services.cashback.payUnpaidRebates(new Date()),
      t.app.services.cashback.payUnpaidRebates(new Date()),
    ]);
    await t.app.services.cashback.payUnpaidRebates(new Date());
    expect((await balance(memberId)) - before).toBe(1_00);
    expect((await inbox(memberId)).map((m) => [m.kind, m.detail])).toEqual([
      ['rebate_credited', String(id)],
    ]);
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('takes a member’s own rate from the connected source (VIP levels), the brand’s otherwise, per calendar month', async () => {
    await t.app.services.cashback.saveSettings('BANCA', {
      enabled: true,
      rateBp: 500, // 5 %
      period: 'month',
      minLossMinor: 0,
      maxPayoutMinor: 0,
    });
    const month = periodOfDay(
      'month',
      dayInZone(new Date(Date.now() - 62 * DAY_MS), brand.timeZone),
    );
    const lastDayNoon = new Date(
      startOfDayUtc(month.lastDay, brand.timeZone).getTime() + 12 * HOUR_MS,
    );
    const [vip, regular] = [await seedMember(t.db), await seedMember(t.db)];
    await credit(vip, 'month-vip');
    await credit(regular, 'month-regular');
    await play(vip, 100_00, 0, lastDayNoon);
    await play(regular, 100_00, 0, lastDayNoon);
    const asked: number[] = [];
    t.app.services.cashback.connectRates(
      ratesFromMemberLookup(async ({ memberId }) => {
        asked.push(memberId);
        return memberId === vip ? 2_000 : null; // 20 %
      }),
    );
    try {
      const before = { vip: await balance(vip), regular: await balance(regular) };
      const firstOfNext = startOfDayUtc(addDays(month.lastDay, 1), brand.timeZone);
      await t.app.jobs.runNow('rewards.cashback-days', hourEndingAt(firstOfNext));
      expect((await balance(vip)) - before.vip).toBe(20_00);
      expect((await balance(regular)) - before.regular).toBe(5_00);
      expect(asked).toEqual(expect.arrayContaining([vip, regular]));
    } finally {
      t.app.services.cashback.connectRates(async () => new Map());
    }
  });

  it('lets money roles change the settings desk, audited, and refuses bad values and other roles', async () => {
    const finance = (await signedInOperator(t.app, ['finance'])).client;
    const support = (await signedInOperator(t.app, ['support'])).client;
    const path = '/admin/api/rewards/settings';
    const settings = {
      enabled: true,
      rateBp: 750,
      period: 'week',
      minLossMinor: 10_00,
      maxPayoutMinor: 500_00,
    };

    const read = await support.get(path);
    expect(read.status).toBe(200);
    const banca = read.body.value.brands.find(
      (b: { merchantCode: string }) => b.merchantCode === 'BANCA',
    );
    // The week and the month the tests above paid.
    expect(banca.recentCashback.map((p: { periodKey: string }) => p.periodKey)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^week:/), expect.stringMatching(/^month:/)]),
    );
    expect((await support.put(`${path}/BANCA/cashback`, settings)).status).toBe(403);

    for (const bad of [
      { ...settings, rateBp: 10_001 },
      { ...settings, period: 'year' },
      { ...settings, minLossMinor: -1 },
      { ...settings, extra: 1 },
    ]) {
      const reply = await finance.put(`${path}/BANCA/cashback`, bad);
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe('validation_failed');
    }
    const weights = await finance.put(`${path}/BANCA/bonus`, {
      categoryWeights: { RNG: 100, LIVE: 10, UNKNOWN: 50 },
    });
    expect(weights.status).toBe(400);
    const unknown = await finance.put(`${path}/NOPE/cashback`, settings);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('reward_settings_brand_not_found');

    const saved = await finance.put(`${path}/BANCA/cashback`, settings);
    expect(saved.status).toBe(200);
    expect(saved.body.value.cashback).toEqual(settings);
    expect(
      (await finance.put(`${path}/BANCA/bonus`, { categoryWeights: { LIVE: 10 } })).body.value
        .bonus,
    ).toMatchObject({ categoryWeights: { LIVE: 10 } });
    const rebate = await finance.put(`${path}/BANCA/rebate`, {
      enabled: false,
      ratesBp: { RNG: 50 },
    });
    expect(rebate.body.value.rebate).toEqual({ enabled: false, ratesBp: { RNG: 50 } });
    const audit = await sql<{ after_state: unknown }>`SELECT after_state FROM operator_audit
      WHERE action = 'cashback.settings_update' AND subject = 'cashback_settings:BANCA'`.execute(
      t.db,
    );
    expect(audit.rows.map((r) => r.after_state)).toContainEqual(settings);
    expect(await t.app.services.cashback.settings('BANCA')).toEqual(settings);
  });

  it('pays every day missed while the job did not run, once, on its next run, at most 60 days back', async () => {
    await t.app.services.cashback.saveSettings('BANCA', {
      enabled: true,
      rateBp: 1_000, // 10 %
      period: 'day',
      minLossMinor: 0,
      maxPayoutMinor: 0,
    });
    const dayAgo = (days: number) =>
      dayInZone(new Date(Date.now() - days * DAY_MS), brand.timeZone);
    const noonOf = (day: string) =>
      new Date(startOfDayUtc(day, brand.timeZone).getTime() + 12 * HOUR_MS);
    const midnightOf = (day: string) => startOfDayUtc(day, brand.timeZone);
    const player = await seedMember(t.db);
    await credit(player, 'catch-up-player');
    await play(player, 100_00, 0, noonOf(dayAgo(90))); // in the stop, but more than 60 days before the run
    await play(player, 200_00, 0, noonOf(dayAgo(70))); // pays 20
    await play(player, 300_00, 100_00, noonOf(dayAgo(40))); // pays 20
    await play(player, 50_00, 0, noonOf(dayAgo(22))); // the day the run's midnight ends: pays 5
    await play(player, 400_00, 0, noonOf(dayAgo(15))); // after the run: not yet
    const before = await balance(player);

    // The job last ran 100 days ago (earlier tests' runs forgotten), then the instances stopped.
    await sql`DELETE FROM cashback_job_coverage`.execute(t.db);
    await t.app.jobs.runNow('rewards.cashback-days', hourEndingAt(midnightOf(dayAgo(100))));
    expect(await balance(player)).toBe(before);

    // Back 79 days later: the next run pays each day since, up to 60 days back, once — with a
    // second run of the same hour and a run of an older hour (its own hour only) at the same time.
    const back = hourEndingAt(midnightOf(dayAgo(21)));
    await Promise.all([
      t.app.jobs.runNow('rewards.cashback-days', back),
      t.app.jobs.runNow('rewards.cashback-days', back),
      t.app.jobs.runNow('rewards.cashback-days', hourEndingAt(midnightOf(dayAgo(120)))),
    ]);
    await t.app.jobs.runNow('rewards.cashback-days', back);
    expect((await balance(player)) - before).toBe(20_00 + 20_00 + 5_00);
    const keys = await sql<{ key: string }>`SELECT idempotency_key AS key FROM ledger_operations
      WHERE idempotency_key LIKE ${`cashback:%:${player}`} ORDER BY idempotency_key`.execute(t.db);
    expect(keys.rows.map((r) => r.key)).toEqual(
      [dayAgo(70), dayAgo(40), dayAgo(22)].map((d) => `cashback:${d}:${player}`).sort(),
    );
    expect(await checkInvariants(t.db)).toEqual([]);
  });
});
