import { crashMsToReach, crashPointE2, previousGameHash } from '@banca/contracts/fairness';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, type TestClient, freePlayer, mainBalanceMinor } from '../../../test/client';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import { checkBetRecords } from '../wallet';
import { checkInvariants } from '../wallet/ledger';
import { signedInOperator } from '../../../test/staff-client';

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

  const player = (ip: string) => freePlayer(t.app, ip);
  const balance = mainBalanceMinor;
  const state = async (c: TestClient) =>
    (await c.get('/wps/house/crash/state?gameCode=BGS_CRASH')).body.value as Json;
  /** The running round started `ms` ago. */
  const startedAgo = (ms: number, gameCode = 'BGS_CRASH') =>
    sql`UPDATE house_rounds SET betting_ends_at = now() - make_interval(secs => ${ms / 1000}),
          started_at = now() - make_interval(secs => ${ms / 1000})
        WHERE game_code = ${gameCode} AND status IN ('betting', 'running')`.execute(t.db);

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

  it('stops a round at its payout limit: the bets still in the air are cashed out at its multiplier', async () => {
    const game = 'BGS_CRASH_ROCKET';
    const bet = (c: TestClient, amountMinor: number, autoCashoutE2: number | null) =>
      c.post('/wps/house/crash/bet', { gameCode: game, amountMinor, autoCashoutE2 });
    const risk = (await signedInOperator(t.app, ['risk'], { ip: '198.51.100.160' })).client;
    // The round limit cannot be under the per-bet max payout.
    const under = await risk.put(`/admin/api/house/games/${game}`, { maxRoundPayoutMinor: 5000 });
    expect(under.body.code).toBe('house_limits_invalid');
    const set = await risk.put(`/admin/api/house/games/${game}`, {
      maxBetMinor: 2000,
      maxPayoutMinor: 6000,
      maxRoundPayoutMinor: 6000,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.value.maxRoundPayoutMinor).toBe(6000);
    const games = (await createClient(t.app).get('/wps/house/games')).body.value.games as Json[];
    expect(games.find((g) => g.gameCode === game)?.maxRoundPayoutMinor).toBe(6000);

    const [a, b, c, d, e] = [
      await player('198.18.17.1'),
      await player('198.18.17.2'),
      await player('198.18.17.3'),
      await player('198.18.17.4'),
      await player('198.18.17.5'),
    ];
    const crashState = async (who: TestClient) =>
      (await who.get(`/wps/house/crash/state?gameCode=${game}`)).body.value as Json;
    const open = await crashState(a);
    expect(open.round).toMatchObject({ status: 'betting', limitMinor: 6000, stakedMinor: 0 });
    const before = await Promise.all([a, b, c, d].map(balance));
    expect((await bet(a, 1000, null)).status).toBe(200);
    expect((await bet(b, 1000, 110)).status).toBe(200);
    expect((await bet(c, 1000, 1000)).status).toBe(200);
    expect((await bet(d, 2000, null)).status).toBe(200);
    // R$ 50 staked of R$ 60: R$ 15 more would pass the limit at 1.00× already.
    const full = await bet(e, 1500, null);
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'house_round_full', data: { remainingMinor: 1000 } });
    expect((await crashState(e)).round.stakedMinor).toBe(5000);

    // The flight (to 10.00×, set here) starts. B leaves by itself at 1.10× (R$ 11); then the other
    // R$ 40 in the air reach R$ 60 − 11 = 49 at 1.22×: the limit's multiplier.
    await sql`UPDATE house_rounds SET result = 1000 WHERE game_code = ${game} AND status = 'betting'`.execute(
      t.db,
    );
    await startedAgo(1_000, game);
    const flying = await crashState(a);
    expect(flying.round).toMatchObject({ status: 'running', capE2: 122, pointE2: null });
    // A cashes out at ~1.06× by the clock: R$ 10.6 paid frees room, the limit moves up.
    const cashed = await a.post('/wps/house/crash/cashout', { gameCode: game });
    expect(cashed.status, JSON.stringify(cashed.body)).toBe(200);
    const paidA = cashed.body.value.payoutMinor as number;
    const moved = Math.floor(((6000 - paidA - 1100) * 100) / 3000);
    expect(moved).toBeGreaterThan(122);
    // The stored 1.22× was reckoned with A still in the air: when the clock reaches it, the
    // limit is computed again and moves up instead of cashing everyone out.
    await startedAgo(crashMsToReach(122) + 100, game);
    const pushed = await crashState(a);
    expect(pushed.round.capE2).toBe(moved);
    expect((pushed.players as Json[]).filter((p) => p.forced)).toEqual([]);

    // Past the limit's multiplier (the round flies on to 10.00×): D's cash-out comes too late.
    await startedAgo(crashMsToReach(moved) + 300, game);
    const late = await d.post('/wps/house/crash/cashout', { gameCode: game });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      code: 'house_cashed_out_by_limit',
      data: { cashoutE2: moved, payoutMinor: Math.floor((2000 * moved) / 100) },
    });
    const players = (await crashState(c)).players as Json[];
    const payouts = players.map((p) => [p.stakeMinor, p.cashoutE2, p.forced]);
    expect(payouts).toEqual(
      expect.arrayContaining([
        [2000, moved, true],
        [1000, moved, true], // C: its 10.00× target never came
        [1000, 110, false], // B: its target, decided by the clock before the limit
        [1000, cashed.body.value.cashoutE2, false],
      ]),
    );
    const total = players.reduce((sum, p) => sum + p.payoutMinor, 0);
    expect(total).toBeLessThanOrEqual(6000);
    expect((await d.post('/wps/house/crash/cashout', { gameCode: game })).body.code).toBe(
      'house_cashed_out_by_limit',
    );

    // The crash at 10.00× changes nothing: each was paid once, at what the list said.
    await startedAgo(38_400, game);
    const crashed = await crashState(a);
    expect(crashed.round).toMatchObject({ status: 'ended', pointE2: 1000 });
    const after = await Promise.all([a, b, c, d].map(balance));
    expect(after[0]! - before[0]!).toBe(paidA - 1000);
    expect(after[1]! - before[1]!).toBe(1100 - 1000);
    expect(after[2]! - before[2]!).toBe(Math.floor((1000 * moved) / 100) - 1000);
    expect(after[3]! - before[3]!).toBe(Math.floor((2000 * moved) / 100) - 2000);
    expect(await checkInvariants(t.db)).toEqual([]);
    expect(await checkBetRecords(t.db)).toEqual([]);
  });

  it('publishes the round on house.crash: opened, bets, the multiplier by the server’s clock, automatic and manual cash-outs, the crash', async () => {
    const game = 'BGS_CRASH_SPACE';
    const frames: Json[] = [];
    const listener = { sendText: (frame: string) => frames.push(JSON.parse(frame).data as Json) };
    t.app.services.realtime.subscribe(listener, 'house.crash');
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
      const [a, b] = [await player('198.18.18.1'), await player('198.18.18.2')];
      const open = (await a.get(`/wps/house/crash/state?gameCode=${game}`)).body.value as Json;
      const round = await seen((f) => f.kind === 'round');
      expect(round).toMatchObject({ roundId: open.round.id, limitMinor: 50_000_000 });
      const beforeB = await balance(b);
      await a.post('/wps/house/crash/bet', {
        gameCode: game,
        amountMinor: 1000,
        autoCashoutE2: null,
      });
      await b.post('/wps/house/crash/bet', {
        gameCode: game,
        amountMinor: 1000,
        autoCashoutE2: 101,
      });
      // Announced together (a frame per bet to every socket would cost too much), no targets.
      const bets = await vi.waitFor(() => {
        const list = frames
          .filter((f) => f.gameCode === game && f.kind === 'bets')
          .flatMap((f) => f.bets as Json[]);
        expect(list).toHaveLength(2);
        return list;
      });
      expect(bets.map((b) => b.stakeMinor)).toEqual([1000, 1000]);
      expect(bets.every((b) => !('autoCashoutE2' in b))).toBe(true);

      // The flight starts (to 5.00×): the server's ticks carry the multiplier of its clock, and
      // B's 1.01× target is cashed out and paid by the clock, before anything crashed.
      await sql`UPDATE house_rounds SET result = 500 WHERE game_code = ${game} AND status = 'betting'`.execute(
        t.db,
      );
      await startedAgo(500, game);
      const tick = await seen((f) => f.kind === 'tick' && f.multiplierE2 >= 103);
      expect(tick.multiplierE2).toBe(Math.floor(100 * Math.exp(0.00006 * tick.elapsedMs)));
      const auto = await seen((f) => f.kind === 'cashouts');
      expect(auto.cashouts).toEqual([
        {
          betId: bets[1]!.betId,
          player: bets[1]!.player,
          cashoutE2: 101,
          payoutMinor: 1010,
          forced: false,
        },
      ]);
      await vi.waitFor(async () => expect(await balance(b)).toBe(beforeB - 1000 + 1010));

      const cashed = await a.post('/wps/house/crash/cashout', { gameCode: game });
      expect(cashed.status, JSON.stringify(cashed.body)).toBe(200);
      const manual = await seen(
        (f) => f.kind === 'cashouts' && f.cashouts.some((c: Json) => c.betId === bets[0]!.betId),
      );
      expect(manual.cashouts).toEqual([
        {
          betId: bets[0]!.betId,
          player: bets[0]!.player,
          cashoutE2: cashed.body.value.cashoutE2,
          payoutMinor: cashed.body.value.payoutMinor,
          forced: false,
        },
      ]);

      await startedAgo(60_000, game);
      const crashed = await seen((f) => f.kind === 'crashed');
      expect(crashed).toMatchObject({ roundId: open.round.id, pointE2: 500 });
      expect(crashed.gameHash).toMatch(/^[0-9a-f]{64}$/);
      expect(await balance(b)).toBe(beforeB - 1000 + 1010);
    } finally {
      t.app.services.realtime.unsubscribe(listener, 'house.crash');
    }
  });

  it('pays, once, a cash-out an instance claimed and stopped before paying (the recovery job)', async () => {
    const c = await player('198.18.19.1');
    // A fresh round open for bets: the one in play crashes, its result has been shown.
    await startedAgo(10_000_000);
    await state(c);
    await sql`UPDATE house_rounds SET ended_at = now() - interval '1 minute'
      WHERE game_code = 'BGS_CRASH' AND status = 'ended'`.execute(t.db);
    const open = await state(c);
    expect(open.round.status).toBe('betting');
    const before = await balance(c);
    await c.post('/wps/house/crash/bet', {
      gameCode: 'BGS_CRASH',
      amountMinor: 1000,
      autoCashoutE2: null,
    });
    // The instance claimed a 1.50× cash-out, then stopped before paying; the round crashed long
    // ago and a newer round is the game's latest (nothing looks back at this one but the job).
    await t.db.transaction().execute(async (trx) => {
      await sql`UPDATE house_round_bets SET status = 'settling', cashout_e2 = 150, payout_minor = 1500
        WHERE round_id = ${open.round.id}`.execute(trx);
      await sql`UPDATE house_rounds SET status = 'ended', result = 300, ended_at = now() - interval '2 minutes',
          game_hash = ${'ab'.repeat(32)} WHERE id = ${open.round.id}`.execute(trx);
      await sql`INSERT INTO house_rounds (game_code, chain_id, chain_index, rtp_bps, status, betting_ends_at, result)
        SELECT game_code, chain_id, chain_index + 5000, rtp_bps, 'betting', now() + interval '1 hour', 200
        FROM house_rounds WHERE id = ${open.round.id}`.execute(trx);
    });
    expect(await balance(c)).toBe(before - 1000);
    await t.app.jobs.runNow('house.recover');
    expect(await balance(c)).toBe(before - 1000 + 1500);
    await t.app.jobs.runNow('house.recover', new Date(Date.now() + 120_000));
    expect(await balance(c)).toBe(before - 1000 + 1500);
    expect(await checkInvariants(t.db)).toEqual([]);
    expect(await checkBetRecords(t.db)).toEqual([]);
  });
});
