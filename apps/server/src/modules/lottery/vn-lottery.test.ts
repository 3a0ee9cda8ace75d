import {
  numbersOfSheet,
  prizeCount,
  PRIZE_STRUCTURES,
  sheetDifferences,
  sheetOf,
  VN_DEFAULT_ODDS_E4,
  vnLineHits,
  vnOddsDiv,
  vnPayoutMinor,
  vnPlausibleResult,
  vnRtpBps,
  vnSelectionValid,
  type ResultSheet,
  type VnLotteryKind,
} from '@banca/contracts/lottery-rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient, freePlayer, mainBalanceMinor } from '../../../test/client';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import { signedInOperator, type StaffClient } from '../../../test/staff-client';
import { checkBetRecords } from '../wallet';
import { checkInvariants } from '../wallet/ledger';
import { createLotteryRepository, type GameRow } from './repository';
import { createLotteryService, isoWeekdayIn, nextDrawTimes, zoneOffsetMs } from './service';

/**
 * The Vietnamese and SEA lotteries (issue 18 §2): the prize sheets and their bet types (lô
 * counted per occurrence, đề, đề đầu, xiên, 4D big/small), draws at their local times, results
 * entered twice by two operators (agree → settled once; disagree → refused, nothing settled;
 * the same operator twice → refused) or taken from the feed, every refusal a code.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
type Json = Record<string, any>;

/** A north sheet (27 numbers) whose endings are known: 07 three times, 25 and 88 once, ĐB 12345. */
function northSheet(): ResultSheet {
  return [
    { prize: 'DB', values: ['12345'] },
    { prize: 'G1', values: ['00007'] },
    { prize: 'G2', values: ['11107', '22225'] },
    { prize: 'G3', values: ['33388', '44410', '55511', '66612', '77713', '88814'] },
    { prize: 'G4', values: ['1007', '2016', '3017', '4018'] },
    { prize: 'G5', values: ['5019', '6020', '7021', '8022', '9023', '0024'] },
    { prize: 'G6', values: ['126', '227', '328'] },
    { prize: 'G7', values: ['29', '30', '31', '32'] },
  ];
}
/** A south sheet (18 numbers): endings 07 three times, 25 twice, 88 once; ĐB 123456. */
function southSheet(): ResultSheet {
  return [
    { prize: 'G8', values: ['07'] },
    { prize: 'G7', values: ['125'] },
    { prize: 'G6', values: ['1007', '2025', '3088'] },
    { prize: 'G5', values: ['4410'] },
    { prize: 'G4', values: ['10007', '20011', '30012', '40013', '50014', '50015', '60016'] },
    { prize: 'G3', values: ['70017', '80018'] },
    { prize: 'G2', values: ['90019'] },
    { prize: 'G1', values: ['11120'] },
    { prize: 'DB', values: ['123456'] },
  ];
}
const numbersOf = (kind: VnLotteryKind, sheet: ResultSheet) => {
  const parsed = numbersOfSheet(kind, sheet);
  if ('invalid' in parsed) throw new Error(parsed.invalid.join());
  return parsed.numbers;
};

