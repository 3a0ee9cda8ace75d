import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import { seedMember } from '../../../test/seeds';
import { checkInvariants } from '../wallet/ledger';
import { houseBet } from '../../../test/bets';

/**
 * The reward parts count `bets.settled` through one handler (settled-rounds.ts). What that
 * rests on: a delivery redelivered, or retried after one part failed, counts nothing twice in
 * the parts that had already counted it, and the part that failed counts it once on the retry.
 */
describe.each(ENGINES)('settled rounds counted by the reward parts on %s', (engine) => {
  let t: TestApp;
  let missionId: number;
  let serial = 0;
  const ref = (memberId: number) => ({ memberId, merchantCode: 'BANCA', currency: 'BRL' });

  beforeAll(async () => {
    t = await startTestApp(engine);
    await t.app.services.vip.admin.save({
      merchantCode: 'BANCA',
      settings: { enabled: true, period: 'rolling', rollingDays: 30, requirement: 'all' },
      levels: [
        {
          rank: 0,
          name: 'Bronze',
          depositMinor: 0,
          validBetMinor: 0,
          keepDepositMinor: 0,
          keepValidBetMinor: 0,
          levelUpRewardMinor: 0,
          weeklyRewardMinor: 0,
          monthlyRewardMinor: 0,
          cashbackRateBp: 0,
        },
      ],
    });
    await t.app.services.points.admin.saveSettings({
      merchantCode: 'BANCA',
      enabled: true,
      rates: { BGS: 100 },
      exchangeRates: [{ minPoints: 100, pointsPerUnit: 10 }],
    });
    const mission = await t.app.services.missions.admin.create({
      merchantCode: 'BANCA',
      titles: { 'pt-BR': 'Aposte', en: 'Bet' },
      kind: 'bet',
      periodType: 'daily',
      target: 1_000_000_00,
      rewardKind: 'cash',
      rewardMinor: 5_00,
      missionPoints: 10,
    } as Parameters<typeof t.app.services.missions.admin.create>[0]);
    missionId = mission.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const drain = async () => {
    while ((await t.app.events.deliverPending()) > 0);
  };

  async function play(memberId: number, stakeMinor: number) {
    serial += 1;
    const round = `SR${engine[0]}${serial}`;
    await t.app.services.wallet.adjust({
      member: ref(memberId),
      amountMinor: stakeMinor,
      reason: 'test credit',
      operatorId: 'op-test',
      idempotencyKey: `settled-rounds-${engine}-${round}`,
    });
    const record = (type: 'WITHDRAW' | 'DEPOSIT', amount: number) =>
      houseBet(memberId, round, type, amount);
    await t.app.services.wallet.bets.post({
      member: ref(memberId),
      bet: record('WITHDRAW', stakeMinor),
    });
    await t.app.services.wallet.bets.post({ member: ref(memberId), bet: record('DEPOSIT', 0) });
  }

  /**
   * What each part counted for the member: VIP's valid bets, points (accrued points are posted
   * first, as the job does each minute), the mission's progress.
   */
  async function counted(memberId: number) {
    await t.app.services.points.postAccrued();
    const vip = await sql<{ n: string | null }>`
      SELECT sum(valid_bet_minor) AS n FROM vip_activity WHERE member_id = ${memberId}`.execute(
      t.db,
    );
    const mission = await sql<{ n: string | null }>`
      SELECT sum(progress) AS n FROM mission_progress
      WHERE member_id = ${memberId} AND mission_id = ${missionId}`.execute(t.db);
    return {
      vipValidBetMinor: Number(vip.rows[0]!.n ?? 0),
      points: await t.app.services.points.balance(ref(memberId)),
      missionProgressMinor: Number(mission.rows[0]!.n ?? 0),
    };
  }

  /** Puts the member's settled-rounds deliveries back to pending, as a lost lease would. */
  async function redeliver() {
    await sql`UPDATE event_deliveries SET status = 'pending', next_attempt_at = now() - interval '1 second'
      WHERE handler = 'rewards.settled-rounds'`.execute(t.db);
    await drain();
  }

  it('is one delivery per event for all the parts, and a redelivery counts nothing twice', async () => {
    const memberId = await seedMember(t.db);
    await play(memberId, 30_00);
    await drain();
    const once = { vipValidBetMinor: 30_00, points: 30, missionProgressMinor: 30_00 };
    expect(await counted(memberId)).toEqual(once);
    const handlers = await sql<{ handler: string }>`
      SELECT DISTINCT d.handler FROM event_deliveries d JOIN domain_events e ON e.id = d.event_id
      WHERE e.type = 'bets.settled' ORDER BY d.handler`.execute(t.db);
    expect(handlers.rows.map((r) => r.handler)).toEqual([
      'games.realPlayBatches',
      'rewards.settled-rounds',
    ]);

    await redeliver();
    expect(await counted(memberId)).toEqual(once);
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('a part that fails makes the delivery retry: it counts then, the others do not count again', async () => {
    const memberId = await seedMember(t.db);
    // The missions part fails (its table is away); the other parts succeed in the same delivery.
    await sql`ALTER TABLE mission_progress RENAME TO mission_progress_away`.execute(t.db);
    try {
      await play(memberId, 40_00);
      await drain();
    } finally {
      await sql`ALTER TABLE mission_progress_away RENAME TO mission_progress`.execute(t.db);
    }
    const failed = await sql<{ status: string; attempts: number }>`
      SELECT d.status, d.attempts FROM event_deliveries d
      WHERE d.handler = 'rewards.settled-rounds' AND d.status <> 'done'`.execute(t.db);
    expect(failed.rows).toEqual([{ status: 'pending', attempts: 1 }]);
    expect(await counted(memberId)).toEqual({
      vipValidBetMinor: 40_00,
      points: 40,
      missionProgressMinor: 0,
    });

    // The retry comes due: the mission counts the round, VIP and points do not count it again.
    await redeliver();
    expect(await counted(memberId)).toEqual({
      vipValidBetMinor: 40_00,
      points: 40,
      missionProgressMinor: 40_00,
    });
    expect(await checkInvariants(t.db)).toEqual([]);
  });
});
