import { createHash } from 'node:crypto';
import {
  lotteryDraw,
  lotteryOddsE4,
  lotteryWinningCounts,
  lotteryWinningSelections,
} from '@banca/contracts/lottery-rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type TestClient, freePlayer, mainBalanceMinor } from '../../../test/client';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import { signedInOperator } from '../../../test/staff-client';
import { checkBetRecords } from '../wallet';
import { checkInvariants } from '../wallet/ledger';
import { createLotteryRepository } from './repository';
import { createLotteryService } from './service';

/**
 * The e-lottery (issue 18 §1, §4, §5): draws opened ahead with their seed's hash, drawn once by
 * whichever scheduler gets there first, settled once through the ledger as bet records, voided
 * with every slip refunded once, bets refused past closing, over the liability cap or out of
 * range, and every result recomputed from its revealed seed with the browser's functions.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
type Json = Record<string, any>;

describe('lottery odds (pure)', () => {
  it('derives each bet type’s odds from its RTP and the share of results it wins', () => {
    // 5 balls: a position is 1 in 10, big/small and odd/even exactly half, sum 0 one in 100,000.
    expect(lotteryOddsE4('ssc5', 'position', '3-7', 9800)).toBe(98_000);
    expect(lotteryOddsE4('ssc5', 'big_small', 'big', 9800)).toBe(19_600);
    expect(lotteryOddsE4('ssc5', 'odd_even', 'odd', 9800)).toBe(19_600);
    expect(lotteryOddsE4('ssc5', 'sum', '0', 9700)).toBe(970_000_000);
    expect(lotteryWinningCounts('ssc5', 'sum').get('22')).toBe(6_000);
    expect([...lotteryWinningCounts('ssc5', 'sum').values()].reduce((a, b) => a + b)).toBe(100_000);
    // 3 dice: sum 10 is 27 of 216; any triple 6, a named triple 1, a named pair (at least two) 16.
    expect(lotteryOddsE4('fast3', 'sum', '10', 9700)).toBe(Math.floor((9700 * 216) / 27));
    expect(lotteryOddsE4('fast3', 'triple', 'any', 9600)).toBe(Math.floor((9600 * 216) / 6));
    expect(lotteryOddsE4('fast3', 'triple', '4', 9600)).toBe(9600 * 216);
    expect(lotteryOddsE4('fast3', 'pair', '2', 9700)).toBe(Math.floor((9700 * 216) / 16));
    // Race: a car in a place is 1 in 10.
    expect(lotteryOddsE4('race10', 'position', '1-10', 9800)).toBe(98_000);
    expect(lotteryOddsE4('race10', 'position', '11-1', 9800)).toBe(0);
    // Every bet type returns at most its RTP: Σ P(win) · odds ≤ rtp.
    for (const [kind, betType, outcomes] of [
      ['ssc5', 'sum', 100_000],
      ['fast3', 'sum', 216],
      ['fast3', 'pair', 216],
    ] as const)
      for (const [selection, winning] of lotteryWinningCounts(kind, betType))
        expect(
          (winning / outcomes) * lotteryOddsE4(kind, betType, selection, 9700),
        ).toBeLessThanOrEqual(9700);
  });

  it('names the winning selections of a result', () => {
    expect(lotteryWinningSelections('ssc5', 'position', [1, 2, 3, 4, 9])).toEqual([
      '1-1',
      '2-2',
      '3-3',
      '4-4',
      '5-9',
    ]);
    expect(lotteryWinningSelections('ssc5', 'big_small', [1, 2, 3, 4, 9])).toEqual(['small']);
    expect(lotteryWinningSelections('ssc5', 'odd_even', [1, 2, 3, 4, 9])).toEqual(['odd']);
    expect(lotteryWinningSelections('fast3', 'triple', [5, 5, 5])).toEqual(['any', '5']);
    expect(lotteryWinningSelections('fast3', 'pair', [2, 5, 2])).toEqual(['2']);
    expect(lotteryWinningSelections('fast3', 'pair', [1, 2, 3])).toEqual([]);
  });
});

describe.each(ENGINES)('lottery (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  }, 120_000);
  afterAll(() => t?.close());

  const player = (ip: string) => freePlayer(t.app, ip);
  const balance = mainBalanceMinor;
  const state = async (c: TestClient, gameCode: string) =>
    (await c.get(`/wps/lottery/state?gameCode=${gameCode}`)).body.value as Json;
  /**
   * The game's draw taking bets, kept open while the test bets (a draw a few seconds from its
   * close when the test starts would close under it).
   */
  const openDraw = async (c: TestClient, gameCode: string) => {
    const s = await state(c, gameCode);
    await sql`UPDATE lottery_draws SET close_at = now() + interval '1 hour' WHERE id = ${s.draw.drawId}`.execute(
      t.db,
    );
    return s;
  };
  /** The draw's time has come (the test does not wait a minute): betting closed, draw due. */
  const makeDue = (drawId: number) =>
    sql`UPDATE lottery_draws SET close_at = now() - interval '2 seconds', draw_at = now() - interval '1 second' WHERE id = ${drawId}`.execute(
      t.db,
    );

  it('draws once with two schedulers at once, settles every slip once and reveals a reproducible seed', async () => {
    const a = await player('198.18.18.1');
    const b = await player('198.18.18.2');
    const open = await openDraw(a, 'ELOTT_SSC1');
    expect(open.draw.status).toBe('open');
    expect(open.draw.serverSeed).toBeNull();
    expect(open.draw.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    const drawId = open.draw.drawId as number;
    const [beforeA, beforeB] = [await balance(a), await balance(b)];
    // A: every digit of position 1 (one of them wins 9.8×) and "big"; B: odd.
    const linesA = [
      ...Array.from({ length: 10 }, (_, d) => ({
        betType: 'position',
        selection: `1-${d}`,
        stakeMinor: 100,
      })),
      { betType: 'big_small', selection: 'big', stakeMinor: 500 },
    ];
    const betA = await a.post('/wps/lottery/bets', {
      gameCode: 'ELOTT_SSC1',
      drawId,
      lines: linesA,
    });
    expect(betA.status, JSON.stringify(betA.body)).toBe(200);
    expect(betA.body.value.balanceMinor).toBe(beforeA - 1500);
    expect(betA.body.value.slip.lines[0].oddsE4).toBe(98_000);
    const betB = await b.post('/wps/lottery/bets', {
      gameCode: 'ELOTT_SSC1',
      drawId,
      lines: [{ betType: 'odd_even', selection: 'odd', stakeMinor: 1000 }],
    });
    expect(betB.status).toBe(200);
    // A's second slip on the draw: "even" (A's slips are one bet round, `D<drawId>`).
    const betA2 = await a.post('/wps/lottery/bets', {
      gameCode: 'ELOTT_SSC1',
      drawId,
      lines: [{ betType: 'odd_even', selection: 'even', stakeMinor: 500 }],
    });
    expect(betA2.status).toBe(200);
    expect((await state(a, 'ELOTT_SSC1')).openBets).toHaveLength(2);

    await makeDue(drawId);
    const other = createLotteryService({
      db: t.db,
      repo: createLotteryRepository(t.db),
      wallet: t.app.services.wallet,
    });
    const outcomes = await Promise.all([
      t.app.services.lottery.runDraw(drawId),
      other.runDraw(drawId),
      t.app.services.lottery.runDraw(drawId),
    ]);
    expect(outcomes.filter((o) => o === 'drawn')).toHaveLength(1);
    // The backstop finds nothing more to do; a repeat of the settlement pays nothing again.
    await t.app.services.lottery.tick();
    await other.runDraw(drawId, { resettle: true });

    const results = (await a.get('/wps/lottery/results?gameCode=ELOTT_SSC1')).body.value as Json;
    const drawn = results.draws.find((d: Json) => d.drawId === drawId);
    expect(drawn.status).toBe('settled');
    expect(createHash('sha256').update(drawn.serverSeed).digest('hex')).toBe(
      open.draw.serverSeedHash,
    );
    const numbers = lotteryDraw('ssc5', {
      serverSeed: drawn.serverSeed,
      clientSeed: drawn.clientSeed,
    });
    expect(drawn.numbers).toEqual(numbers);
    expect(results.frequency.draws).toBeGreaterThanOrEqual(1);
    const ballOne = results.frequency.counts.filter((c: Json) => c.position === 1);
    expect(ballOne.map((c: Json) => c.value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(ballOne.reduce((sum: number, c: Json) => sum + c.count, 0)).toBe(
      results.frequency.draws,
    );

    const sum = numbers.reduce((s, n) => s + n, 0);
    const wonA = 980 + (sum >= 23 ? 980 : 0);
    const wonA2 = sum % 2 === 0 ? 980 : 0;
    const wonB = sum % 2 === 1 ? 1960 : 0;
    expect(await balance(a)).toBe(beforeA - 2000 + wonA + wonA2);
    expect(await balance(b)).toBe(beforeB - 1000 + wonB);
    const mine = (await a.get('/wps/lottery/bets?status=settled')).body.value as Json;
    expect(mine.slips.map((s: Json) => s.payoutMinor)).toEqual([wonA2, wonA]);
    expect(mine.slips[1]).toMatchObject({
      status: 'settled',
      stakeMinor: 1500,
      payoutMinor: wonA,
      numbers,
    });
    expect(mine.slips[1].lines.filter((l: Json) => l.won)).toHaveLength(sum >= 23 ? 2 : 1);
    // A member's slips on a draw are one bet record of vendor BLT: both stakes, both payouts,
    // settled once (one DEPOSIT when anything won).
    const rounds = await sql<{
      member_id: string;
      stake_minor: string;
      payout_minor: string;
      valid_bet_minor: string;
      status: string;
    }>`
      SELECT member_id, stake_minor, payout_minor, valid_bet_minor, status FROM bet_rounds
      WHERE vendor_code = 'BLT' AND round_id = ${`D${drawId}`} ORDER BY stake_minor DESC`.execute(
      t.db,
    );
    expect(
      rounds.rows.map((r) => [
        r.status,
        Number(r.stake_minor),
        Number(r.valid_bet_minor),
        Number(r.payout_minor),
      ]),
    ).toEqual([
      ['settled', 2000, 2000, wonA + wonA2],
      ['settled', 1000, 1000, wonB],
    ]);
    const deposits = await sql<{ provider_tx_id: string; amount_minor: string }>`
      SELECT provider_tx_id, amount_minor FROM vendor_transactions
      WHERE vendor_code = 'BLT' AND round_id = ${`D${drawId}`} AND tx_type = 'DEPOSIT'
        AND member_id = ${rounds.rows[0]!.member_id}`.execute(t.db);
    expect(deposits.rows.map((d) => Number(d.amount_minor))).toEqual([wonA + wonA2]);
    // The member's betting record names it by the game's name, not its code.
    const record = (await a.get('/wps/member/bets?period=today')).body.value as Json;
    expect(record.list.find((r: Json) => r.roundId === `D${drawId}`)).toMatchObject({
      gameCode: 'ELOTT_SSC1',
      gameName: '5 Balls · 1 min',
      stakeMinor: 2000,
      payoutMinor: wonA + wonA2,
    });
    // An instance that stopped after the ledger but before its marks: settled again, paid once.
    await sql`UPDATE lottery_draws SET status = 'drawn' WHERE id = ${drawId}`.execute(t.db);
    await sql`UPDATE lottery_slips SET status = 'placed' WHERE draw_id = ${drawId}`.execute(t.db);
    expect(await other.runDraw(drawId, { resettle: true })).toBe('drawn');
    expect(await balance(a)).toBe(beforeA - 2000 + wonA + wonA2);
    expect(await balance(b)).toBe(beforeB - 1000 + wonB);
    expect(await checkInvariants(t.db)).toEqual([]);
    expect(await checkBetRecords(t.db)).toEqual([]);
  });

  it('refuses bets after closing, on a voided draw, unknown types or numbers, out-of-range stakes and over the cap', async () => {
    const c = await player('198.18.18.3');
    const before = await balance(c);
    const open = await openDraw(c, 'ELOTT_K3_1');
    const drawId = open.draw.drawId as number;
    const bet = (lines: Json[], id = drawId, gameCode = 'ELOTT_K3_1') =>
      c.post('/wps/lottery/bets', { gameCode, drawId: id, lines });
    const refusals: Array<[Json[], string]> = [
      [[{ betType: 'position', selection: '1-1', stakeMinor: 100 }], 'lottery_bet_type_unknown'],
      [[{ betType: 'sum', selection: '2', stakeMinor: 100 }], 'lottery_selection_unknown'],
      [[{ betType: 'triple', selection: 'any', stakeMinor: 50 }], 'lottery_stake_out_of_range'],
      [
        [{ betType: 'triple', selection: 'any', stakeMinor: 600_000 }],
        'lottery_stake_out_of_range',
      ],
      [
        [
          { betType: 'pair', selection: '3', stakeMinor: 100 },
          { betType: 'pair', selection: '3', stakeMinor: 200 },
        ],
        'lottery_selection_repeated',
      ],
    ];
    for (const [lines, code] of refusals) {
      const res = await bet(lines);
      expect(res.status, code).toBe(400);
      expect(res.body.code).toBe(code);
      expect(res.body.message).toBeTruthy();
    }
    expect(
      (await bet([{ betType: 'sum', selection: '10', stakeMinor: 100 }], 999_999)).body.code,
    ).toBe('lottery_draw_not_found');
    expect(
      (await c.post('/wps/lottery/bets', { gameCode: 'ELOTT_K3_1', drawId, lines: [] })).status,
    ).toBe(400);

    // The cap: a named triple pays 207.36×; a cap of R$ 100.000,00 per number takes R$ 482,25 of stakes.
    const risk = (await signedInOperator(t.app, ['risk'], { ip: '198.51.100.181' })).client;
    const capped = await risk.put('/admin/api/lottery/games/ELOTT_K3_1', {
      maxPayoutPerNumberMinor: 10_000_000,
    });
    expect(capped.status, JSON.stringify(capped.body)).toBe(200);
    const first = await bet([{ betType: 'triple', selection: '6', stakeMinor: 40_000 }]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const over = await bet([
      { betType: 'sum', selection: '11', stakeMinor: 100 },
      { betType: 'triple', selection: '6', stakeMinor: 10_000 },
    ]);
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('lottery_liability_cap');
    expect(over.body.data).toMatchObject({
      betType: 'triple',
      selection: '6',
      remainingStakeMinor: 8225,
    });
    // Nothing of the refused slip stayed: not its other line, not its stake.
    expect(await balance(c)).toBe(before - 40_000);
    expect((await state(c, 'ELOTT_K3_1')).openBets).toHaveLength(1);
    const liability = (await risk.get(`/admin/api/lottery/draws/${drawId}/liability`)).body
      .value as Json;
    expect(liability.exposures[0]).toMatchObject({
      betType: 'triple',
      selection: '6',
      payoutMinor: 8_294_400,
    });

    // Closed: the draw's betting ended by the server's clock.
    await sql`UPDATE lottery_draws SET close_at = now() - interval '1 second' WHERE id = ${drawId}`.execute(
      t.db,
    );
    const late = await bet([{ betType: 'sum', selection: '10', stakeMinor: 100 }]);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('lottery_draw_closed');
    expect(await balance(c)).toBe(before - 40_000);
  });

  it('settles and refunds the draws opened before bet rounds per member, a round per slip', async () => {
    // Migration 0054 left the draws that existed with `rounds = 'slip'`: their stakes were
    // already in rounds L<slipId>, and they settle and refund there.
    const c = await player('198.18.18.8');
    const before = await balance(c);
    const bet = async (gameCode: string, drawId: number, betType: string, selection: string) => {
      const placed = await c.post('/wps/lottery/bets', {
        gameCode,
        drawId,
        lines: [{ betType, selection, stakeMinor: 400 }],
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      return placed.body.value.slip.slipId as number;
    };
    const roundsOf = async (slipIds: number[]) =>
      (
        await sql<{ round_id: string; status: string; stake_minor: string; payout_minor: string }>`
          SELECT round_id, status, stake_minor, payout_minor FROM bet_rounds
          WHERE vendor_code = 'BLT' AND round_id = ANY (${slipIds.map((id) => `L${id}`)}::text[])
          ORDER BY round_id`.execute(t.db)
      ).rows.map((r) => [r.round_id, r.status, Number(r.stake_minor), Number(r.payout_minor)]);

    const drawn = (await openDraw(c, 'ELOTT_SSC1')).draw.drawId as number;
    await sql`UPDATE lottery_draws SET rounds = 'slip' WHERE id = ${drawn}`.execute(t.db);
    const odd = await bet('ELOTT_SSC1', drawn, 'odd_even', 'odd');
    const even = await bet('ELOTT_SSC1', drawn, 'odd_even', 'even');
    await makeDue(drawn);
    expect(await t.app.services.lottery.runDraw(drawn)).toBe('drawn');
    const results = (await c.get('/wps/lottery/results?gameCode=ELOTT_SSC1')).body.value as Json;
    const numbers = results.draws.find((d: Json) => d.drawId === drawn).numbers as number[];
    const oddWon = numbers.reduce((s, n) => s + n, 0) % 2 === 1;
    expect(await roundsOf([odd, even])).toEqual(
      [
        [`L${odd}`, 'settled', 400, oddWon ? 784 : 0],
        [`L${even}`, 'settled', 400, oddWon ? 0 : 784],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    expect(await balance(c)).toBe(before - 800 + 784);

    const voided = (await openDraw(c, 'ELOTT_RACE1')).draw.drawId as number;
    await sql`UPDATE lottery_draws SET rounds = 'slip' WHERE id = ${voided}`.execute(t.db);
    const first = await bet('ELOTT_RACE1', voided, 'position', '1-3');
    const second = await bet('ELOTT_RACE1', voided, 'position', '2-5');
    const risk = (await signedInOperator(t.app, ['risk'], { ip: '198.51.100.183' })).client;
    const refund = await risk.post(`/admin/api/lottery/draws/${voided}/void`, { reason: 'test' });
    expect(refund.body.value).toMatchObject({ refundedSlips: 2, refundedMinor: 800 });
    expect(await roundsOf([first, second])).toEqual([
      [`L${first}`, 'cancelled', 0, 0],
      [`L${second}`, 'cancelled', 0, 0],
    ]);
    expect(await balance(c)).toBe(before - 800 + 784);
    expect(await checkInvariants(t.db)).toEqual([]);
    expect(await checkBetRecords(t.db)).toEqual([]);
  });

  it('voids a draw: every slip refunded once, later bets refused', async () => {
    const c = await player('198.18.18.4');
    const before = await balance(c);
    const open = await openDraw(c, 'ELOTT_RACE1');
    const drawId = open.draw.drawId as number;
    for (const selection of ['1-3', '2-5'])
      expect(
        (
          await c.post('/wps/lottery/bets', {
            gameCode: 'ELOTT_RACE1',
            drawId,
            lines: [{ betType: 'position', selection, stakeMinor: 300 }],
          })
        ).status,
      ).toBe(200);
    expect(await balance(c)).toBe(before - 600);
    const risk = (await signedInOperator(t.app, ['risk'], { ip: '198.51.100.182' })).client;
    const voided = await risk.post(`/admin/api/lottery/draws/${drawId}/void`, {
      reason: 'feed problem',
    });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.value).toMatchObject({ refundedSlips: 2, refundedMinor: 600 });
    expect(await balance(c)).toBe(before);
    // Voiding again, the backstop and a draw attempt change nothing.
    const again = await risk.post(`/admin/api/lottery/draws/${drawId}/void`, {
      reason: 'feed problem',
    });
    expect(again.body.value).toMatchObject({ refundedSlips: 0, refundedMinor: 0 });
    await t.app.services.lottery.refundDraw(drawId);
    await makeDue(drawId);
    expect(await t.app.services.lottery.runDraw(drawId)).toBe('skipped');
    await t.app.services.lottery.tick();
    expect(await balance(c)).toBe(before);
    const late = await c.post('/wps/lottery/bets', {
      gameCode: 'ELOTT_RACE1',
      drawId,
      lines: [{ betType: 'position', selection: '1-1', stakeMinor: 300 }],
    });
    expect(late.body.code).toBe('lottery_draw_void');
    const settled = (await c.get('/wps/lottery/bets?status=settled')).body.value as Json;
    expect(settled.slips.map((s: Json) => s.status)).toEqual(['refunded', 'refunded']);
    // The player is told why: the operator's reason for the void.
    expect(settled.slips.map((s: Json) => s.voidReason)).toEqual(['feed problem', 'feed problem']);
    // Both slips were one round: its two stakes came back, and it reads cancelled.
    const rounds = await sql<{ status: string; stake_minor: string }>`
      SELECT r.status, r.stake_minor FROM bet_rounds r WHERE r.vendor_code = 'BLT' AND r.round_id = ${`D${drawId}`}`.execute(
      t.db,
    );
    expect(rounds.rows.map((r) => [r.status, Number(r.stake_minor)])).toEqual([['cancelled', 0]]);
    // The betting record shows the round with what was staked and came back.
    const record = (await c.get('/wps/member/bets?period=today')).body.value as Json;
    expect(record.list.find((r: Json) => r.roundId === `D${drawId}`)).toMatchObject({
      status: 'cancelled',
      stakeMinor: 600,
      refundedMinor: 600,
      payoutMinor: 0,
    });
    expect(await checkInvariants(t.db)).toEqual([]);
    expect(await checkBetRecords(t.db)).toEqual([]);
  });

  it('refunds a draw voided by an instance that stopped before its refund, then leaves it', async () => {
    const c = await player('198.18.18.5');
    const before = await balance(c);
    const open = await openDraw(c, 'ELOTT_RACE1');
    const drawId = open.draw.drawId as number;
    const placed = await c.post('/wps/lottery/bets', {
      gameCode: 'ELOTT_RACE1',
      drawId,
      lines: [{ betType: 'position', selection: '4-7', stakeMinor: 500 }],
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    // The void landed, its refund did not start.
    await sql`UPDATE lottery_draws SET status = 'void', voided_at = now() WHERE id = ${drawId}`.execute(
      t.db,
    );
    expect(await balance(c)).toBe(before - 500);
    await t.app.services.lottery.tick();
    expect(await balance(c)).toBe(before);
    const draw = await sql<{ refunded_at: Date | null }>`
      SELECT refunded_at FROM lottery_draws WHERE id = ${drawId}`.execute(t.db);
    expect(draw.rows[0]!.refunded_at).not.toBeNull();
    // Marked refunded: the backstop's next pass changes nothing.
    await t.app.services.lottery.tick();
    expect(await balance(c)).toBe(before);
    expect(await checkInvariants(t.db)).toEqual([]);
    expect(await checkBetRecords(t.db)).toEqual([]);
  });

  it('answers the ELOTT menu and lets the console change odds and schedules', async () => {
    const menu = (
      await createClient(t.app, { ip: '198.18.18.5' }).get(
        '/lgw/vn/games/game_menu?prizeMode=ELOTT&device=WEB',
      )
    ).body.value as Json;
    expect(menu.games.map((g: Json) => g.gameCode)).toContain('ELOTT_SSC1');
    expect(menu.games[0].draw.status).toBe('open');
    const risk = (await signedInOperator(t.app, ['risk'], { ip: '198.51.100.183' })).client;
    const odds = await risk.put('/admin/api/lottery/games/ELOTT_SSC3/bet-types/position', {
      rtpBps: 9500,
    });
    expect(odds.status).toBe(200);
    const s = await state(createClient(t.app, { ip: '198.18.18.6' }), 'ELOTT_SSC3');
    expect(s.betTypes.find((b: Json) => b.betType === 'position').odds[0].oddsE4).toBe(95_000);
    const bad = await risk.put('/admin/api/lottery/games/ELOTT_SSC3', { closeSeconds: 200 });
    expect(bad.body.code).toBe('lottery_limits_invalid');
    const fast = await risk.put('/admin/api/lottery/games/ELOTT_SSC3', {
      intervalSeconds: 30,
      closeSeconds: 5,
    });
    expect(fast.body.value).toMatchObject({ intervalSeconds: 30, closeSeconds: 5 });
    const draws = (await risk.get('/admin/api/lottery/draws?gameCode=ELOTT_SSC1')).body
      .value as Json;
    expect(draws.draws.some((d: Json) => d.status === 'settled' && d.slips === 3)).toBe(true);
  });
});