describe('VN/SEA rules (pure)', () => {
  it('has the real prize structures: 27 north, 18 south/central, 23 for 4D', () => {
    expect(prizeCount('vn_north')).toBe(27);
    expect(prizeCount('vn_south')).toBe(18);
    expect(prizeCount('sea4d')).toBe(23);
    expect(PRIZE_STRUCTURES.vn_north.map((r) => `${r.prize}:${r.count}x${r.digits}`)).toEqual([
      'DB:1x5',
      'G1:1x5',
      'G2:2x5',
      'G3:6x5',
      'G4:4x4',
      'G5:6x4',
      'G6:3x3',
      'G7:4x2',
    ]);
    expect(PRIZE_STRUCTURES.vn_south.map((r) => `${r.prize}:${r.count}x${r.digits}`)).toEqual([
      'G8:1x2',
      'G7:1x3',
      'G6:3x4',
      'G5:1x4',
      'G4:7x5',
      'G3:2x5',
      'G2:1x5',
      'G1:1x5',
      'DB:1x6',
    ]);
    // A lô point costs one unit per 2-digit ending; lô 3 số one per 3-digit ending.
    expect(vnOddsDiv('vn_north', 'lo2')).toBe(27);
    expect(vnOddsDiv('vn_south', 'lo2')).toBe(18);
    expect(vnOddsDiv('vn_north', 'lo3')).toBe(23);
    expect(vnOddsDiv('vn_south', 'lo3')).toBe(17);
    expect(vnOddsDiv('vn_north', 'de')).toBe(1);
  });

  it('reads a sheet with its leading zeros and names every wrong prize', () => {
    const numbers = numbersOf('vn_north', northSheet());
    expect(numbers).toHaveLength(27);
    expect(numbers[1]).toBe(7);
    expect(sheetOf('vn_north', numbers)).toEqual(northSheet());
    const wrong = northSheet();
    wrong[3] = { prize: 'G3', values: ['33388', '4441', '55511', '66612', '77713', '8881x'] };
    wrong.pop();
    expect(numbersOfSheet('vn_north', wrong)).toEqual({ invalid: ['G3-2', 'G3-6', 'G7'] });
    // 4D: the 23 numbers all differ.
    const sea = sheetOf('sea4d', vnPlausibleResult('sea4d', { serverSeed: 'k', clientSeed: 'd' }));
    expect(new Set(sea.flatMap((r) => r.values)).size).toBe(23);
    sea[4]!.values[9] = sea[0]!.values[0]!;
    expect(numbersOfSheet('sea4d', sea)).toEqual({ invalid: ['CO-10'] });
    expect(
      sheetDifferences('vn_north', numbers, [...numbers.slice(0, 5), 1, ...numbers.slice(6)]),
    ).toEqual(['G3-2']);
  });

  it('counts lô per occurrence, đề and đề đầu on the special prize, xiên when all hit', () => {
    const n = numbersOf('vn_north', northSheet());
    expect(vnLineHits('vn_north', 'lo2', '07', n)).toEqual([3]);
    expect(vnLineHits('vn_north', 'lo2', '25', n)).toEqual([1]);
    expect(vnLineHits('vn_north', 'lo2', '99', n)).toEqual([0]);
    // lô 3 số: 3-digit endings only (the four 2-digit G7 numbers are not in it).
    expect(vnLineHits('vn_north', 'lo3', '007', n)).toEqual([2]);
    expect(vnLineHits('vn_north', 'lo3', '029', n)).toEqual([0]);
    expect(vnLineHits('vn_north', 'de', '45', n)).toEqual([1]);
    expect(vnLineHits('vn_north', 'de', '07', n)).toEqual([0]);
    expect(vnLineHits('vn_north', 'de_dau', '12', n)).toEqual([1]);
    expect(vnLineHits('vn_north', 'xien2', '07-25', n)).toEqual([1]);
    expect(vnLineHits('vn_north', 'xien3', '07-25-88', n)).toEqual([1]);
    expect(vnLineHits('vn_north', 'xien4', '07-25-88-99', n)).toEqual([0]);
    // South: the special prize is the last row, 6 digits.
    const south = vnPlausibleResult('vn_south', { serverSeed: 'k', clientSeed: 'x' });
    const db = String(south[17]).padStart(6, '0');
    expect(vnLineHits('vn_south', 'de', db.slice(4), south)).toEqual([1]);
    expect(vnLineHits('vn_south', 'de_dau', db.slice(0, 2), south)).toEqual([1]);
    // 4D: big pays every class it is in, small only the top three.
    const sea = vnPlausibleResult('sea4d', { serverSeed: 'k', clientSeed: 'y' });
    const first = String(sea[0]).padStart(4, '0');
    const special = String(sea[5]).padStart(4, '0');
    expect(vnLineHits('sea4d', 'big', first, sea)).toEqual([1, 0, 0, 0, 0]);
    expect(vnLineHits('sea4d', 'big', special, sea)).toEqual([0, 0, 0, 1, 0]);
    expect(vnLineHits('sea4d', 'small', special, sea)).toEqual([0, 0, 0]);
    // Payout: floor(stake · Σ hits·tier / (10,000 · cost)); lô 07 ×3 at 95 for a 27 cost.
    expect(vnPayoutMinor(2700, [3], [950_000], 27)).toBe(28_500);
    expect(vnPayoutMinor(100, [1], [950_000], 27)).toBe(351);
  });

  it('pays ba càng on the special prize’s last 3 digits, đá per complete pair of endings', () => {
    const n = numbersOf('vn_south', southSheet());
    expect(vnLineHits('vn_south', 'de3', '456', n)).toEqual([1]);
    expect(vnLineHits('vn_south', 'de3', '056', n)).toEqual([0]);
    expect(vnLineHits('vn_north', 'de3', '345', numbersOf('vn_north', northSheet()))).toEqual([1]);
    // Endings: 07 three times (G8, G6-1, G4-1), 25 twice (G7, G6-2), 88 once.
    expect(vnLineHits('vn_south', 'lo2', '07', n)).toEqual([3]);
    expect(vnLineHits('vn_south', 'da2', '07-25', n)).toEqual([2]);
    expect(vnLineHits('vn_south', 'da2', '07-88', n)).toEqual([1]);
    expect(vnLineHits('vn_south', 'da2', '25-88', n)).toEqual([1]);
    expect(vnLineHits('vn_south', 'da2', '07-99', n)).toEqual([0]);
    // đá: a point costs 36 (2 × 18 endings) and pays 1,200 per pair; ba càng 900 for 1.
    expect(vnOddsDiv('vn_south', 'da2')).toBe(36);
    expect(vnPayoutMinor(3600, [2], [12_000_000], 36)).toBe(240_000);
    expect(vnPayoutMinor(100, [1], [9_000_000], 1)).toBe(90_000);
    expect(vnSelectionValid('vn_south', 'de3', '000')).toBe(true);
    expect(vnSelectionValid('vn_south', 'de3', '45')).toBe(false);
    expect(vnSelectionValid('vn_south', 'da2', '07-25')).toBe(true);
    for (const bad of ['25-07', '07-07', '07', '07-25-88', '7-25', 'ab-cd'])
      expect(vnSelectionValid('vn_south', 'da2', bad), bad).toBe(false);
    expect(vnSelectionValid('vn_north', 'da2', '07-25')).toBe(false);
    expect(vnRtpBps('vn_south', 'de3', [9_000_000])).toBe(9000);
    expect(vnRtpBps('vn_south', 'da2', [12_000_000])).toBe(8753);
  });

  it('checks selections and prices the default tables near the operators’ returns', () => {
    expect(vnSelectionValid('vn_north', 'lo2', '07')).toBe(true);
    expect(vnSelectionValid('vn_north', 'lo2', '7')).toBe(false);
    expect(vnSelectionValid('vn_north', 'lo3', '007')).toBe(true);
    expect(vnSelectionValid('vn_north', 'xien2', '07-25')).toBe(true);
    expect(vnSelectionValid('vn_north', 'xien2', '25-07')).toBe(false);
    expect(vnSelectionValid('vn_north', 'xien2', '07-07')).toBe(false);
    expect(vnSelectionValid('vn_north', 'xien3', '07-25')).toBe(false);
    expect(vnSelectionValid('sea4d', 'big', '0427')).toBe(true);
    expect(vnSelectionValid('sea4d', 'lo2', '04')).toBe(false);
    expect(vnRtpBps('vn_north', 'lo2', VN_DEFAULT_ODDS_E4.vn_north.lo2!)).toBe(9500);
    expect(vnRtpBps('sea4d', 'big', VN_DEFAULT_ODDS_E4.sea4d.big!)).toBe(6400);
    for (const [kind, table] of Object.entries(VN_DEFAULT_ODDS_E4))
      for (const [betType, tiers] of Object.entries(table)) {
        const rtp = vnRtpBps(kind as VnLotteryKind, betType, tiers);
        expect(rtp).toBeGreaterThanOrEqual(kind === 'sea4d' ? 6000 : 8700);
        expect(rtp).toBeLessThanOrEqual(9500);
      }
    // The development feed is the same sheet for the same draw, another for another.
    const a = vnPlausibleResult('vn_north', { serverSeed: 'k', clientSeed: 'LOTT_MB:1' });
    expect(vnPlausibleResult('vn_north', { serverSeed: 'k', clientSeed: 'LOTT_MB:1' })).toEqual(a);
    expect(vnPlausibleResult('vn_north', { serverSeed: 'k', clientSeed: 'LOTT_MB:2' })).not.toEqual(
      a,
    );
  });
});

