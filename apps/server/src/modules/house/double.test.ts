import { doubleColorOf, doubleSlot, previousGameHash } from '@banca/contracts/fairness';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, freePlayer, mainBalanceMinor } from '../../../test/client';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import { checkBetRecords } from '../wallet';
import { checkInvariants } from '../wallet/ledger';
import { signedInOperator } from '../../../test/staff-client';

/**
 * Double (issue 14 §2): a shared round takes bets while its countdown runs, then its slot comes
 * from the chain's game hash and salt (recomputed here with the browser's functions, and linked
 * back to the previous round's hash), and every bet is paid once through the ledger.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
type Json = Record<string, any>;

describe.each(ENGINES)('double (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  }, 120_000);
  afterAll(() => t?.close());

  const player = (ip: string) => freePlayer(t.app, ip);
  const balance = mainBalanceMinor;
  /** Ends the countdown now (the test does not wait 12 s). */
  const endCountdown = () =>
    sql`UPDATE house_rounds SET betting_ends_at = now() - interval '1 second' WHERE status = 'betting'`.execute(
      t.db,
    );
  const endDisplay = () =>
    sql`UPDATE house_rounds SET ended_at = now() - interval '1 minute' WHERE status = 'ended'`.execute(
      t.db,
    );

  it('takes bets during the countdown, draws the slot from the chain and pays each bet once', async () => {
    const a = await player('198.18.15.1');
    const b = await player('198.18.15.2');
    const open = (await a.get('/wps/house/double/state?gameCode=BGS_DOUBLE')).body.value as Json;
    expect(open.round.status).toBe('betting');
    expect(open.round.slot).toBeNull();
    const [beforeA, beforeB] = [await balance(a), await balance(b)];
    for (const [c, pick] of [
      [a, 'red'],
      [a, 'white'],
      [b, 'black'],
    ] as const) {
      const res = await c.post('/wps/house/double/bet', {
        gameCode: 'BGS_DOUBLE',
        amountMinor: 1000,
        pick,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.value.roundId).toBe(open.round.id);
    }
    expect(await balance(a)).toBe(beforeA - 2000);
    const twice = await a.post('/wps/house/double/bet', {
      gameCode: 'BGS_DOUBLE',
      amountMinor: 1000,
      pick: 'red',
    });
    expect(twice.body.code).toBe('house_already_bet');
    expect(await balance(a)).toBe(beforeA - 2000);
    await endCountdown();
    const ended = (await b.get('/wps/house/double/state?gameCode=BGS_DOUBLE')).body.value as Json;
    expect(ended.round).toMatchObject({ id: open.round.id, status: 'ended' });
    const slot = doubleSlot(ended.round.gameHash, ended.salt);
    expect(ended.round.slot).toBe(slot);
    const color = doubleColorOf(slot);
    const pays = {
      red: Math.floor((1000 * Math.floor((9700 * 15) / 7)) / 10_000),
      black: Math.floor((1000 * Math.floor((9700 * 15) / 7)) / 10_000),
      white: Math.floor((1000 * 9700 * 15) / 10_000),
    };
    expect(await balance(a)).toBe(
      beforeA - 2000 + (color === 'red' ? pays.red : 0) + (color === 'white' ? pays.white : 0),
    );
    expect(await balance(b)).toBe(beforeB - 1000 + (color === 'black' ? pays.black : 0));
    // Too late for that round; the next opens after the result is shown.
    const late = await a.post('/wps/house/double/bet', {
      gameCode: 'BGS_DOUBLE',
      amountMinor: 1000,
      pick: 'red',
    });
    expect(late.body.code).toBe('house_round_over');
    await endDisplay();
    const next = (await a.get('/wps/house/double/state?gameCode=BGS_DOUBLE')).body.value as Json;
    expect(next.round.status).toBe('betting');
    expect(next.round.chainIndex).toBe(open.round.chainIndex + 1);
    await endCountdown();
    const second = (await a.get('/wps/house/double/state?gameCode=BGS_DOUBLE')).body.value as Json;
    // The chain links each round to the one before, back to the published commitment.
    expect(previousGameHash(second.round.gameHash)).toBe(ended.round.gameHash);
    expect(previousGameHash(ended.round.gameHash)).toBe(open.commitment);
    expect(second.history.map((h: Json) => h.id)).toEqual([second.round.id, ended.round.id]);
    // The operator's P&L counts the shared rounds' bets too.
    const risk = (await signedInOperator(t.app, ['risk'], { ip: '198.51.100.150' })).client;
    const pnl = (await risk.get('/admin/api/house/games?days=1')).body.value.games as Json[];
    const paid = (await balance(a)) - beforeA + 2000 + ((await balance(b)) - beforeB + 1000);
    expect(pnl.find((g) => g.gameCode === 'BGS_DOUBLE')).toMatchObject({
      bets: 3,
      stakeMinor: 3000,
      payoutMinor: paid,
    });
    const chains = (await createClient(t.app).get('/wps/house/chains')).body.value.chains as Json[];
    const chain = chains.find((c) => c.gameCode === 'BGS_DOUBLE')!;
    expect(chain).toMatchObject({
      engine: 'double',
      commitment: open.commitment,
      salt: second.salt,
    });
    // The rounds played so far: the game's loop goes on meanwhile, so on a slow machine the
    // next round may already have opened (CI at load 20 saw one more).
    const latest = (await a.get('/wps/house/double/state?gameCode=BGS_DOUBLE')).body.value as Json;
    expect(chain.played).toBeGreaterThanOrEqual(next.round.chainIndex);
    expect(chain.played).toBeLessThanOrEqual(latest.round.chainIndex);
    expect(await checkInvariants(t.db)).toEqual([]);
    expect(await checkBetRecords(t.db)).toEqual([]);
  });

  it('refuses bad bets with a code', async () => {
    const c = await player('198.18.15.3');
    const bad = async (body: Json, code: string) => {
      const res = await c.post('/wps/house/double/bet', body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.code).toBe(code);
    };
    await bad({ gameCode: 'BGS_DOUBLE', amountMinor: 1000, pick: 'green' }, 'validation_failed');
    await bad({ gameCode: 'BGS_DOUBLE', amountMinor: 5, pick: 'red' }, 'house_bet_out_of_range');
    await bad({ gameCode: 'BGS_DICE', amountMinor: 1000, pick: 'red' }, 'house_game_not_found');
    expect(
      (
        await createClient(t.app).post('/wps/house/double/bet', {
          gameCode: 'BGS_DOUBLE',
          amountMinor: 1000,
          pick: 'red',
        })
      ).body.code,
    ).toBe('not_logged_in');
  });

  it('publishes the wheel on house.double: the round, bets, and the result once the bets are paid', async () => {
    const game = 'BGS_DOUBLE_TURBO';
    const frames: Json[] = [];
    const listener = { sendText: (frame: string) => frames.push(JSON.parse(frame).data as Json) };
    t.app.services.realtime.subscribe(listener, 'house.double');
    const seen = (test: (event: Json) => boolean) =>
      vi.waitFor(
        () => {
          const found = frames.find((f) => f.gameCode === game && test(f));
          if (!found) throw new Error('not yet published');
          return found;
        },
        { timeout: 15_000, interval: 50 },
      );
    try {
      const a = await player('198.18.15.20');
      const open = (await a.get(`/wps/house/double/state?gameCode=${game}`)).body.value as Json;
      expect(await seen((f) => f.kind === 'round')).toMatchObject({
        roundId: open.round.id,
        chainIndex: open.round.chainIndex,
      });
      const before = await balance(a);
      await a.post('/wps/house/double/bet', { gameCode: game, amountMinor: 1000, pick: 'white' });
      expect(await seen((f) => f.kind === 'bet')).toMatchObject({
        roundId: open.round.id,
        pick: 'white',
        stakeMinor: 1000,
      });
      // The clock ends the countdown by itself (no read needed) and publishes the result.
      await sql`UPDATE house_rounds SET betting_ends_at = now() - interval '1 second'
        WHERE game_code = ${game} AND status = 'betting'`.execute(t.db);
      const result = await seen((f) => f.kind === 'result');
      expect(result.slot).toBe(doubleSlot(result.gameHash, open.salt));
      // Published after the payment: the balance already says what the slot paid.
      const white = Math.floor((1000 * 9700 * 15) / 10_000);
      expect(await balance(a)).toBe(before - 1000 + (result.slot === 0 ? white : 0));
    } finally {
      t.app.services.realtime.unsubscribe(listener, 'house.double');
    }
  });
});
