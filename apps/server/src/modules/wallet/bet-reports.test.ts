import { betRecordPageSchema, profitReportSchema } from '@banca/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_PAM_API_KEY } from '../../config';
import { seedDemoVendorIntegrations } from '../../demo/vendor-integrations';
import { createClient, type TestClient } from '../../../test/client';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import { checkBetRecords } from './bets';
import { checkInvariants } from './ledger';
import { dayInZone, resolvePeriod, startOfDayUtc } from './bet-reports';

const SAO_PAULO = 'America/Sao_Paulo';

describe('bet report periods', () => {
  it('cuts days at midnight in São Paulo (UTC−3)', () => {
    expect(startOfDayUtc('2026-03-10', SAO_PAULO).toISOString()).toBe('2026-03-10T03:00:00.000Z');
    expect(dayInZone(new Date('2026-03-10T02:59:59Z'), SAO_PAULO)).toBe('2026-03-09');
    expect(dayInZone(new Date('2026-03-10T03:00:00Z'), SAO_PAULO)).toBe('2026-03-10');
  });

  it('resolves the presets from the brand’s today', () => {
    // 01:30 UTC on 1 March is still 28 February in São Paulo.
    const now = new Date('2026-03-01T01:30:00Z');
    const at = (period: 'today' | 'yesterday' | 'last7' | 'last30' | 'thisMonth' | 'lastMonth') =>
      resolvePeriod({ period }, now, SAO_PAULO);
    expect(at('today')).toEqual({ fromDay: '2026-02-28', toDay: '2026-02-28' });
    expect(at('yesterday')).toEqual({ fromDay: '2026-02-27', toDay: '2026-02-27' });
    expect(at('last7')).toEqual({ fromDay: '2026-02-22', toDay: '2026-02-28' });
    expect(at('last30')).toEqual({ fromDay: '2026-01-30', toDay: '2026-02-28' });
    expect(at('thisMonth')).toEqual({ fromDay: '2026-02-01', toDay: '2026-02-28' });
    expect(at('lastMonth')).toEqual({ fromDay: '2026-01-01', toDay: '2026-01-31' });
  });
});

/**
 * The betting record and profit pages over rounds played through the PAM API, as a provider
 * plays them: so the records are the ledger's, and the totals must equal the balance's moves.
 */