describe('VN/SEA draw days (pure)', () => {
  const game = (over: Partial<GameRow>): GameRow => ({
    game_code: 'T',
    kind: 'sea4d',
    prize_mode: 'SEA',
    name_en: 'T',
    name_pt: 'T',
    interval_seconds: 86_400,
    close_seconds: 900,
    min_stake_minor: 100,
    max_stake_minor: 100_000,
    max_payout_per_number_minor: 1_000_000,
    enabled: true,
    sort_order: 0,
    updated_at: new Date(0),
    results_source: 'feed',
    draw_time: '19:00',
    time_zone: 'Asia/Kuala_Lumpur',
    draw_weekdays: [3, 6, 7],
    region: null,
    ...over,
  });
  const iso = (ms: number[]) => ms.map((m) => new Date(m).toISOString());

  it('skips the days a game does not draw, across a week, in its zone', () => {
    // Monday 23 November 2026: 4D draws Wednesday, Saturday, Sunday at 19:00 (11:00 UTC).
    const monday = Date.parse('2026-11-23T00:00:00Z');
    expect(iso(nextDrawTimes(game({}), monday, 4))).toEqual([
      '2026-11-25T11:00:00.000Z',
      '2026-11-28T11:00:00.000Z',
      '2026-11-29T11:00:00.000Z',
      '2026-12-02T11:00:00.000Z',
    ]);
    // At the draw's instant, the next one; just before, that one.
    const wed = Date.parse('2026-11-25T11:00:00Z');
    expect(iso(nextDrawTimes(game({}), wed, 1))).toEqual(['2026-11-28T11:00:00.000Z']);
    expect(iso(nextDrawTimes(game({}), wed - 1, 1))).toEqual(['2026-11-25T11:00:00.000Z']);
    // Every day without weekdays.
    expect(iso(nextDrawTimes(game({ draw_weekdays: null }), monday, 3))).toEqual([
      '2026-11-23T11:00:00.000Z',
      '2026-11-24T11:00:00.000Z',
      '2026-11-25T11:00:00.000Z',
    ]);
    // The weekday is the zone's: 00:30 on Monday in Ho Chi Minh City is Sunday 17:30 UTC.
    const early = game({ draw_time: '00:30', time_zone: 'Asia/Ho_Chi_Minh', draw_weekdays: [1] });
    const times = nextDrawTimes(early, monday, 2);
    expect(iso(times)).toEqual(['2026-11-29T17:30:00.000Z', '2026-12-06T17:30:00.000Z']);
    expect(times.map((t) => isoWeekdayIn('Asia/Ho_Chi_Minh', t))).toEqual([1, 1]);
    // Each day of one week: a province of Thursday draws on the 26th whatever the day it is.
    for (let day = 0; day < 7; day++) {
      const at = Date.parse('2026-11-20T10:00:00Z') + day * 86_400_000;
      const [next] = nextDrawTimes(
        game({ draw_time: '16:15', time_zone: 'Asia/Ho_Chi_Minh', draw_weekdays: [4] }),
        at,
        1,
      );
      expect(new Date(next!).toISOString(), String(day)).toBe(
        day < 6 ? '2026-11-26T09:15:00.000Z' : '2026-12-03T09:15:00.000Z',
      );
    }
  });
});

