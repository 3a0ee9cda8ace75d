import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient, freePlayer, mainBalanceMinor } from '../../../test/client';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import { signedInOperator, type StaffClient } from '../../../test/staff-client';
import { checkBetRecords } from '../wallet';
import { checkInvariants } from '../wallet/ledger';
import type { GameRow } from './repository';
import { closedDaysOf, localDateIn, NO_CLOSED_DAYS, nextDrawTimes } from './service';

/**
 * Closed days (issue 18; docs/lottery.md "Closed days"): the Tết break and other days the
 * lottery companies do not draw. The schedule skips them (every VN/SEA game, or one), adding one
 * voids the draws open on it (every slip refunded once), removing it opens them again; every
 * bad input answers its code; finance reads, owner and risk change.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
type Json = Record<string, any>;

const game = (over: Partial<GameRow>): GameRow => ({
  game_code: 'LOTT_T',
  kind: 'vn_north',
  prize_mode: 'LOTT',
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
  results_source: 'operator',
  draw_time: '18:15',
  time_zone: 'Asia/Ho_Chi_Minh',
  draw_weekdays: null,
  region: 'north',
  ...over,
});
const iso = (ms: number[]) => ms.map((m) => new Date(m).toISOString().slice(0, 16));
const DAY_MS = 86_400_000;

describe('closed days in the schedule (pure)', () => {
  // Tết 2027 as migration 0052 seeds it: 5–8 February for every VN/SEA game.
  const tet = closedDaysOf(
    ['2027-02-05', '2027-02-06', '2027-02-07', '2027-02-08'].map((day) => ({
      day,
      game_code: null,
    })),
  );
  const feb3 = Date.parse('2027-02-03T00:00:00Z');

  it('skips every closed day for all games with a local draw time', () => {
    // The north draws daily at 18:15 Hanoi (11:15 UTC): the 4th, then the 9th and 10th.
    expect(iso(nextDrawTimes(game({}), feb3, 4, tet))).toEqual([
      '2027-02-03T11:15',
      '2027-02-04T11:15',
      '2027-02-09T11:15',
      '2027-02-10T11:15',
    ]);
    // Without closed days, the same grid every day.
    expect(iso(nextDrawTimes(game({}), feb3, 3, NO_CLOSED_DAYS))).toEqual([
      '2027-02-03T11:15',
      '2027-02-04T11:15',
      '2027-02-05T11:15',
    ]);
    // 4D in Kuala Lumpur (Wed, Sat, Sun at 19:00): Saturday 6 and Sunday 7 are closed.
    const sea = game({
      game_code: 'SEA_T',
      kind: 'sea4d',
      time_zone: 'Asia/Kuala_Lumpur',
      draw_time: '19:00',
      draw_weekdays: [3, 6, 7],
    });
    expect(iso(nextDrawTimes(sea, feb3 + DAY_MS, 3, tet))).toEqual([
      '2027-02-10T11:00',
      '2027-02-13T11:00',
      '2027-02-14T11:00',
    ]);
  });

  it('reads the day in the game’s zone, and closes one game without the others', () => {
    // 00:30 on the 5th in Ho Chi Minh City is 17:30 UTC on the 4th: closed (local 5th); the 4th's
    // local draw (17:30 UTC on the 3rd) is not.
    const early = game({ draw_time: '00:30' });
    expect(iso(nextDrawTimes(early, feb3 - DAY_MS, 3, tet))).toEqual([
      '2027-02-02T17:30',
      '2027-02-03T17:30',
      '2027-02-08T17:30',
    ]);
    const one = closedDaysOf([{ day: '2027-02-04', game_code: 'LOTT_T' }]);
    expect(iso(nextDrawTimes(game({}), feb3, 2, one))).toEqual([
      '2027-02-03T11:15',
      '2027-02-05T11:15',
    ]);
    expect(iso(nextDrawTimes(game({ game_code: 'LOTT_OTHER' }), feb3, 2, one))).toEqual([
      '2027-02-03T11:15',
      '2027-02-04T11:15',
    ]);
  });

  it('never closes an e-lottery game (no local draw time)', () => {
    const elott = game({
      game_code: 'ELOTT_T',
      kind: 'ssc5',
      prize_mode: 'ELOTT',
      draw_time: null,
      interval_seconds: 60,
      close_seconds: 10,
      results_source: 'seed',
      region: null,
    });
    const at = Date.parse('2027-02-06T05:00:30Z');
    expect(iso(nextDrawTimes(elott, at, 2, tet))).toEqual(['2027-02-06T05:01', '2027-02-06T05:02']);
  });

  it('finds the next draw however many days are closed', () => {
    // A Thursday province whose next twelve Thursdays are closed: the thirteenth.
    const thursdays = Array.from({ length: 12 }, (_, i) =>
      new Date(Date.parse('2027-02-04T00:00:00Z') + i * 7 * DAY_MS).toISOString().slice(0, 10),
    );
    const weekly = game({ draw_time: '16:15', draw_weekdays: [4] });
    const closed = closedDaysOf(thursdays.map((day) => ({ day, game_code: null })));
    expect(iso(nextDrawTimes(weekly, feb3, 1, closed))).toEqual(['2027-04-29T09:15']);
    // Four hundred days closed in a row (more than the console accepts): the day after them.
    const everyDay = closedDaysOf(
      Array.from({ length: 400 }, (_, i) => ({
        day: new Date(feb3 + i * DAY_MS).toISOString().slice(0, 10),
        game_code: 'LOTT_T',
      })),
    );
    expect(iso(nextDrawTimes(game({}), feb3, 2, everyDay))).toEqual([
      '2028-03-09T11:15',
      '2028-03-10T11:15',
    ]);
  });
});

describe.each(ENGINES)('closed days (%s)', (engine) => {
  let t: TestApp;
  let owner: StaffClient;
  let risk: StaffClient;
  let finance: StaffClient;
  beforeAll(async () => {
    t = await startTestApp(engine);
    owner = (await signedInOperator(t.app, ['owner'], { ip: '198.51.100.201', language: 'en' }))
      .client;
    risk = (await signedInOperator(t.app, ['risk'], { ip: '198.51.100.202', language: 'en' }))
      .client;
    finance = (await signedInOperator(t.app, ['finance'], { ip: '198.51.100.203', language: 'en' }))
      .client;
  }, 120_000);
  afterAll(() => t?.close());

  const player = (ip: string) => freePlayer(t.app, ip);
  const balance = mainBalanceMinor;
  const hanoiDay = (ms: number) => localDateIn('Asia/Ho_Chi_Minh', ms);
  const today = () => hanoiDay(Date.now());
  const plusDays = (day: string, n: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
  /** A game's draws (not void) from now on, with their local days. */
  const drawsAhead = async (gameCode: string) =>
    (
      await sql<{ id: number; status: string; draw_at: Date }>`
        SELECT id, status, draw_at FROM lottery_draws
        WHERE game_code = ${gameCode} AND draw_at > now() ORDER BY draw_at, id`.execute(t.db)
    ).rows.map((r) => ({
      id: Number(r.id),
      status: r.status,
      day: hanoiDay(new Date(r.draw_at).getTime()),
    }));
  const add = (op: StaffClient, body: Json) => op.post('/admin/api/lottery/closed-days', body);
  const bet = (c: TestClient, drawId: number, selection: string, stakeMinor: number) =>
    c.post('/wps/lottery/bets', {
      gameCode: 'LOTT_MB',
      drawId,
      lines: [{ betType: 'de', selection, stakeMinor }],
    });

  it('lists Tết 2027 as seeded, upcoming, for every VN/SEA game', async () => {
    const list = await finance.get('/admin/api/lottery/closed-days');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const tet = (list.body.value.closedDays as Json[]).filter((d) => d.reason === 'Tết');
    expect(tet.map((d) => d.day)).toEqual(['2027-02-05', '2027-02-06', '2027-02-07', '2027-02-08']);
    expect(tet[0]).toMatchObject({ gameCode: null, createdBy: null, upcoming: true });
    expect(list.body.value.today).toBe(today());
    // The other tests pick days near now: without the seeded days, they hold during Tết too.
    for (const d of tet)
      expect((await owner.delete(`/admin/api/lottery/closed-days/${d.closedDayId}`)).status).toBe(
        200,
      );
  });

  it('voids the open draws of a day closed for all, refunds each slip once, and opens it again when removed', async () => {
    const a = await player('198.18.20.1');
    const b = await player('198.18.20.2');
    await t.app.services.lottery.ensureAll();
    const [first, second] = await drawsAhead('LOTT_MB');
    expect(second!.day).toBe(plusDays(first!.day, 1));
    const [beforeA, beforeB] = [await balance(a), await balance(b)];
    // Bets on the second draw (its betting is open too) and one on the first, which stays.
    expect((await bet(a, second!.id, '45', 500)).status).toBe(200);
    expect((await bet(a, second!.id, '46', 300)).status).toBe(200);
    expect((await bet(b, second!.id, '07', 700)).status).toBe(200);
    // (the first draw's betting is open unless the suite runs in its last quarter of an hour)
    const onFirst = (await bet(b, first!.id, '08', 200)).status === 200 ? 200 : 0;
    expect(await balance(a)).toBe(beforeA - 800);

    const closed = await risk.post('/admin/api/lottery/closed-days', {
      day: second!.day,
      reason: 'Quốc tang (national mourning)',
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const value = closed.body.value as Json;
    expect(value.closedDay).toMatchObject({ day: second!.day, gameCode: null, upcoming: true });
    expect(value.voided).toContainEqual(
      expect.objectContaining({ drawId: second!.id, refundedSlips: 3, refundedMinor: 1500 }),
    );
    // Every VN/SEA draw of that local day, and nothing else.
    expect(value.voidedDraws).toBe(value.voided.length);
    expect(value.voided.map((d: Json) => d.drawId)).not.toContain(first!.id);
    expect(value.leftAlone).toEqual([]);
    expect(await balance(a)).toBe(beforeA);
    expect(await balance(b)).toBe(beforeB - onFirst);
    const voidRow = await sql<{ status: string; void_reason: string }>`
      SELECT status, void_reason FROM lottery_draws WHERE id = ${second!.id}`.execute(t.db);
    expect(voidRow.rows[0]).toEqual({
      status: 'void',
      void_reason: 'Quốc tang (national mourning)',
    });
    const slips = await sql<{ status: string }>`
      SELECT status FROM lottery_slips WHERE draw_id = ${second!.id}`.execute(t.db);
    expect(slips.rows.map((r) => r.status)).toEqual(['refunded', 'refunded', 'refunded']);

    // The scheduler skips the day: the next draw is the day after; a refund is never repeated.
    await t.app.services.lottery.ensureAll();
    await t.app.services.lottery.tick();
    const after = (await drawsAhead('LOTT_MB')).filter((d) => d.status !== 'void');
    expect(after.map((d) => d.day)).toEqual([first!.day, plusDays(first!.day, 2)]);
    const menu = (await a.get('/lgw/vn/games/game_menu?prizeMode=LOTT&device=WEB')).body
      .value as Json;
    for (const g of menu.games as Json[])
      expect(hanoiDay(Date.parse(g.draw.drawAtUtc)), g.gameCode).not.toBe(second!.day);
    // Closing it again: refused, nothing moves.
    expect((await add(owner, { day: second!.day, reason: 'again' })).body.code).toBe(
      'lottery_closed_day_exists',
    );
    expect(await balance(a)).toBe(beforeA);
    expect(await balance(b)).toBe(beforeB - onFirst);
    expect(await checkInvariants(t.db)).toEqual([]);
    expect(await checkBetRecords(t.db)).toEqual([]);

    // Removed: the day's draw opens again at once (beside the voided one), and only once.
    const removed = await owner.delete(
      `/admin/api/lottery/closed-days/${value.closedDay.closedDayId}`,
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.value.reopenedDraws).toBeGreaterThanOrEqual(1);
    await t.app.services.lottery.ensureAll();
    const reopened = (await drawsAhead('LOTT_MB')).filter((d) => d.day === second!.day);
    expect(reopened.map((d) => d.status).sort()).toEqual(['open', 'void']);
    const fresh = reopened.find((d) => d.status === 'open')!;
    expect(fresh.id).not.toBe(second!.id);
    expect((await bet(a, fresh.id, '45', 500)).status).toBe(200);
    expect((await bet(a, second!.id, '45', 500)).body.code).toBe('lottery_draw_void');
    // Removed twice: not found.
    expect(
      (await owner.delete(`/admin/api/lottery/closed-days/${value.closedDay.closedDayId}`)).body
        .code,
    ).toBe('lottery_closed_day_not_found');
    const audit = await sql<{ action: string }>`
      SELECT action FROM operator_audit
      WHERE subject = ${`lottery-closed-day:${value.closedDay.closedDayId}`} ORDER BY id`.execute(
      t.db,
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'lottery.closed_day.add',
      'lottery.closed_day.remove',
    ]);
    expect(await checkInvariants(t.db)).toEqual([]);
    expect(await checkBetRecords(t.db)).toEqual([]);
  });

  it('closes one game’s day without touching the others, and leaves a drawn draw alone', async () => {
    await t.app.services.lottery.ensureAll();
    const hcm = await drawsAhead('LOTT_MN_HCM');
    const day = hcm[0]!.day;
    // Another game drawing that day keeps its draw.
    const others = await sql<{ id: number; game_code: string }>`
      SELECT id, game_code FROM lottery_draws
      WHERE status = 'open' AND draw_at > now() AND game_code <> 'LOTT_MN_HCM'
        AND game_code LIKE 'LOTT_%'`.execute(t.db);
    const sameDay = (
      await Promise.all(
        others.rows.map(async (r) => ({
          id: Number(r.id),
          day: (await drawsAhead(r.game_code)).find((d) => d.id === Number(r.id))?.day,
        })),
      )
    ).filter((d) => d.day === day);
    expect(sameDay.length).toBeGreaterThan(0);
    const closed = await add(owner, { day, gameCode: 'LOTT_MN_HCM', reason: 'Province holiday' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.value.voided.map((d: Json) => d.drawId)).toEqual([hcm[0]!.id]);
    const still = await sql<{ status: string }>`
      SELECT status FROM lottery_draws WHERE id = ANY (${sameDay.map((d) => d.id)}::bigint[])`.execute(
      t.db,
    );
    expect(new Set(still.rows.map((r) => r.status))).toEqual(new Set(['open']));
    await t.app.services.lottery.ensureAll();
    const next = (await drawsAhead('LOTT_MN_HCM')).filter((d) => d.status === 'open');
    expect(next.length).toBeGreaterThan(0);
    expect(next.map((d) => d.day)).not.toContain(day);

    // A feed game's draw drawn and settled today: closing today leaves it alone, named.
    const ct = (await drawsAhead('LOTT_MN_CT'))[0]!;
    await sql`UPDATE lottery_draws SET close_at = now() - interval '2 seconds', draw_at = now() - interval '1 second' WHERE id = ${ct.id}`.execute(
      t.db,
    );
    await t.app.services.lottery.updateGame('LOTT_MN_CT', { results_source: 'feed' });
    expect(await t.app.services.lottery.runDraw(ct.id)).toBe('drawn');
    const late = await add(owner, { day: today(), gameCode: 'LOTT_MN_CT', reason: 'Too late' });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(late.body.value).toMatchObject({
      voidedDraws: 0,
      leftAlone: [{ drawId: ct.id, gameCode: 'LOTT_MN_CT', status: 'settled' }],
    });
  });

  it('refuses every bad input with its code, writes nothing, and lets finance only read', async () => {
    const count = async () =>
      Number(
        (await sql<{ n: number }>`SELECT count(*) AS n FROM lottery_closed_days`.execute(t.db))
          .rows[0]!.n,
      );
    const day = plusDays(today(), 30);
    const taken = plusDays(today(), 40);
    expect((await add(owner, { day: taken, reason: 'Taken' })).status).toBe(200);
    const before = await count();
    for (const [body, status, code] of [
      [{ day: plusDays(today(), -1), reason: 'Past' }, 400, 'lottery_closed_day_past'],
      [{ day: plusDays(today(), 400), reason: 'Far' }, 400, 'lottery_closed_day_too_far'],
      [{ day, gameCode: 'LOTT_NOPE', reason: 'Unknown' }, 404, 'lottery_game_not_found'],
      [{ day, gameCode: 'ELOTT_SSC1', reason: 'Quick' }, 400, 'lottery_closed_day_no_local_time'],
      [{ day: taken, reason: 'Again' }, 409, 'lottery_closed_day_exists'],
      [{ day, reason: 'bad\u0000reason' }, 400, 'validation_failed'],
      [{ day, reason: 'x'.repeat(201) }, 400, 'validation_failed'],
      [{ day, reason: 'ab' }, 400, 'validation_failed'],
      [{ day: '2027-02-30', reason: 'No such day' }, 400, 'validation_failed'],
      [{ day: '6/2/2027', reason: 'Format' }, 400, 'validation_failed'],
    ] as const) {
      const r = await add(risk, body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.body.code, JSON.stringify(body)).toBe(code);
      expect(typeof r.body.message).toBe('string');
    }
    // The messages in both languages.
    const pt = (await signedInOperator(t.app, ['risk'], { ip: '198.51.100.204' })).client;
    const past = await add(pt, { day: plusDays(today(), -1), reason: 'Passado' });
    expect(past.body.message).toBe(`Este dia já passou: escolha ${today()} ou depois.`);
    // Finance reads, never changes.
    expect((await finance.get('/admin/api/lottery/closed-days')).status).toBe(200);
    const refused = await add(finance, { day, reason: 'Finance' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('staff_role_required');
    const first = (await finance.get('/admin/api/lottery/closed-days')).body.value
      .closedDays[0] as Json;
    expect(
      (await finance.delete(`/admin/api/lottery/closed-days/${first.closedDayId}`)).status,
    ).toBe(403);
    expect(await count()).toBe(before);
    // The list pages: upcoming first (soonest first), then past ones.
    const page = (await finance.get('/admin/api/lottery/closed-days?pageSize=2')).body
      .value as Json;
    expect(page.closedDays).toHaveLength(2);
    expect(page.total).toBe(before);
    const all = (await finance.get('/admin/api/lottery/closed-days')).body.value
      .closedDays as Json[];
    const upcoming = all.filter((d) => d.upcoming).map((d) => d.day as string);
    expect(upcoming).toEqual([...upcoming].sort());
    expect(all.slice(0, upcoming.length).every((d) => d.upcoming)).toBe(true);
  });
});