describe.each(ENGINES)('betting record and profit (%s)', (engine) => {
  let t: TestApp;
  let seq = 0;
  const uid = (p: string) => `${p}-${engine}-${++seq}`;
  let liveVendor: string;
  let liveGame: string;
  let pgGame: string;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedDemoVendorIntegrations(t.db, { pamApiKey: DEV_PAM_API_KEY });
    const pg = await sql<{
      game_code: string;
    }>`SELECT game_code FROM games WHERE vendor_code = 'PG' ORDER BY id LIMIT 1`.execute(t.db);
    pgGame = pg.rows[0]!.game_code;
    const live = await sql<{ vendor_code: string; game_code: string }>`
      SELECT g.vendor_code, g.game_code FROM games g JOIN vendors v ON v.code = g.vendor_code
      WHERE v.game_category = 'LIVE' AND v.wallet_mode = 'seamless' ORDER BY g.id LIMIT 1`.execute(
      t.db,
    );
    liveVendor = live.rows[0]!.vendor_code;
    liveGame = live.rows[0]!.game_code;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  let members = 0;
  async function player(creditMinor: number): Promise<{ c: TestClient; id: number }> {
    members += 1;
    const c = createClient(t.app, { ip: `198.18.7.${members}` });
    const reg = await c.register({
      username: `bets${engine[0]}${members}x`,
      password: 'bets@2026',
      confirmPassword: 'bets@2026',
    });
    const id = reg.body.value.member.id as number;
    await t.app.services.wallet.adjust({
      member: { memberId: id, merchantCode: 'BANCA', currency: 'BRL' },
      amountMinor: creditMinor,
      reason: 'test credit',
      operatorId: 'op-test',
      idempotencyKey: uid('credit'),
    });
    return { c, id };
  }

  /** A game session of `vendor`'s `game` and a round in it: `post` sends one /pam transaction of the round. */
  async function pamRound(memberId: number, vendor: string, game: string) {
    const { token } = await t.app.services.vendors.createGameSession(
      { memberId, language: 'pt-BR' },
      { vendorCode: vendor, gameCode: game },
      'BRL',
      { merchantCode: 'BANCA', countryCode: 'BR' },
    );
    const roundId = uid('round');
    const post = async (type: string, amount: number, txId: string, extra: object = {}) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/pam/players/${memberId}/transactions?provider=${vendor}`,
        headers: {
          authorization: `Bearer ${DEV_PAM_API_KEY}`,
          'x-correlation-id': uid('corr'),
          'x-player-token': token,
        },
        payload: {
          currency: 'BRL',
          provider: vendor,
          transactionType: type,
          cashAmount: amount,
          bonusAmount: 0,
          promoAmount: 0,
          transactionDateTime: new Date().toISOString(),
          providerGameId: game,
          providerTransactionId: txId,
          providerRoundId: roundId,
          ...extra,
        },
      });
      expect(res.json().status, JSON.stringify(res.json())).toBe('OK');
    };
    return { roundId, post };
  }

  /** Plays one round through /pam: WITHDRAW `stake`, then DEPOSIT `payout` (game over) or CANCEL, or nothing (open). */
  async function round(
    memberId: number,
    vendor: string,
    game: string,
    stake: number,
    end: { payout: number } | 'cancel' | 'open',
  ): Promise<string> {
    const { roundId, post } = await pamRound(memberId, vendor, game);
    const withdrawId = uid('w');
    await post('WITHDRAW', stake, withdrawId);
    if (end === 'cancel')
      // A CANCEL names the WITHDRAW it reverts by that transaction's id (pam_api.yml).
      await post('CANCEL', stake, withdrawId);
    else if (end !== 'open') await post('DEPOSIT', end.payout, uid('d'), { isGameOver: true });
    return roundId;
  }

  /** Rounds the member played, by name. */
  const played: Record<string, string> = {};
  let me: { c: TestClient; id: number };

  it('records every round with its stake, payout, status, vendor and category', async () => {
    me = await player(100_000);
    played.win = await round(me.id, 'PG', pgGame, 10, { payout: 25 });
    played.loss = await round(me.id, 'PG', pgGame, 5, { payout: 0 });
    played.open = await round(me.id, liveVendor, liveGame, 7, 'open');
    played.cancelled = await round(me.id, 'PG', pgGame, 3, 'cancel');
    // 20 more lost rounds of R$ 1: 24 in all, two pages.
    for (let i = 0; i < 20; i++) await round(me.id, 'PG', pgGame, 1, { payout: 0 });

    const res = await me.c.get('/wps/member/bets?period=today');
    expect(res.status).toBe(200);
    const page = betRecordPageSchema.parse(res.body.value);
    expect(page.totals).toEqual({
      rounds: 24,
      stakeMinor: 1_000 + 500 + 700 + 0 + 2_000,
      validBetMinor: 1_000 + 500 + 2_000,
      payoutMinor: 2_500,
      profitMinor: 1_500 - 500 - 2_000,
    });
    expect(page.range.timeZone).toBe(SAO_PAULO);
    expect(page.pageSize).toBe(20);
    expect(page.totalPages).toBe(2);
    expect(page.list).toHaveLength(20);
    // Newest first: the first round played is on the second page.
    const second = betRecordPageSchema.parse(
      (await me.c.get('/wps/member/bets?period=today&pageNo=2')).body.value,
    );
    expect(second.list).toHaveLength(4);
    const all = [...page.list, ...second.list];
    expect(new Set(all.map((r) => r.id)).size).toBe(24);
    const win = all.find((r) => r.roundId === played.win)!;
    expect(win).toMatchObject({
      vendorCode: 'PG',
      category: 'RNG',
      status: 'settled',
      stakeMinor: 1_000,
      validBetMinor: 1_000,
      payoutMinor: 2_500,
      profitMinor: 1_500,
      gameCode: pgGame,
    });
    expect(win.gameName).not.toBe(pgGame);
    expect(win.settledAt).not.toBeNull();
    expect(all.find((r) => r.roundId === played.open)).toMatchObject({
      status: 'open',
      category: 'LIVE',
      profitMinor: null,
      settledAt: null,
    });
    expect(win.refundedMinor).toBe(0);
    // A cancelled round shows what was staked and that it came back; nothing paid, no profit.
    expect(all.find((r) => r.roundId === played.cancelled)).toMatchObject({
      status: 'cancelled',
      stakeMinor: 300,
      refundedMinor: 300,
      validBetMinor: 0,
      payoutMinor: 0,
      profitMinor: 0,
    });

    // The record is the ledger: what left the wallet is stakes minus payouts.
    const balance = await me.c.get('/wps/v2/wallets/balance');
    expect(100_000 - balance.body.value.main.balanceMinor).toBe(
      page.totals.stakeMinor - page.totals.payoutMinor,
    );
    expect(await checkInvariants(t.db)).toEqual([]);
    expect(await checkBetRecords(t.db)).toEqual([]);
  });

  it('filters by status, category and vendor, with totals for the filter', async () => {
    const get = async (query: string) => {
      const res = await me.c.get(`/wps/member/bets?period=today&${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return betRecordPageSchema.parse(res.body.value);
    };
    const open = await get('status=open');
    expect(open.list.map((r) => r.roundId)).toEqual([played.open]);
    expect(open.totals).toMatchObject({ rounds: 1, stakeMinor: 700, profitMinor: 0 });
    const cancelled = await get('status=cancelled');
    expect(cancelled.list.map((r) => r.roundId)).toEqual([played.cancelled]);
    // Given back, a cancelled round is no turnover: the totals count it without its stake.
    expect(cancelled.totals).toEqual({
      rounds: 1,
      stakeMinor: 0,
      validBetMinor: 0,
      payoutMinor: 0,
      profitMinor: 0,
    });
    const live = await get('category=LIVE');
    expect(live.list.map((r) => r.roundId)).toEqual([played.open]);
    const rng = await get('category=RNG&status=settled');
    expect(rng.totals).toMatchObject({ rounds: 22, stakeMinor: 3_500, payoutMinor: 2_500 });
    expect((await get(`vendor=${liveVendor}`)).totals.rounds).toBe(1);
    expect((await get('vendor=PG')).totals.rounds).toBe(23);
    // A vendor outside the category: nothing.
    expect((await get(`category=RNG&vendor=${liveVendor}`)).totals.rounds).toBe(0);
    const yesterday = await me.c.get('/wps/member/bets?period=yesterday');
    expect(yesterday.body.value.totals.rounds).toBe(0);
    // Another member sees none of these rounds.
    const other = await player(1_000);
    const theirs = await other.c.get('/wps/member/bets?period=today');
    expect(theirs.body.value.totals.rounds).toBe(0);
    expect(theirs.body.value.list).toEqual([]);
  });

  it('shows a cancelled round of several bets with all it staked, each cancel given back', async () => {
    const p = await player(10_000);
    const { roundId, post } = await pamRound(p.id, 'PG', pgGame);
    const [first, second] = [uid('w'), uid('w')];
    await post('WITHDRAW', 4, first);
    await post('WITHDRAW', 6, second);
    await post('CANCEL', 4, first);
    // Half cancelled, the round is still open with what is left staked.
    const half = betRecordPageSchema.parse(
      (await p.c.get('/wps/member/bets?period=today')).body.value,
    );
    expect(half.list[0]).toMatchObject({ status: 'open', stakeMinor: 600, refundedMinor: 0 });
    await post('CANCEL', 6, second);
    const page = betRecordPageSchema.parse(
      (await p.c.get('/wps/member/bets?period=today')).body.value,
    );
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({
      roundId,
      status: 'cancelled',
      stakeMinor: 1_000,
      refundedMinor: 1_000,
      payoutMinor: 0,
      profitMinor: 0,
    });
    expect(page.totals).toMatchObject({ rounds: 1, stakeMinor: 0, payoutMinor: 0 });
    const balance = await p.c.get('/wps/v2/wallets/balance');
    expect(balance.body.value.main.balanceMinor).toBe(10_000);
    expect(await checkBetRecords(t.db)).toEqual([]);
  });

  it('sums settled rounds per day and per category', async () => {
    const res = await me.c.get('/wps/member/profit?period=today');
    expect(res.status).toBe(200);
    const report = profitReportSchema.parse(res.body.value);
    expect(report.days).toHaveLength(1);
    expect(report.totals).toEqual({
      rounds: 22,
      stakeMinor: 3_500,
      validBetMinor: 3_500,
      payoutMinor: 2_500,
      profitMinor: -1_000,
    });
    expect(report.days[0]).toMatchObject({ profitMinor: -1_000, rounds: 22 });
    // The open LIVE round is not profit yet; the cancelled one is not settled.
    expect(report.categories).toEqual([{ category: 'RNG', ...report.totals }]);
    const week = profitReportSchema.parse(
      (await me.c.get('/wps/member/profit?period=last7')).body.value,
    );
    expect(week.days).toHaveLength(7);
    expect(week.days.slice(0, 6).every((d) => d.rounds === 0)).toBe(true);
    expect(week.days[6]!.profitMinor).toBe(-1_000);
  });

  it('cuts the days at midnight in São Paulo', async () => {
    const p = await player(10_000);
    const late = await round(p.id, 'PG', pgGame, 2, { payout: 5 });
    const early = await round(p.id, 'PG', pgGame, 4, { payout: 0 });
    // 23:59:59 on 9 March and 00:00:00 on 10 March, São Paulo time.
    await sql`UPDATE bet_rounds SET opened_at = '2026-03-10T02:59:59Z' WHERE round_id = ${late}`.execute(
      t.db,
    );
    await sql`UPDATE bet_rounds SET opened_at = '2026-03-10T03:00:00Z' WHERE round_id = ${early}`.execute(
      t.db,
    );
    const report = profitReportSchema.parse(
      (await p.c.get('/wps/member/profit?period=custom&fromDay=2026-03-09&toDay=2026-03-10')).body
        .value,
    );
    expect(report.range).toMatchObject({
      fromUtc: '2026-03-09T03:00:00.000Z',
      toUtc: '2026-03-11T03:00:00.000Z',
    });
    expect(report.days.map((d) => [d.day, d.rounds, d.profitMinor])).toEqual([
      ['2026-03-09', 1, 300],
      ['2026-03-10', 1, -400],
    ]);
    const tenth = betRecordPageSchema.parse(
      (await p.c.get('/wps/member/bets?period=custom&fromDay=2026-03-10&toDay=2026-03-10')).body
        .value,
    );
    expect(tenth.list.map((r) => r.roundId)).toEqual([early]);
  });

  it('refuses bad periods and filters with a 4xx code, never a 5xx', async () => {
    const cases: [string, number, string][] = [
      ['period=custom', 400, 'invalid_date_range'],
      ['period=custom&fromDay=2026-01-01', 400, 'invalid_date_range'],
      ['period=custom&fromDay=2026-01-01&toDay=2026-06-01', 400, 'invalid_date_range'],
      ['period=custom&fromDay=2026-03-10&toDay=2026-03-09', 400, 'invalid_date_range'],
      ['period=custom&fromDay=2026-02-30&toDay=2026-03-02', 400, 'invalid_date_range'],
      ['period=custom&fromDay=yesterday&toDay=2026-03-02', 400, 'validation_failed'],
      ['period=forever', 400, 'validation_failed'],
      ['status=won', 400, 'validation_failed'],
      ['category=CASINO', 400, 'validation_failed'],
      ['vendor=%27%3B--', 400, 'validation_failed'],
      ['pageNo=0', 400, 'validation_failed'],
    ];
    for (const [query, status, code] of cases) {
      const res = await me.c.get(`/wps/member/bets?${query}`);
      expect([query, res.status, res.body.code]).toEqual([query, status, code]);
    }
    const tooLong = await me.c.get(
      '/wps/member/profit?period=custom&fromDay=2025-01-01&toDay=2025-12-31',
    );
    expect([tooLong.status, tooLong.body.code]).toEqual([400, 'invalid_date_range']);
    expect(tooLong.body.message).toContain('90');
    // Exactly 90 days is allowed.
    const ninety = await me.c.get(
      '/wps/member/profit?period=custom&fromDay=2026-01-01&toDay=2026-03-31',
    );
    expect(ninety.status).toBe(200);
    expect(ninety.body.value.days).toHaveLength(90);
    const anonymous = createClient(t.app, { ip: '198.18.7.250' });
    const res = await anonymous.get('/wps/member/bets');
    expect(res.status).toBe(401);
  });
});