describe.each(ENGINES)('VN/SEA lotteries (%s)', (engine) => {
  let t: TestApp;
  let opA: StaffClient;
  let opB: StaffClient;
  let opC: StaffClient;
  beforeAll(async () => {
    t = await startTestApp(engine);
    // The schedule here is the weekly grid: the seeded Tết 2027 (0052) would move the next
    // draws while it lasts. Closed days have their own suite (closed-days.test.ts).
    await sql`DELETE FROM lottery_closed_days`.execute(t.db);
    opA = (await signedInOperator(t.app, ['risk'], { ip: '198.51.100.191', language: 'en' }))
      .client;
    opB = (await signedInOperator(t.app, ['risk'], { ip: '198.51.100.192', language: 'en' }))
      .client;
    opC = (await signedInOperator(t.app, ['owner'], { ip: '198.51.100.193', language: 'en' }))
      .client;
  }, 120_000);
  afterAll(() => t?.close());

  const player = (ip: string) => freePlayer(t.app, ip);
  const balance = mainBalanceMinor;
  const state = async (c: TestClient, gameCode: string) =>
    (await c.get(`/wps/lottery/state?gameCode=${gameCode}`)).body.value as Json;
  /** The draw's time has come (the test does not wait for 18:15 in Hanoi). */
  const makeDue = (drawId: number) =>
    sql`UPDATE lottery_draws SET close_at = now() - interval '2 seconds', draw_at = now() - interval '1 second' WHERE id = ${drawId}`.execute(
      t.db,
    );
  const enter = (op: StaffClient, drawId: number, sheet: ResultSheet) =>
    op.post(`/admin/api/lottery/draws/${drawId}/results`, { sheet });
  const slipStatuses = async (drawId: number) =>
    (
      await sql<{
        status: string;
      }>`SELECT status FROM lottery_slips WHERE draw_id = ${drawId}`.execute(t.db)
    ).rows.map((r) => r.status);

  it('opens the north draw at 18:15 in Hanoi, closing 15 minutes before, with the odds tables', async () => {
    const a = await player('198.18.19.1');
    const s = await state(a, 'LOTT_MB');
    expect(s.game).toMatchObject({
      kind: 'vn_north',
      prizeMode: 'LOTT',
      resultsSource: 'operator',
      drawTime: '18:15',
      timeZone: 'Asia/Ho_Chi_Minh',
    });
    const drawAt = Date.parse(s.draw.drawAtUtc);
    const local = new Date(drawAt + zoneOffsetMs('Asia/Ho_Chi_Minh', drawAt));
    expect(local.toISOString().slice(11, 16)).toBe('18:15');
    expect(new Date(drawAt).toISOString().slice(11, 16)).toBe('11:15');
    expect(drawAt - Date.parse(s.draw.closeAtUtc)).toBe(15 * 60_000);
    expect(s.draw.drawNo).toBe(local.toISOString().slice(0, 10).replaceAll('-', ''));
    expect(drawAt).toBeGreaterThan(Date.now());
    expect(drawAt - Date.now()).toBeLessThanOrEqual(86_400_000);
    expect(s.draw.serverSeedHash).toBe('');
    const lo2 = s.betTypes.find((b: Json) => b.betType === 'lo2');
    expect(lo2).toMatchObject({ oddsTiersE4: [950_000], oddsDiv: 27, rtpBps: 9500, odds: [] });
    // A southern province draws at 16:15 on its weekdays only (TP.HCM: Monday and Saturday).
    const south = await state(a, 'LOTT_MN_HCM');
    expect(south.game).toMatchObject({ region: 'south', drawWeekdays: [1, 6], drawTime: '16:15' });
    const southAt = Date.parse(south.draw.drawAtUtc);
    expect(new Date(southAt).toISOString().slice(11, 16)).toBe('09:15');
    expect([1, 6]).toContain(isoWeekdayIn('Asia/Ho_Chi_Minh', southAt));
    expect(southAt - Date.now()).toBeLessThanOrEqual(6 * 86_400_000);
    const central = await state(a, 'LOTT_MT_KT');
    expect(isoWeekdayIn('Asia/Ho_Chi_Minh', Date.parse(central.draw.drawAtUtc))).toBe(7);
    expect(new Date(Date.parse(central.draw.drawAtUtc)).toISOString().slice(11, 16)).toBe('10:15');
    // 4D (Magnum) on Wednesday, Saturday and Sunday at 19:00 in Kuala Lumpur.
    const sea = await state(a, 'SEA_4D');
    const seaAt = Date.parse(sea.draw.drawAtUtc);
    expect(new Date(seaAt).toISOString().slice(11, 16)).toBe('11:00');
    expect(sea.game.drawWeekdays).toEqual([3, 6, 7]);
    expect([3, 6, 7]).toContain(isoWeekdayIn('Asia/Kuala_Lumpur', seaAt));
    // The menu: the north, then every province by region (the regions' stand-ins are gone).
    const menu = (await a.get('/lgw/vn/games/game_menu?prizeMode=LOTT&device=WEB')).body
      .value as Json;
    const codes = menu.games.map((g: Json) => g.gameCode) as string[];
    expect(codes[0]).toBe('LOTT_MB');
    expect(codes).not.toContain('LOTT_MN');
    expect(codes).not.toContain('LOTT_MT');
    expect(codes.filter((c) => c.startsWith('LOTT_MN_'))).toHaveLength(21);
    expect(codes.filter((c) => c.startsWith('LOTT_MT_'))).toHaveLength(14);
    // Each day of the week has 3–4 southern and 2–3 central provinces, each drawing that day.
    for (const [region, min, max] of [
      ['south', 3, 4],
      ['central', 2, 3],
    ] as const)
      for (let day = 1; day <= 7; day++) {
        const that = menu.games.filter(
          (g: Json) => g.region === region && g.drawWeekdays.includes(day),
        ) as Json[];
        expect(that.length, `${region} ${day}`).toBeGreaterThanOrEqual(min);
        expect(that.length, `${region} ${day}`).toBeLessThanOrEqual(max);
      }
    // By region, then by the next draw: today's provinces (or the next drawing day's) first.
    const regions = (menu.games as Json[]).map((g) => g.region as string);
    expect([...new Set(regions)]).toEqual(['north', 'central', 'south']);
    for (const region of ['central', 'south']) {
      const times = (menu.games as Json[])
        .filter((g) => g.region === region)
        .map((g) => Date.parse(g.draw.drawAtUtc));
      expect(times).toEqual([...times].sort((x, y) => x - y));
      // (a day and a quarter of an hour at most: just after today's close, tomorrow's draw).
      expect(times[0]! - Date.now()).toBeLessThanOrEqual(86_400_000 + 15 * 60_000);
    }
    for (const g of menu.games as Json[])
      if (g.drawWeekdays)
        expect(g.drawWeekdays).toContain(
          isoWeekdayIn('Asia/Ho_Chi_Minh', Date.parse(g.draw.drawAtUtc)),
        );
    const seaMenu = (await a.get('/lgw/vn/games/game_menu?prizeMode=SEA&device=WEB')).body
      .value as Json;
    expect(seaMenu.games.map((g: Json) => g.gameCode)).toEqual(['SEA_4D']);
  });

  it('settles a north draw only when two operators enter the same sheet, once', async () => {
    const a = await player('198.18.19.2');
    const b = await player('198.18.19.3');
    const drawId = (await state(a, 'LOTT_MB')).draw.drawId as number;
    const [beforeA, beforeB] = [await balance(a), await balance(b)];
    // A: lô 07 (hits 3 times), lô 99 (no hit), đề 45 (the special prize ends in 45), xiên 2.
    const betA = await a.post('/wps/lottery/bets', {
      gameCode: 'LOTT_MB',
      drawId,
      lines: [
        { betType: 'lo2', selection: '07', stakeMinor: 2700 },
        { betType: 'lo2', selection: '99', stakeMinor: 2700 },
        { betType: 'de', selection: '45', stakeMinor: 100 },
        { betType: 'xien2', selection: '07-25', stakeMinor: 200 },
      ],
    });
    expect(betA.status, JSON.stringify(betA.body)).toBe(200);
    expect(betA.body.value.balanceMinor).toBe(beforeA - 5700);
    expect(betA.body.value.slip.lines[0].oddsE4).toBe(Math.floor(950_000 / 27));
    // B: đề 07 (loses), lô 3 số 007 (hits twice), đề đầu 12.
    const betB = await b.post('/wps/lottery/bets', {
      gameCode: 'LOTT_MB',
      drawId,
      lines: [
        { betType: 'de', selection: '07', stakeMinor: 500 },
        { betType: 'lo3', selection: '007', stakeMinor: 2300 },
        { betType: 'de_dau', selection: '12', stakeMinor: 100 },
      ],
    });
    expect(betB.status, JSON.stringify(betB.body)).toBe(200);

    // The console lists the open draw with its bets and liability, however far its closing is.
    await sql`UPDATE lottery_draws SET close_at = now() + interval '20 hours', draw_at = now() + interval '20 hours 15 minutes' WHERE id = ${drawId}`.execute(
      t.db,
    );
    const listed = (await opA.get('/admin/api/lottery/draws?gameCode=LOTT_MB')).body.value;
    expect(listed.draws.find((d: Json) => d.drawId === drawId)).toMatchObject({
      status: 'open',
      slips: 2,
      stakeMinor: 5700 + 2900,
    });
    // The console's default view: only draws with bets; every draw when asked.
    const listOf = async (gameCode: string, bets: string) =>
      (
        (await opA.get(`/admin/api/lottery/draws?gameCode=${gameCode}&bets=${bets}`)).body
          .value as Json
      ).draws.map((d: Json) => d.drawId);
    expect(await listOf('LOTT_MB', 'some')).toContain(drawId);
    const empty = (
      await sql<{ id: string; game_code: string }>`
        SELECT d.id, d.game_code FROM lottery_draws d
        WHERE NOT EXISTS (SELECT 1 FROM lottery_slips s WHERE s.draw_id = d.id)
        ORDER BY d.draw_at DESC LIMIT 1`.execute(t.db)
    ).rows[0]!;
    expect(await listOf(empty.game_code, 'any')).toContain(Number(empty.id));
    expect(await listOf(empty.game_code, 'some')).not.toContain(Number(empty.id));

    // Before the draw's time: too early, nothing written.
    const early = await enter(opA, drawId, northSheet());
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('lottery_results_too_early');
    await makeDue(drawId);

    const first = await enter(opA, drawId, northSheet());
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.value).toEqual({ drawId, status: 'pending' });
    expect(await slipStatuses(drawId)).toEqual(['placed', 'placed']);
    // The first operator again: refused.
    const same = await enter(opA, drawId, northSheet());
    expect(same.status).toBe(409);
    expect(same.body.code).toBe('lottery_results_same_operator');
    // The second operator waits for the first entry without seeing its numbers.
    const awaiting = (await opB.get('/admin/api/lottery/results/awaiting')).body.value as Json;
    const waiting = awaiting.draws.find((d: Json) => d.drawId === drawId);
    expect(waiting.firstEntry.displayName).toMatch(/^Operator /);
    expect(waiting.firstEntry.mine).toBe(false);
    expect(waiting.numbers).toBeNull();
    // The first operator's own list says the check is not theirs to make.
    const own = (await opA.get('/admin/api/lottery/results/awaiting')).body.value as Json;
    expect(own.draws.find((d: Json) => d.drawId === drawId).firstEntry.mine).toBe(true);
    expect(
      ((await opB.get(`/admin/api/lottery/draws/${drawId}/results`)).body.value as Json).entries[0]
        .numbers,
    ).toBeNull();
    // A different sheet: refused, the prizes named, nothing settled.
    const typo = northSheet();
    typo[3]!.values[1] = '44411';
    typo[0]!.values[0] = '12346';
    const mismatch = await enter(opB, drawId, typo);
    expect(mismatch.status).toBe(409);
    expect(mismatch.body.code).toBe('lottery_results_mismatch');
    expect(mismatch.body.data.prizes).toEqual(['DB-1', 'G3-2']);
    expect(mismatch.body.message).toContain('DB-1, G3-2');
    expect(await slipStatuses(drawId)).toEqual(['placed', 'placed']);
    expect(await balance(a)).toBe(beforeA - 5700);
    expect((await state(a, 'LOTT_MB')).openBets).toHaveLength(1);

    // The same sheet from a different operator: confirmed and settled.
    const second = await enter(opB, drawId, northSheet());
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.value).toEqual({ drawId, status: 'confirmed' });
    // lô 07 ×3: floor(2700·3·950000/(10000·27)) = 28,500; đề 45 at 95: 9,500; xiên 2 at 17: 3,400.
    const wonA = 28_500 + 9_500 + 3_400;
    // lô 3 số 007 ×2: floor(2300·2·9000000/(10000·23)) = 180,000; đề đầu 12: 9,500.
    const wonB = 180_000 + 9_500;
    expect(await balance(a)).toBe(beforeA - 5700 + wonA);
    expect(await balance(b)).toBe(beforeB - 2900 + wonB);
    const mine = (await a.get('/wps/lottery/bets?status=settled&gameCode=LOTT_MB')).body
      .value as Json;
    expect(mine.slips[0]).toMatchObject({ status: 'settled', payoutMinor: wonA });
    expect(mine.slips[0].numbers).toEqual(numbersOf('vn_north', northSheet()));
    expect(mine.slips[0].lines.map((l: Json) => [l.selection, l.hits, l.payoutMinor])).toEqual([
      ['07', 3, 28_500],
      ['99', 0, 0],
      ['45', 1, 9_500],
      ['07-25', 1, 3_400],
    ]);
    // Entries: the first confirmed, the mismatch rejected with its prizes, the second confirmed.
    const trail = ((await opC.get(`/admin/api/lottery/draws/${drawId}/results`)).body.value as Json)
      .entries;
    expect(trail.map((e: Json) => [e.status, e.differs])).toEqual([
      ['confirmed', []],
      ['rejected', ['DB-1', 'G3-2']],
      ['confirmed', []],
    ]);
    // A third entry, the backstop and a repeated settlement change nothing.
    const third = await enter(opC, drawId, northSheet());
    expect(third.body.code).toBe('lottery_draw_settled');
    await t.app.services.lottery.tick();
    await sql`UPDATE lottery_draws SET status = 'drawn' WHERE id = ${drawId}`.execute(t.db);
    expect(await t.app.services.lottery.runDraw(drawId, { resettle: true })).toBe('drawn');
    expect(await balance(a)).toBe(beforeA - 5700 + wonA);
    expect(await balance(b)).toBe(beforeB - 2900 + wonB);
    const rounds = await sql<{ status: string; payout_minor: string }>`
      SELECT status, payout_minor FROM bet_rounds WHERE vendor_code = 'BLT' AND round_id = ${`D${drawId}`} 
        AND member_id = (SELECT member_id FROM vendor_transactions WHERE vendor_code = 'BLT' AND provider_tx_id = ${`L${betA.body.value.slip.slipId}:bet`})`.execute(
      t.db,
    );
    expect(rounds.rows.map((r) => [r.status, Number(r.payout_minor)])).toEqual([['settled', wonA]]);
    const audit = await sql<{ action: string }>`
      SELECT action FROM operator_audit WHERE subject = ${`lottery-draw:${drawId}`} ORDER BY id`.execute(
      t.db,
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'lottery.results.enter',
      'lottery.results.confirm',
    ]);
    // The results history shows the sheet; the frequency counts 2-digit endings.
    const history = (await a.get('/wps/lottery/results?gameCode=LOTT_MB')).body.value as Json;
    expect(history.draws[0]).toMatchObject({ drawId, status: 'settled' });
    expect(history.frequency.counts.find((c: Json) => c.value === 7).count).toBe(3);
    expect(await checkInvariants(t.db)).toEqual([]);
    expect(await checkBetRecords(t.db)).toEqual([]);
  });

  it('settles ba càng and đá on a province’s sheet with exact payouts, and refuses bad ones', async () => {
    const a = await player('198.18.19.9');
    // Vũng Tàu (Tuesday) with its results entered by operators rather than the feed.
    await t.app.services.lottery.updateGame('LOTT_MN_VT', { results_source: 'operator' });
    const s = await state(a, 'LOTT_MN_VT');
    expect(isoWeekdayIn('Asia/Ho_Chi_Minh', Date.parse(s.draw.drawAtUtc))).toBe(2);
    expect(s.betTypes.find((b: Json) => b.betType === 'da2')).toMatchObject({
      oddsTiersE4: [12_000_000],
      oddsDiv: 36,
      rtpBps: 8753,
      enabled: true,
    });
    expect(s.betTypes.find((b: Json) => b.betType === 'de3')).toMatchObject({
      oddsTiersE4: [9_000_000],
      oddsDiv: 1,
      rtpBps: 9000,
    });
    const drawId = s.draw.drawId as number;
    const bet = (lines: Json[], gameCode = 'LOTT_MN_VT') =>
      a.post('/wps/lottery/bets', { gameCode, drawId, lines });
    // Bad selections and a bet type the north does not sell: refused, nothing written.
    for (const [betType, selection] of [
      ['de3', '45'],
      ['de3', '4567'],
      ['da2', '25-07'],
      ['da2', '07-07'],
      ['da2', '07-25-88'],
    ] as const) {
      const r = await bet([{ betType, selection, stakeMinor: 100 }]);
      expect(r.status, `${betType} ${selection}`).toBe(400);
      expect(r.body.code).toBe('lottery_selection_unknown');
    }
    const north = (await state(a, 'LOTT_MB')).draw.drawId as number;
    const notSold = await a.post('/wps/lottery/bets', {
      gameCode: 'LOTT_MB',
      drawId: north,
      lines: [{ betType: 'da2', selection: '07-25', stakeMinor: 3600 }],
    });
    expect(notSold.body.code).toBe('lottery_bet_type_unknown');
    expect((await state(a, 'LOTT_MN_VT')).openBets).toHaveLength(0);

    const before = await balance(a);
    const placed = await bet([
      { betType: 'de3', selection: '456', stakeMinor: 100 },
      { betType: 'de3', selection: '457', stakeMinor: 100 },
      { betType: 'da2', selection: '07-25', stakeMinor: 3600 },
      { betType: 'da2', selection: '25-88', stakeMinor: 360 },
      { betType: 'da2', selection: '07-99', stakeMinor: 3600 },
    ]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.value.balanceMinor).toBe(before - 7760);
    await makeDue(drawId);
    expect((await enter(opA, drawId, southSheet())).body.value.status).toBe('pending');
    const confirmed = await enter(opB, drawId, southSheet());
    expect(confirmed.body.value, JSON.stringify(confirmed.body)).toEqual({
      drawId,
      status: 'confirmed',
    });
    // ba càng 456 at 900: 90,000; đá 07-25 twice (07 ×3, 25 ×2) at 1,200 per 36: 240,000;
    // đá 25-88 once for a tenth of a point: 12,000; the others nothing.
    const won = 90_000 + 240_000 + 12_000;
    expect(await balance(a)).toBe(before - 7760 + won);
    const mine = (await a.get('/wps/lottery/bets?status=settled&gameCode=LOTT_MN_VT')).body
      .value as Json;
    expect(mine.slips[0]).toMatchObject({ status: 'settled', payoutMinor: won });
    expect(
      mine.slips[0].lines.map((l: Json) => [l.betType, l.selection, l.hits, l.payoutMinor]),
    ).toEqual([
      ['de3', '456', 1, 90_000],
      ['de3', '457', 0, 0],
      ['da2', '07-25', 2, 240_000],
      ['da2', '25-88', 1, 12_000],
      ['da2', '07-99', 0, 0],
    ]);
    // Their tables are bounded like the others: đá at 2,000 a point would return over 100 %.
    const odds = (betType: string, tiers: number[]) =>
      opC.put(`/admin/api/lottery/games/LOTT_MN_VT/bet-types/${betType}`, { oddsTiersE4: tiers });
    expect((await odds('da2', [20_000_000])).body.code).toBe('lottery_odds_invalid');
    expect((await odds('de3', [11_000_000])).body.code).toBe('lottery_odds_invalid');
    const cheaper = await odds('da2', [7_000_000]);
    expect(cheaper.status, JSON.stringify(cheaper.body)).toBe(200);
    expect(cheaper.body.value.betTypes.find((b: Json) => b.betType === 'da2').rtpBps).toBe(
      vnRtpBps('vn_south', 'da2', [7_000_000]),
    );
    expect(vnRtpBps('vn_south', 'da2', [7_000_000])).toBe(5106);
    expect(await checkInvariants(t.db)).toEqual([]);
    expect(await checkBetRecords(t.db)).toEqual([]);
  });

  it('changes a game’s draw days through the console, audited, and refuses days that cannot be', async () => {
    const put = (gameCode: string, body: Json) =>
      opC.put(`/admin/api/lottery/games/${gameCode}`, body);
    for (const [gameCode, days] of [
      ['LOTT_MN_BL', [0]],
      ['LOTT_MN_BL', [8]],
      ['LOTT_MN_BL', [2, 2]],
      ['LOTT_MN_BL', []],
      ['ELOTT_SSC1', [1]],
    ] as const) {
      const r = await put(gameCode, { drawWeekdays: days });
      expect(r.status, `${gameCode} ${JSON.stringify(days)}`).toBe(400);
      expect(r.body.code).toBe('lottery_schedule_invalid');
    }
    const ok = await put('LOTT_MN_BL', { drawWeekdays: [5, 2] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.value.drawWeekdays).toEqual([2, 5]);
    const audit = await sql<{ action: string }>`
      SELECT action FROM operator_audit WHERE subject = 'lottery-game:LOTT_MN_BL'`.execute(t.db);
    expect(audit.rows.map((r) => r.action)).toEqual(['lottery.game.update']);
    // Every day again.
    const daily = await put('LOTT_MN_BL', { drawWeekdays: null });
    expect(daily.body.value.drawWeekdays).toBeNull();
  });

  it('confirms a feed game’s sheet at its time and settles it once', async () => {
    const a = await player('198.18.19.4');
    const drawId = (await state(a, 'LOTT_MN_HCM')).draw.drawId as number;
    const before = await balance(a);
    const bet = await a.post('/wps/lottery/bets', {
      gameCode: 'LOTT_MN_HCM',
      drawId,
      lines: Array.from({ length: 50 }, (_, i) => ({
        betType: 'lo2',
        selection: String(i).padStart(2, '0'),
        stakeMinor: 180,
      })),
    });
    expect(bet.status, JSON.stringify(bet.body)).toBe(200);
    // Not its time yet: the feed is not asked.
    expect(await t.app.services.lottery.runDraw(drawId)).toBe('skipped');
    await makeDue(drawId);
    const other = createLotteryService({
      db: t.db,
      repo: createLotteryRepository(t.db),
      wallet: t.app.services.wallet,
    });
    const outcomes = await Promise.all([
      t.app.services.lottery.runDraw(drawId),
      other.runDraw(drawId),
    ]);
    expect(outcomes.filter((o) => o === 'drawn')).toHaveLength(1);
    const draw = (
      await sql<{ draw_no: string; numbers: number[] }>`
        SELECT draw_no, numbers FROM lottery_draws WHERE id = ${drawId}`.execute(t.db)
    ).rows[0]!;
    const sheet = vnPlausibleResult('vn_south', {
      serverSeed: 'banca-development-results-feed',
      clientSeed: `LOTT_MN_HCM:${draw.draw_no}`,
    });
    expect(draw.numbers.map(Number)).toEqual(sheet);
    // Each line pays floor(180 · hits · 95 / 18) = 950 per hit of its ending.
    const hits = Array.from(
      { length: 50 },
      (_, i) => vnLineHits('vn_south', 'lo2', String(i).padStart(2, '0'), sheet)[0]!,
    ).reduce((s, h) => s + h, 0);
    expect(await balance(a)).toBe(before - 9000 + hits * 950);
    const trail = ((await opA.get(`/admin/api/lottery/draws/${drawId}/results`)).body.value as Json)
      .entries;
    expect(trail).toMatchObject([{ source: 'feed', status: 'confirmed', staffId: null }]);
    // Operators cannot enter a result once it is confirmed.
    expect((await enter(opA, drawId, sheetOf('vn_south', sheet))).body.code).toBe(
      'lottery_draw_settled',
    );
    expect(await t.app.services.lottery.runDraw(drawId)).toBe('skipped');
    expect(await checkInvariants(t.db)).toEqual([]);
    expect(await checkBetRecords(t.db)).toEqual([]);
  });

  it('refuses every bad input with its code and changes nothing', async () => {
    const a = await player('198.18.19.5');
    const drawId = (await state(a, 'LOTT_MB')).draw.drawId as number;
    const bet = (selection: string, betType = 'lo2', stakeMinor = 100) =>
      a.post('/wps/lottery/bets', {
        gameCode: 'LOTT_MB',
        drawId,
        lines: [{ betType, selection, stakeMinor }],
      });
    for (const [betType, selection] of [
      ['lo2', '7'],
      ['lo2', '100'],
      ['lo3', '1234'],
      ['xien2', '25-07'],
      ['xien3', '07-25'],
      ['de', 'ab'],
    ] as const) {
      const r = await bet(selection, betType);
      expect(r.status, `${betType} ${selection}`).toBe(400);
      expect(r.body.code).toBe('lottery_selection_unknown');
    }
    expect((await bet('07', 'big')).body.code).toBe('lottery_bet_type_unknown');
    expect((await bet('07', 'lo2', 10)).body.code).toBe('lottery_stake_out_of_range');
    expect((await state(a, 'LOTT_MB')).openBets).toHaveLength(0);

    // Results: an e-lottery draw, an unknown draw, a bad sheet, nothing to discard.
    const elott = (await state(a, 'ELOTT_SSC1')).draw.drawId as number;
    expect((await enter(opA, elott, northSheet())).body.code).toBe('lottery_results_not_accepted');
    expect((await enter(opA, 99_999_999, northSheet())).body.code).toBe('lottery_draw_not_found');
    await makeDue(drawId);
    const short = northSheet().slice(0, 7);
    const invalid = await enter(opA, drawId, short);
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({
      code: 'lottery_results_invalid',
      data: { prizes: ['G7'] },
    });
    const discard = await opA.post(`/admin/api/lottery/draws/${drawId}/results/discard`);
    expect(discard.body.code).toBe('lottery_results_no_pending');
    // A first entry discarded (a typo): the same operator may then enter again.
    expect((await enter(opA, drawId, northSheet())).body.value.status).toBe('pending');
    expect(
      (await opB.post(`/admin/api/lottery/draws/${drawId}/results/discard`)).body.value.status,
    ).toBe('discarded');
    expect((await enter(opA, drawId, northSheet())).body.value.status).toBe('pending');
    // A voided draw takes no results.
    const open = (await state(a, 'LOTT_MT_DNG')).draw.drawId as number;
    await opC.post(`/admin/api/lottery/draws/${open}/void`, { reason: 'rain in Đà Nẵng' });
    await makeDue(open);
    expect((await enter(opA, open, sheetOf('vn_south', Array(18).fill(1)))).body.code).toBe(
      'lottery_draw_void',
    );
    expect(await t.app.services.lottery.runDraw(open)).toBe('skipped');

    // Settings: odds tables and schedules that cannot hold.
    const odds = (betType: string, body: Json) =>
      opC.put(`/admin/api/lottery/games/LOTT_MB/bet-types/${betType}`, body);
    expect((await odds('lo2', { oddsTiersE4: [2_000_000] })).body.code).toBe(
      'lottery_odds_invalid',
    );
    expect((await odds('lo2', { oddsTiersE4: [950_000, 1] })).body.code).toBe(
      'lottery_odds_invalid',
    );
    expect((await odds('lo2', { rtpBps: 9000 })).body.code).toBe('lottery_odds_invalid');
    const game = (body: Json) => opC.put('/admin/api/lottery/games/LOTT_MB', body);
    for (const body of [
      { resultsSource: 'seed' },
      { drawTime: '25:00' },
      { timeZone: 'Mars/Olympus_Mons' },
    ]) {
      const r = await game(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe('lottery_schedule_invalid');
    }
    expect(
      (await opC.put('/admin/api/lottery/games/ELOTT_SSC1', { resultsSource: 'operator' })).body
        .code,
    ).toBe('lottery_schedule_invalid');
    const games = (await opC.get('/admin/api/lottery/games')).body.value.games as Json[];
    expect(games.find((g) => g.gameCode === 'LOTT_MB')).toMatchObject({
      resultsSource: 'operator',
      drawTime: '18:15',
      timeZone: 'Asia/Ho_Chi_Minh',
    });
  });

  it('confirms once when two second operators agree at the same time', async () => {
    const a = await player('198.18.19.7');
    const drawId = (await state(a, 'LOTT_MN_CT')).draw.drawId as number;
    const before = await balance(a);
    const sheet = sheetOf(
      'vn_south',
      vnPlausibleResult('vn_south', { serverSeed: 'race', clientSeed: String(drawId) }),
    );
    const special = sheet.find((r) => r.prize === 'DB')!.values[0]!;
    const bet = await a.post('/wps/lottery/bets', {
      gameCode: 'LOTT_MN_CT',
      drawId,
      lines: [{ betType: 'de', selection: special.slice(4), stakeMinor: 100 }],
    });
    expect(bet.status, JSON.stringify(bet.body)).toBe(200);
    await makeDue(drawId);
    expect((await enter(opA, drawId, sheet)).body.value.status).toBe('pending');
    const [b, c] = await Promise.all([enter(opB, drawId, sheet), enter(opC, drawId, sheet)]);
    const answers = [b, c].map((r) => r.body.value?.status ?? r.body.code).sort();
    expect(answers).toEqual(['confirmed', 'lottery_draw_settled']);
    expect(await balance(a)).toBe(before - 100 + 9_500);
    expect(await checkInvariants(t.db)).toEqual([]);
    expect(await checkBetRecords(t.db)).toEqual([]);
  });

  it('changes odds and schedules, and tells the pages their cached data is stale', async () => {
    const events: Json[] = [];
    const service = createLotteryService({
      db: t.db,
      repo: createLotteryRepository(t.db),
      wallet: t.app.services.wallet,
      realtime: { broadcast: async (_topic, data) => void events.push(data as Json) },
    });
    const changed = await service.updateBetType('LOTT_MT_KH', 'de', { odds_tiers_e4: [900_000] });
    expect(changed.after.betTypes.find((b) => b.betType === 'de')).toMatchObject({ rtpBps: 9000 });
    await service.updateGame('LOTT_MT_KH', { draw_time: '17:30', close_seconds: 600 });
    expect(events).toEqual([
      { kind: 'settings', gameCode: 'LOTT_MT_KH', merchantCode: null },
      { kind: 'settings', gameCode: 'LOTT_MT_KH', merchantCode: null },
    ]);
    // Through the console: the odds table with its return, the schedule; both audited.
    const put = await opC.put('/admin/api/lottery/games/LOTT_MT_KH/bet-types/lo2', {
      oddsTiersE4: [800_000],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.value.betTypes.find((b: Json) => b.betType === 'lo2')).toMatchObject({
      rtpBps: 8000,
    });
    const a = await player('198.18.19.6');
    const s = await state(a, 'LOTT_MT_KH');
    expect(s.betTypes.find((b: Json) => b.betType === 'lo2').oddsTiersE4).toEqual([800_000]);
    expect(s.game).toMatchObject({ drawTime: '17:30', closeSeconds: 600 });
    const audit = await sql<{ action: string }>`
      SELECT action FROM operator_audit WHERE subject = 'lottery-game:LOTT_MT_KH:lo2'`.execute(
      t.db,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['lottery.odds.update']);
  });

  it('caps what one number of a draw may pay, counting a line’s top tier once', async () => {
    const a = await player('198.18.19.8');
    await t.app.services.lottery.updateGame('LOTT_MN_DT', { max_payout_per_number_minor: 100_000 });
    try {
      const drawId = (await state(a, 'LOTT_MN_DT')).draw.drawId as number;
      const bet = (stakeMinor: number) =>
        a.post('/wps/lottery/bets', {
          gameCode: 'LOTT_MN_DT',
          drawId,
          lines: [{ betType: 'de', selection: '77', stakeMinor }],
        });
      // đề at 95: R$ 9,00 could pay R$ 855,00 of the R$ 1.000,00 cap; R$ 1,52 more fits.
      expect((await bet(900)).status).toBe(200);
      const over = await bet(200);
      expect(over.status).toBe(409);
      expect(over.body).toMatchObject({
        code: 'lottery_liability_cap',
        data: { betType: 'de', selection: '77', remainingStakeMinor: 152 },
      });
      expect((await bet(152)).status).toBe(200);
      // đá counts the same way: one pair at 1,200 per 36-unit point, R$ 30,00 → R$ 1.000,00.
      const da = (stakeMinor: number) =>
        a.post('/wps/lottery/bets', {
          gameCode: 'LOTT_MN_DT',
          drawId,
          lines: [{ betType: 'da2', selection: '07-25', stakeMinor }],
        });
      expect((await da(3000)).status).toBe(200);
      expect((await da(100)).body).toMatchObject({
        code: 'lottery_liability_cap',
        data: { betType: 'da2', selection: '07-25', remainingStakeMinor: 0 },
      });
    } finally {
      await t.app.services.lottery.updateGame('LOTT_MN_DT', {
        max_payout_per_number_minor: 10_000_000,
      });
    }
  });
});
