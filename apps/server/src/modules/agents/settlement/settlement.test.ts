import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestApp, type TestApp } from '../../../../test/harness';
import { seedMember } from '../../../../test/seeds';
import type { Brand } from '../../system';
import { checkInvariants } from '../../wallet/ledger';
import { houseBet } from '../../../../test/bets';

const MINUTE_MS = 60_000;
const label = (d: Date) => d.toISOString().slice(0, 16);

/**
 * The real-time salary's settlement against the ledger (docs/agents.md "Settlement"): each
 * contract's payout recomputed here from the bet records, paid exactly once with a concurrent
 * second run and re-runs, uplines paid before they pay, and a round placed in one window but
 * settled in the next paid in the next as its adjustment.
 */
describe.each(ENGINES)('agent settlement on %s', (engine) => {
  let t: TestApp;
  let brand: Brand;
  let seq = 0;
  const m: Record<string, number> = {};
  // Two closed 5-minute windows two hours ago (UTC-aligned, as the job cuts them).
  const t0 = new Date(Math.floor(Date.now() / (5 * MINUTE_MS)) * 5 * MINUTE_MS - 120 * MINUTE_MS);
  const w1 = { label: label(t0), startUtc: t0, endUtc: new Date(t0.getTime() + 5 * MINUTE_MS) };
  const w2 = {
    label: label(w1.endUtc),
    startUtc: w1.endUtc,
    endUtc: new Date(t0.getTime() + 10 * MINUTE_MS),
  };
  const ref = (memberId: number) => ({ memberId, merchantCode: 'BANCA', currency: 'BRL' });

  async function seed(name: string, type: number, upline: string | null) {
    m[name] = await seedMember(t.db, { type });
    await t.app.services.agents.placeMember({
      memberId: m[name]!,
      uplineId: upline ? m[upline]! : null,
      merchantCode: 'BANCA',
    });
  }

  /** A round through the wallet's bet records (stake, then payout), then dated into the past. */
  async function play(
    name: string,
    stakeMinor: number,
    payoutMinor: number,
    openedAt: Date,
    settledAt: Date,
  ) {
    seq += 1;
    const round = `T${engine[0]}${seq}`;
    const record = (type: 'WITHDRAW' | 'DEPOSIT', amount: number) =>
      houseBet(m[name]!, round, type, amount);
    await t.app.services.wallet.bets.post({
      member: ref(m[name]!),
      bet: record('WITHDRAW', stakeMinor),
    });
    await t.app.services.wallet.bets.post({
      member: ref(m[name]!),
      bet: record('DEPOSIT', payoutMinor),
    });
    await sql`UPDATE bet_rounds SET opened_at = ${openedAt}, settled_at = ${settledAt}
      WHERE round_id = ${round}`.execute(t.db);
  }

  async function balance(name: string): Promise<number> {
    return (await t.app.services.wallet.balances(ref(m[name]!), brand)).main.balanceMinor;
  }

  /**
   * What a real-time contract pays, recomputed here from the bet records: the team's rounds
   * settled in the window, profit wage on bets of rounds won, loss wage on the others.
   */
  async function expectedPay(
    team: string[],
    window: { startUtc: Date; endUtc: Date },
    tiers: { thresholdMinor: number; rateBp: number; lossRateBp: number }[],
  ) {
    const rows = await sql<{ stake: string; payout: string }>`SELECT stake_minor AS stake,
      payout_minor AS payout FROM bet_rounds WHERE status = 'settled'
      AND member_id = ANY(${team.map((n) => m[n]!)}::bigint[])
      AND settled_at >= ${window.startUtc} AND settled_at < ${window.endUtc}`.execute(t.db);
    let won = 0;
    let lost = 0;
    for (const r of rows.rows) {
      if (Number(r.payout) > Number(r.stake)) won += Number(r.stake);
      else lost += Number(r.stake);
    }
    const tier = [...tiers].reverse().find((x) => won + lost >= x.thresholdMinor)!;
    return Math.floor((won * tier.rateBp + lost * tier.lossRateBp) / 10_000);
  }

  const topTiers = [
    { thresholdMinor: 0, rateBp: 100, lossRateBp: 60 },
    { thresholdMinor: 150_00, rateBp: 150, lossRateBp: 80 },
  ];
  const midTiers = [{ thresholdMinor: 0, rateBp: 80, lossRateBp: 40 }];

  beforeAll(async () => {
    t = await startTestApp(engine);
    brand = (await t.app.services.system.brandByCode('BANCA'))!;
    await seed('top', 1, null);
    await seed('mid', 1, 'top');
    await seed('p1', 0, 'mid');
    await seed('p2', 0, 'mid');
    await seed('p3', 0, 'top');
    for (const p of ['p1', 'p2', 'p3'])
      await t.app.services.wallet.adjust({
        member: ref(m[p]!),
        amountMinor: 1_000_00,
        reason: 'test',
        operatorId: 'test',
        idempotencyKey: `fund:${engine}:${p}`,
      });
    const contracts = t.app.services.agentContracts;
    // The house pays top (a top-level agent); top pays mid.
    await contracts.houseContract(
      { kind: 'realtime', downlineId: m.top!, tiers: topTiers },
      'test',
    );
    const offer = await contracts.offer({ memberId: m.top!, merchantCode: 'BANCA' }, brand, {
      kind: 'realtime',
      downlineId: m.mid!,
      tiers: midTiers,
    });
    await contracts.answer(
      { memberId: m.mid!, merchantCode: 'BANCA' },
      brand,
      { id: offer.id },
      'A',
      false,
    );
    // In force since before the windows.
    await sql`UPDATE agent_contracts SET responded_at = ${new Date(t0.getTime() - 60 * MINUTE_MS)}`.execute(
      t.db,
    );

    const at = (minutes: number) => new Date(t0.getTime() + minutes * MINUTE_MS);
    await play('p1', 100_00, 0, at(1), at(1.5)); // lost
    await play('p1', 30_00, 30_00, at(2), at(2.5)); // even: not a win
    await play('p2', 50_00, 120_00, at(2), at(3)); // won
    await play('p3', 20_00, 0, at(3), at(4)); // lost, top's own team only
    await play('p2', 40_00, 0, at(4), at(7)); // placed in w1, settled in w2: late
  }, 120_000);
  afterAll(() => t?.close());

  it('pays each contract its recomputed share once, with a concurrent second run and a re-run', async () => {
    const settlement = t.app.services.agentSettlement;
    const before = { top: await balance('top'), mid: await balance('mid') };
    const topPay = await expectedPay(['top', 'mid', 'p1', 'p2', 'p3'], w1, topTiers);
    const midPay = await expectedPay(['mid', 'p1', 'p2'], w1, midTiers);
    // 200,00 of bets reach the second tier: 1.50 % of the bets won, 0.80 % of the bets lost.
    expect(topPay).toBe(Math.floor((50_00 * 150 + 150_00 * 80) / 10_000));
    expect(midPay).toBeGreaterThan(0);

    await Promise.all([settlement.settleRealtime(w1), settlement.settleRealtime(w1)]);
    expect(await t.app.jobs.runNow('agents.realtime-salary', w1.label)).toBeTruthy();
    await settlement.settleRealtime(w1);

    expect(await balance('mid')).toBe(before.mid + midPay);
    // top was paid by the house before it paid mid (it had nothing of its own).
    expect(await balance('top')).toBe(before.top + topPay - midPay);
    const rows = await sql<{ payee: number; amount: number; status: string; late: number }>`
      SELECT payee_member_id AS payee, amount_minor AS amount, status, late_bet_minor AS late
      FROM agent_settlements WHERE period_label = ${w1.label} ORDER BY payee_member_id`.execute(
      t.db,
    );
    expect(rows.rows).toEqual(
      [
        { payee: m.top, amount: topPay, status: 'paid', late: 0 },
        { payee: m.mid, amount: midPay, status: 'paid', late: 0 },
      ].sort((a, b) => a.payee! - b.payee!),
    );
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('pays a round settled after its window closed in the next window, once', async () => {
    const settlement = t.app.services.agentSettlement;
    const before = { top: await balance('top'), mid: await balance('mid') };
    const topPay = await expectedPay(['top', 'mid', 'p1', 'p2', 'p3'], w2, topTiers);
    const midPay = await expectedPay(['mid', 'p1', 'p2'], w2, midTiers);
    expect([topPay, midPay]).toEqual([
      Math.floor((40_00 * 60) / 10_000),
      Math.floor((40_00 * 40) / 10_000),
    ]);

    await Promise.all([settlement.settleRealtime(w2), settlement.settleRealtime(w2)]);
    await settlement.settleRealtime(w1);
    await settlement.settleRealtime(w2);
    expect(await balance('top')).toBe(before.top + topPay - midPay);
    expect(await balance('mid')).toBe(before.mid + midPay);

    // Both sides see the row, with the late bets as the adjustment.
    const mine = await settlement.memberSettlements({ memberId: m.mid! }, brand, {
      kind: 'realtime',
      period: 'last7',
      pageNo: 1,
    });
    expect(mine.list.map((s) => [s.periodLabel, s.role, s.amountMinor, s.lateBetMinor])).toEqual([
      [w2.label, 'received', midPay, 40_00],
      [w1.label, 'received', expect.any(Number), 0],
    ]);
    expect(mine.list[0]!.counterparty?.id).toBe(m.top);
    const tops = await settlement.memberSettlements({ memberId: m.top! }, brand, {
      kind: 'realtime',
      period: 'last7',
      pageNo: 1,
    });
    expect(
      tops.list
        .filter((s) => s.periodLabel === w2.label)
        .map((s) => s.role)
        .sort(),
    ).toEqual(['paid', 'received']);
    const income = await settlement.income({ memberId: m.top! }, brand, { period: 'last7' });
    const realtime = income.byKind.find((k) => k.kind === 'realtime')!;
    expect(realtime.netMinor).toBe(realtime.receivedMinor - realtime.paidMinor);
    expect(income.totals.netMinor).toBe((await balance('top')) - 0);

    const runs = await settlement.runs({ kind: 'realtime', pageNo: 1 });
    expect(runs.list.find((r) => r.periodLabel === w2.label)).toMatchObject({
      payouts: 2,
      lateBetMinor: 80_00,
    });
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('pays a daily salary and a daily dividend at the brand’s midnight, once, and nothing in other hours', async () => {
    const settlement = t.app.services.agentSettlement;
    const contracts = t.app.services.agentContracts;
    // Two days ago in São Paulo (UTC−3): its midnight ends at 03:00 UTC of the next day.
    const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const dayStartUtc = new Date(`${day}T03:00:00Z`);
    const midnightUtc = new Date(dayStartUtc.getTime() + 86_400_000);
    await seed('dtop', 1, null);
    await seed('dp1', 0, 'dtop');
    await seed('dp2', 0, 'dtop');
    for (const p of ['dp1', 'dp2'])
      await t.app.services.wallet.adjust({
        member: ref(m[p]!),
        amountMinor: 1_000_00,
        reason: 'test',
        operatorId: 'test',
        idempotencyKey: `fund:${engine}:${p}`,
      });
    await contracts.houseContract(
      {
        kind: 'daily',
        downlineId: m.dtop!,
        minActiveMembers: 2,
        tiers: [{ thresholdMinor: 100_00, rateBp: 120 }],
      },
      'test',
    );
    await contracts.houseContract(
      {
        kind: 'dividend',
        downlineId: m.dtop!,
        productType: 'ALL',
        computationPeriod: 'daily',
        minActiveMembers: 0,
        tiers: [{ thresholdMinor: 10_00, rateBp: 2_500 }],
      },
      'test',
    );
    await sql`UPDATE agent_contracts SET responded_at = ${new Date(dayStartUtc.getTime() - 3_600_000)}
      WHERE downline_member_id = ${m.dtop!}`.execute(t.db);
    const noon = new Date(dayStartUtc.getTime() + 12 * 3_600_000);
    await play('dp1', 300_00, 0, noon, noon); // lost
    await play('dp2', 200_00, 250_00, noon, noon); // won
    await play('dp2', 100_00, 0, midnightUtc, midnightUtc); // the next day: not counted

    const before = await balance('dtop');
    const hour = (endUtc: Date) => ({
      label: endUtc.toISOString().slice(0, 13),
      startUtc: new Date(endUtc.getTime() - 3_600_000),
      endUtc,
    });
    // An hour without the brand's midnight settles nothing.
    await settlement.settleDays(hour(new Date(midnightUtc.getTime() + 3_600_000)));
    expect(await balance('dtop')).toBe(before);
    await Promise.all([
      settlement.settleDays(hour(midnightUtc)),
      settlement.settleDays(hour(midnightUtc)),
    ]);
    await settlement.settleDays(hour(midnightUtc));

    // Recomputed from the bet records of the day: 500,00 of valid bets at 1.20 %; the team
    // lost 300,00 − 50,00 = 250,00, of which 25 % is the dividend.
    const rows = await sql<{
      stake: string;
      payout: string;
    }>`SELECT stake_minor AS stake, payout_minor AS payout
      FROM bet_rounds WHERE member_id IN (${m.dp1!}, ${m.dp2!}) AND status = 'settled'
      AND settled_at >= ${dayStartUtc} AND settled_at < ${midnightUtc}`.execute(t.db);
    const valid = rows.rows.reduce((sum, r) => sum + Number(r.stake), 0);
    const teamLoss = rows.rows.reduce((sum, r) => sum + Number(r.stake) - Number(r.payout), 0);
    expect([valid, teamLoss]).toEqual([500_00, 250_00]);
    const salary = Math.floor((valid * 120) / 10_000);
    const dividend = Math.floor((teamLoss * 2_500) / 10_000);
    expect(await balance('dtop')).toBe(before + salary + dividend);
    const labels = await sql<{
      label: string;
      amount: number;
    }>`SELECT period_label AS label, amount_minor AS amount
      FROM agent_settlements s JOIN agent_contracts c ON c.id = s.contract_id
      WHERE c.downline_member_id = ${m.dtop!} ORDER BY c.kind`.execute(t.db);
    // One row each, by kind: daily salary, then dividend.
    expect(labels.rows).toEqual([
      { label: `daily:${day}`, amount: salary },
      { label: `daily:${day}`, amount: dividend },
    ]);
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('pays hourly salaries per half hour and per hour, each window once', async () => {
    const settlement = t.app.services.agentSettlement;
    const contracts = t.app.services.agentContracts;
    // A whole hour three hours ago (UTC), split in two half hours.
    const hourStart = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3 * 3_600_000);
    const half = new Date(hourStart.getTime() + 30 * MINUTE_MS);
    const hourEnd = new Date(hourStart.getTime() + 60 * MINUTE_MS);
    for (const [agent, player, windowMinutes] of [
      ['h30', 'hp30', 30],
      ['h60', 'hp60', 60],
    ] as const) {
      await seed(agent, 1, null);
      await seed(player, 0, agent);
      await t.app.services.wallet.adjust({
        member: ref(m[player]!),
        amountMinor: 1_000_00,
        reason: 'test',
        operatorId: 'test',
        idempotencyKey: `fund:${engine}:${player}`,
      });
      await contracts.houseContract(
        {
          kind: 'hourly',
          downlineId: m[agent]!,
          windowMinutes,
          minActiveMembers: 0,
          tiers: [
            { thresholdMinor: 50_00, rateBp: 100 },
            { thresholdMinor: 150_00, rateBp: 200 },
          ],
        },
        'test',
      );
      await sql`UPDATE agent_contracts SET responded_at = ${new Date(hourStart.getTime() - 3_600_000)}
        WHERE downline_member_id = ${m[agent]!}`.execute(t.db);
      const at = (minutes: number) => new Date(hourStart.getTime() + minutes * MINUTE_MS);
      await play(player, 100_00, 0, at(10), at(10));
      await play(player, 60_00, 0, at(40), at(40));
    }
    const before = { h30: await balance('h30'), h60: await balance('h60') };
    const firstHalf = { label: label(hourStart), startUtc: hourStart, endUtc: half };
    const secondHalf = { label: label(half), startUtc: half, endUtc: hourEnd };
    await settlement.settleHourly(firstHalf);
    // The half-hour contract: 100,00 reached the first tier (1 %); the hour one waits.
    expect(await balance('h30')).toBe(before.h30 + 1_00);
    expect(await balance('h60')).toBe(before.h60);
    await Promise.all([settlement.settleHourly(secondHalf), settlement.settleHourly(secondHalf)]);
    await settlement.settleHourly(firstHalf);
    // Second half: 60,00 at 1 %; the hour: 160,00 reached the second tier (2 %).
    expect(await balance('h30')).toBe(before.h30 + 1_00 + 60);
    expect(await balance('h60')).toBe(before.h60 + 3_20);
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('leaves a wage unpaid while its upline cannot pay, and pays it once when it can', async () => {
    const settlement = t.app.services.agentSettlement;
    const contracts = t.app.services.agentContracts;
    // A separate tree: broke (no contract above it, no money) pays owed (its downline agent).
    await seed('broke', 1, null);
    await seed('owed', 1, 'broke');
    await seed('q', 0, 'owed');
    await t.app.services.wallet.adjust({
      member: ref(m.q!),
      amountMinor: 500_00,
      reason: 'test',
      operatorId: 'test',
      idempotencyKey: `fund:${engine}:q`,
    });
    const offer = await contracts.offer({ memberId: m.broke!, merchantCode: 'BANCA' }, brand, {
      kind: 'realtime',
      downlineId: m.owed!,
      tiers: midTiers,
    });
    await contracts.answer(
      { memberId: m.owed!, merchantCode: 'BANCA' },
      brand,
      { id: offer.id },
      'A',
      false,
    );
    await sql`UPDATE agent_contracts SET responded_at = ${new Date(t0.getTime() - 60 * MINUTE_MS)}
      WHERE downline_member_id = ${m.owed!}`.execute(t.db);
    const w3Start = new Date(t0.getTime() + 20 * MINUTE_MS);
    const w3 = {
      label: label(w3Start),
      startUtc: w3Start,
      endUtc: new Date(w3Start.getTime() + 5 * MINUTE_MS),
    };
    await play(
      'q',
      200_00,
      0,
      new Date(w3Start.getTime() + MINUTE_MS),
      new Date(w3Start.getTime() + 2 * MINUTE_MS),
    );
    const owedPay = await expectedPay(['owed', 'q'], w3, midTiers);
    expect(owedPay).toBe(Math.floor((200_00 * 40) / 10_000));

    await settlement.settleRealtime(w3);
    const statusOf = async () =>
      (
        await sql<{ status: string; amount: string }>`SELECT status, amount_minor AS amount
          FROM agent_settlements WHERE payee_member_id = ${m.owed!}`.execute(t.db)
      ).rows.map((r) => [r.status, Number(r.amount)]);
    expect(await statusOf()).toEqual([['unpaid', owedPay]]);
    expect(await balance('owed')).toBe(0);
    // Still short: a retry moves nothing and the row stays owed.
    expect(await settlement.retryUnpaid()).toMatchObject({ paid: 0 });
    expect(await statusOf()).toEqual([['unpaid', owedPay]]);

    await t.app.services.wallet.adjust({
      member: ref(m.broke!),
      amountMinor: 100_00,
      reason: 'test',
      operatorId: 'test',
      idempotencyKey: `fund:${engine}:broke`,
    });
    const [a, b] = await Promise.all([settlement.retryUnpaid(), settlement.retryUnpaid()]);
    await t.app.jobs.runNow('agents.retry-unpaid', w3.label);
    expect(a.paid + b.paid).toBe(1);
    expect(await statusOf()).toEqual([['paid', owedPay]]);
    expect(await balance('owed')).toBe(owedPay);
    expect(await balance('broke')).toBe(100_00 - owedPay);
    expect(await checkInvariants(t.db)).toEqual([]);
  });
});
