import { crashPointE2, previousGameHash } from '@banca/contracts/fairness';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type TestClient } from '../../../test/client';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import { checkBetRecords } from '../wallet';
import { checkInvariants } from '../wallet/ledger';

/**
 * Crash (issue 14 §2): bets during the countdown; a manual cash-out pays the multiplier of the
 * server's clock, once; an automatic one pays its target when the point reaches it; the rest
 * lose; after the crash nothing cashes out. The point comes from the chain's game hash and salt
 * (recomputed with the browser's functions) and each round's hash links to the previous one.
 * The test moves a round's clock by editing its start, instead of waiting.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
type Json = Record<string, any>;

describe.each(ENGINES)('crash (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  }, 120_000);
  afterAll(() => t?.close());

  async function player(ip: string): Promise<TestClient> {
    const c = createClient(t.app, { ip, language: 'en' });
    const free = await c.post('/wps/session/login/freeplay', { os: 'web', platform: 'W' });
    c.setToken(free.body.value.token);
    return c;
  }
  const balance = async (c: TestClient) =>
    (await c.get('/wps/v2/wallets/balance')).body.value.main.balanceMinor as number;
  const state = async (c: TestClient) =>
    (await c.get('/wps/house/crash/state?gameCode=BGS_CRASH')).body.value as Json;
  /** The running round started `ms` ago. */
  const startedAgo = (ms: number) =>
    sql`UPDATE house_rounds SET betting_ends_at = now() - make_interval(secs => ${ms / 1000}),
          started_at = now() - make_interval(secs => ${ms / 1000})
        WHERE game_code = 'BGS_CRASH' AND status IN ('betting', 'running')`.execute(t.db);

  it('cashes out by the server’s clock, automatically at a target, and never after the crash', async () => {
    const [a, b, c] = [
      await player('198.18.16.1'),
      await player('198.18.16.2'),
      await player('198.18.16.3'),
    ];
    const open = await state(a);
    expect(open.round.status).toBe('betting');
    expect(open.round.pointE2).toBeNull();
    const before = [await balance(a), await balance(b), await balance(c)];
    expect(
      (
        await a.post('/wps/house/crash/bet', {
          gameCode: 'BGS_CRASH',
          amountMinor: 1000,
          autoCashoutE2: null,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await b.post('/wps/house/crash/bet', {
          gameCode: 'BGS_CRASH',
          amountMinor: 1000,
          autoCashoutE2: 200,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await c.post('/wps/house/crash/bet', {
          gameCode: 'BGS_CRASH',
          amountMinor: 1000,
          autoCashoutE2: null,
        })
      ).status,
    ).toBe(200);
    expect(await balance(a)).toBe(before[0]! - 1000);
    // Cash-out before the start: refused.
    expect((await a.post('/wps/house/crash/cashout', { gameCode: 'BGS_CRASH' })).body.code).toBe(
      'house_round_over',
    );
    // This round crashes at 3.00× (set by the test), and started 7 s ago: the multiplier is ~1.52×.
    await sql`UPDATE house_rounds SET result = 300 WHERE game_code = 'BGS_CRASH' AND status = 'betting'`.execute(
      t.db,
    );
    await startedAgo(7_000);
    const running = await state(a);
    expect(running.round.status).toBe('running');
    expect(running.round.pointE2).toBeNull();
    const cashed = await a.post('/wps/house/crash/cashout', { gameCode: 'BGS_CRASH' });
    expect(cashed.status, JSON.stringify(cashed.body)).toBe(200);
    const m = cashed.body.value.cashoutE2 as number;
    expect(m).toBeGreaterThanOrEqual(152);
    expect(m).toBeLessThan(160);
    expect(cashed.body.value.payoutMinor).toBe(Math.floor((1000 * m) / 100));
    expect((await a.post('/wps/house/crash/cashout', { gameCode: 'BGS_CRASH' })).body.code).toBe(
      'house_round_over',
    );
    const players = (await state(b)).players as Json[];
    expect(players.find((p) => p.cashoutE2 === m)).toBeTruthy();
    // Past 3.00×: crashed. B's automatic 2.00× won, C lost, nobody cashes out any more.
    await startedAgo(19_000);
    const ended = await state(c);
    expect(ended.round).toMatchObject({ status: 'ended', pointE2: 300 });
    expect((await c.post('/wps/house/crash/cashout', { gameCode: 'BGS_CRASH' })).body.code).toBe(
      'house_round_over',
    );
    expect(await balance(a)).toBe(before[0]! - 1000 + Math.floor((1000 * m) / 100));
    expect(await balance(b)).toBe(before[1]! - 1000 + 2000);
    expect(await balance(c)).toBe(before[2]! - 1000);

    // The next rounds: their points from the chain, each hash linked to the one before.
    await sql`UPDATE house_rounds SET ended_at = now() - interval '1 minute' WHERE game_code = 'BGS_CRASH'`.execute(
      t.db,
    );
    const next = await state(a);
    expect(next.round.status).toBe('betting');
    await startedAgo(10_000_000);
    // Long crashed (its result shown and gone): the newest of the history, a new round open.
    const later = await state(a);
    const crashed = later.history[0] as Json;
    expect(crashed.id).toBe(next.round.id);
    expect(crashed.pointE2).toBe(crashPointE2(crashed.gameHash, later.salt, 9700));
    expect(previousGameHash(crashed.gameHash)).toBe(ended.round.gameHash);
    expect(previousGameHash(ended.round.gameHash)).toBe(open.commitment);
    expect(await checkInvariants(t.db)).toEqual([]);
    expect(await checkBetRecords(t.db)).toEqual([]);
  });

  it('refuses bad crash bets with a code', async () => {
    const c = await player('198.18.16.9');
    await sql`UPDATE house_rounds SET ended_at = now() - interval '1 minute' WHERE game_code = 'BGS_CRASH' AND status = 'ended'`.execute(
      t.db,
    );
    const bad = async (body: Json, code: string) => {
      const res = await c.post('/wps/house/crash/bet', body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.code).toBe(code);
    };
    await bad(
      { gameCode: 'BGS_CRASH', amountMinor: 1000, autoCashoutE2: 100 },
      'validation_failed',
    );
    await bad(
      { gameCode: 'BGS_CRASH', amountMinor: 5, autoCashoutE2: null },
      'house_bet_out_of_range',
    );
    await bad(
      { gameCode: 'BGS_DOUBLE', amountMinor: 1000, autoCashoutE2: null },
      'house_game_not_found',
    );
    expect(
      (
        await c.post('/wps/house/crash/bet', {
          gameCode: 'BGS_CRASH',
          amountMinor: 1000,
          autoCashoutE2: null,
        })
      ).status,
    ).toBe(200);
    await bad(
      { gameCode: 'BGS_CRASH', amountMinor: 1000, autoCashoutE2: null },
      'house_already_bet',
    );
  });
});
