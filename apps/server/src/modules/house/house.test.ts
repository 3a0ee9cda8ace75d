import { createHash } from 'node:crypto';
import { personalOutcome, type PersonalBet } from '@banca/contracts/fairness';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type TestClient } from '../../../test/client';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import { signedInOperator } from '../../../test/staff-client';
import { checkBetRecords } from '../wallet';
import { checkInvariants } from '../wallet/ledger';

/**
 * House games through the real app (issue 14 §1–2), on both engines: every bet moves the main
 * balance by exactly −stake + payout, once, each round a bet record of vendor BGS; rotating the
 * seed pair reveals a server seed whose SHA-256 is the commitment shown before, and every round
 * played with it recomputes (in the pure functions the browser uses) to what was paid. Bad
 * input answers a code, never a 5xx, and moves nothing.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
type Json = Record<string, any>;

describe.each(ENGINES)('house games (%s)', (engine) => {
  let t: TestApp;
  let ip = 0;

  beforeAll(async () => {
    t = await startTestApp(engine);
  }, 120_000);
  afterAll(() => t?.close());

  /** A free-play member: R$ 1.000,00 of demo credit. */
  async function player(): Promise<TestClient> {
    ip += 1;
    const c = createClient(t.app, { ip: `198.18.14.${ip}`, language: 'en' });
    const free = await c.post('/wps/session/login/freeplay', { os: 'web', platform: 'W' });
    expect(free.status, JSON.stringify(free.body)).toBe(200);
    c.setToken(free.body.value.token);
    return c;
  }

  async function balance(c: TestClient): Promise<number> {
    return (await c.get('/wps/v2/wallets/balance')).body.value.main.balanceMinor as number;
  }

  function expectCode(res: { status: number; body: Json }, code: string) {
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).toBe(code);
    expect(typeof res.body.message).toBe('string');
  }

  async function books() {
    expect(await checkInvariants(t.db)).toEqual([]);
    expect(await checkBetRecords(t.db)).toEqual([]);
  }

  it('lists the games with their RTP and limits, to visitors too', async () => {
    const res = await createClient(t.app).get('/wps/house/games');
    expect(res.status).toBe(200);
    const dice = (res.body.value.games as Json[]).find((g) => g.gameCode === 'BGS_DICE');
    expect(dice).toMatchObject({ engine: 'dice', rtpBps: 9900, enabled: true });
  });

  it('plays dice, limbo and plinko: −stake + payout each, bet records of BGS, and every round verifies after rotation', async () => {
    const c = await player();
    const seeds = (await c.get('/wps/house/seeds')).body.value;
    expect(seeds.active.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(seeds.active.serverSeed).toBeNull();
    let expected = await balance(c);
    const bets: Json[] = [];
    const plays: [string, Json][] = [];
    for (let i = 0; i < 6; i++) {
      plays.push([
        'dice',
        { gameCode: 'BGS_DICE', amountMinor: 100, targetE2: 4000 + i * 500, over: i % 2 === 0 },
      ]);
      plays.push(['limbo', { gameCode: 'BGS_LIMBO', amountMinor: 100, targetE2: 150 + i * 40 }]);
      plays.push([
        'plinko',
        {
          gameCode: 'BGS_PLINKO',
          amountMinor: 100,
          rows: 8 + i,
          risk: ['low', 'medium', 'high'][i % 3],
        },
      ]);
    }
    for (const [game, body] of plays) {
      const res = await c.post(`/wps/house/${game}`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const bet = res.body.value as Json;
      expect(bet.status).toBe('settled');
      expected += bet.payoutMinor - bet.stakeMinor;
      expect(bet.balanceMinor).toBe(expected);
      bets.push(bet);
    }
    expect(bets.map((b) => b.nonce)).toEqual(bets.map((_, i) => i));
    expect(await balance(c)).toBe(expected);

    // The bet records: one BGS round per bet, stake and payout as paid.
    const memberId = (await c.get('/wps/member/info')).body.value.id as number;
    const { rows } = await sql<{
      round_id: string;
      stake_minor: string;
      payout_minor: string;
      status: string;
    }>`
      SELECT round_id, stake_minor, payout_minor, status FROM bet_rounds
      WHERE member_id = ${memberId} AND vendor_code = 'BGS' ORDER BY id`.execute(t.db);
    expect(
      rows.map((r) => [r.round_id, Number(r.stake_minor), Number(r.payout_minor), r.status]),
    ).toEqual(bets.map((b) => [`H${b.id}`, b.stakeMinor, b.payoutMinor, 'settled']));
    await books();

    // Rotation reveals the server seed; its SHA-256 is the commitment shown before play.
    const rotated = await c.post('/wps/house/seeds/rotate', { clientSeed: 'my lucky seed' });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const revealed = rotated.body.value.revealed as Json;
    expect(revealed.serverSeedHash).toBe(seeds.active.serverSeedHash);
    expect(createHash('sha256').update(revealed.serverSeed).digest('hex')).toBe(
      seeds.active.serverSeedHash,
    );
    expect(revealed.nonce).toBe(bets.length);
    expect(rotated.body.value.active.clientSeed).toBe('my lucky seed');
    expect(rotated.body.value.active.nonce).toBe(0);

    // Every round recomputes from the revealed seeds, in the functions the browser uses.
    const page = (await c.get('/wps/house/bets?pageSize=50')).body.value;
    expect(page.list).toHaveLength(bets.length);
    for (const bet of page.list as Json[]) {
      expect(bet.serverSeed).toBe(revealed.serverSeed);
      const again = personalOutcome(
        { serverSeed: bet.serverSeed, clientSeed: bet.clientSeed, nonce: bet.nonce },
        { engine: bet.engine, ...bet.params } as PersonalBet,
        bet.rtpBps,
      ) as Json;
      expect(again.multiplierE4).toBe(bet.multiplierE4);
      expect(Math.floor((bet.stakeMinor * bet.multiplierE4) / 10_000)).toBe(bet.payoutMinor);
    }
  });

  it('plays mines: a layout fixed at bet time, reveal, refuse an opened tile, cash out, nothing after the end', async () => {
    const c = await player();
    const before = await balance(c);
    const start = await c.post('/wps/house/mines', {
      gameCode: 'BGS_MINES',
      amountMinor: 500,
      mines: 3,
    });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const bet = start.body.value as Json;
    expect(bet.status).toBe('open');
    expect(bet.outcome.mineTiles).toBeUndefined();
    expect(await balance(c)).toBe(before - 500);
    // A second round of the same game, or new seeds, while this one is open: refused.
    expectCode(
      await c.post('/wps/house/mines', { gameCode: 'BGS_MINES', amountMinor: 500, mines: 3 }),
      'house_round_open',
    );
    expectCode(await c.post('/wps/house/seeds/rotate', {}), 'house_round_open');
    expect((await c.get('/wps/house/mines/active?gameCode=BGS_MINES')).body.value.id).toBe(bet.id);

    // The test peeks at the layout the seeds fixed, to play safe tiles.
    const { rows } = await sql<{
      outcome: Json | string;
    }>`SELECT outcome FROM house_bets WHERE id = ${bet.id}`.execute(t.db);
    const raw = rows[0]!.outcome;
    const mines = (typeof raw === 'string' ? JSON.parse(raw) : raw).mineTiles as number[];
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((i) => !mines.includes(i));
    const first = await c.post('/wps/house/mines/reveal', { betId: bet.id, tile: safe[0] });
    expect(first.body.value).toMatchObject({
      status: 'open',
      revealed: [safe[0]],
      multiplierE4: 11250,
    });
    expectCode(
      await c.post('/wps/house/mines/reveal', { betId: bet.id, tile: safe[0] }),
      'house_tile_opened',
    );
    await c.post('/wps/house/mines/reveal', { betId: bet.id, tile: safe[1] });
    const cashed = await c.post('/wps/house/mines/cashout', { betId: bet.id });
    expect(cashed.status, JSON.stringify(cashed.body)).toBe(200);
    const paid = cashed.body.value as Json;
    expect(paid.status).toBe('settled');
    expect(paid.outcome.mineTiles).toEqual(mines);
    expect(paid.payoutMinor).toBe(Math.floor((500 * paid.multiplierE4) / 10_000));
    expect(await balance(c)).toBe(before - 500 + paid.payoutMinor);
    expectCode(await c.post('/wps/house/mines/cashout', { betId: bet.id }), 'house_round_over');
    expectCode(
      await c.post('/wps/house/mines/reveal', { betId: bet.id, tile: safe[2] }),
      'house_round_over',
    );

    // A mine ends the round with nothing paid.
    const next = (
      await c.post('/wps/house/mines', { gameCode: 'BGS_MINES', amountMinor: 500, mines: 24 })
    ).body.value as Json;
    const layout = await sql<{
      outcome: Json | string;
    }>`SELECT outcome FROM house_bets WHERE id = ${next.id}`.execute(t.db);
    const o = layout.rows[0]!.outcome;
    const tiles = (typeof o === 'string' ? JSON.parse(o) : o).mineTiles as number[];
    const boom = await c.post('/wps/house/mines/reveal', { betId: next.id, tile: tiles[0] });
    expect(boom.body.value).toMatchObject({ status: 'settled', payoutMinor: 0 });
    expect(await balance(c)).toBe(before - 1000 + paid.payoutMinor);
    expectCode(await c.post('/wps/house/mines/cashout', { betId: next.id }), 'house_round_over');
    await books();
  });

  it('refuses bad input with a code, in the member’s language, and moves nothing', async () => {
    const c = await player();
    const before = await balance(c);
    expectCode(
      await c.post('/wps/house/dice', {
        gameCode: 'BGS_DICE',
        amountMinor: 5,
        targetE2: 5000,
        over: true,
      }),
      'house_bet_out_of_range',
    );
    expectCode(
      await c.post('/wps/house/dice', {
        gameCode: 'BGS_DICE',
        amountMinor: 100,
        targetE2: 9950,
        over: true,
      }),
      'house_target_out_of_range',
    );
    expectCode(
      await c.post('/wps/house/dice', {
        gameCode: 'BGS_LIMBO',
        amountMinor: 100,
        targetE2: 5000,
        over: true,
      }),
      'house_game_not_found',
    );
    expectCode(
      await c.post('/wps/house/dice', {
        gameCode: 'NOPE',
        amountMinor: 100,
        targetE2: 5000,
        over: true,
      }),
      'house_game_not_found',
    );
    expectCode(
      await c.post('/wps/house/dice', {
        gameCode: 'BGS_DICE',
        amountMinor: 100,
        targetE2: 10001,
        over: true,
      }),
      'validation_failed',
    );
    expectCode(
      await c.post('/wps/house/dice', {
        gameCode: 'BGS_DICE',
        amountMinor: 1.5,
        targetE2: 5000,
        over: true,
      }),
      'validation_failed',
    );
    expectCode(
      await c.post('/wps/house/limbo', {
        gameCode: 'BGS_LIMBO',
        amountMinor: 100_000,
        targetE2: 100_000_000,
      }),
      'house_max_payout',
    );
    expectCode(
      await c.post('/wps/house/limbo', { gameCode: 'BGS_LIMBO', amountMinor: 100, targetE2: 100 }),
      'validation_failed',
    );
    expectCode(
      await c.post('/wps/house/plinko', {
        gameCode: 'BGS_PLINKO',
        amountMinor: 100,
        rows: 17,
        risk: 'low',
      }),
      'validation_failed',
    );
    expectCode(
      await c.post('/wps/house/mines', { gameCode: 'BGS_MINES', amountMinor: 100, mines: 25 }),
      'validation_failed',
    );
    expectCode(
      await c.post('/wps/house/mines/reveal', { betId: 999_999, tile: 1 }),
      'house_round_not_found',
    );
    expectCode(
      await c.post('/wps/house/seeds/rotate', { clientSeed: 'x'.repeat(65) }),
      'validation_failed',
    );
    expectCode(
      await c.post('/wps/house/seeds/rotate', { clientSeed: 'bad\u0000seed' }),
      'validation_failed',
    );
    expectCode(await c.post('/wps/house/seeds/rotate', { clientSeed: '   ' }), 'validation_failed');
    const pt = createClient(t.app, { language: 'pt-BR' });
    pt.setToken(c.token);
    const ptAnswer = await pt.post('/wps/house/dice', {
      gameCode: 'BGS_DICE',
      amountMinor: 5,
      targetE2: 5000,
      over: true,
    });
    expect(ptAnswer.body.message).toMatch(/aposta deve estar entre/);
    // More than the member holds: refused by the ledger, no round written.
    const memberId = (await c.get('/wps/member/info')).body.value.id as number;
    await t.app.services.house.updateGame('BGS_DICE_CLASSIC', { max_bet_minor: 5_000_000 });
    expectCode(
      await c.post('/wps/house/dice', {
        gameCode: 'BGS_DICE_CLASSIC',
        amountMinor: 5_000_000,
        targetE2: 5000,
        over: true,
      }),
      'insufficient_funds',
    );
    const { rows } = await sql`SELECT 1 FROM bet_rounds WHERE member_id = ${memberId}`.execute(
      t.db,
    );
    expect(rows).toEqual([]);
    expect(await balance(c)).toBe(before);
    // Visitors cannot play.
    expectCode(
      await createClient(t.app).post('/wps/house/dice', {
        gameCode: 'BGS_DICE',
        amountMinor: 100,
        targetE2: 5000,
        over: true,
      }),
      'not_logged_in',
    );
    await books();
  });

  it('gives concurrent bets their own nonces and moves the money of each once', async () => {
    const c = await player();
    const before = await balance(c);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        c.post('/wps/house/dice', {
          gameCode: 'BGS_DICE',
          amountMinor: 200,
          targetE2: 5000 + i,
          over: true,
        }),
      ),
    );
    const bets = answers.map((a) => {
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      return a.body.value as Json;
    });
    expect(new Set(bets.map((b) => b.nonce)).size).toBe(12);
    const net = bets.reduce((s, b) => s + b.payoutMinor - b.stakeMinor, 0);
    expect(await balance(c)).toBe(before + net);
    await books();
  });

  it('gives operators the P&L per game and a kill switch, by role, audited', async () => {
    const c = await player();
    const bet = (
      await c.post('/wps/house/limbo', {
        gameCode: 'BGS_LIMBO_MAX',
        amountMinor: 300,
        targetE2: 200,
      })
    ).body.value as Json;
    const risk = (await signedInOperator(t.app, ['risk'], { ip: '198.51.100.140' })).client;
    const support = (await signedInOperator(t.app, ['support'], { ip: '198.51.100.141' })).client;
    const list = await risk.get('/admin/api/house/games?days=1');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const limbo = (list.body.value.games as Json[]).find((g) => g.gameCode === 'BGS_LIMBO_MAX')!;
    expect(limbo).toMatchObject({
      bets: 1,
      stakeMinor: 300,
      payoutMinor: bet.payoutMinor,
      profitMinor: 300 - bet.payoutMinor,
      enabled: true,
    });
    expect((await support.get('/admin/api/house/games')).body.code).toBe('staff_role_required');
    expect(
      (await support.put('/admin/api/house/games/BGS_LIMBO_MAX', { enabled: false })).body.code,
    ).toBe('staff_role_required');

    const off = await risk.put('/admin/api/house/games/BGS_LIMBO_MAX', { enabled: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expectCode(
      await c.post('/wps/house/limbo', {
        gameCode: 'BGS_LIMBO_MAX',
        amountMinor: 300,
        targetE2: 200,
      }),
      'house_game_disabled',
    );
    expect(
      (await c.get('/wps/house/games')).body.value.games.find(
        (g: Json) => g.gameCode === 'BGS_LIMBO_MAX',
      ).enabled,
    ).toBe(false);
    expectCode(
      await risk.put('/admin/api/house/games/BGS_LIMBO_MAX', {
        minBetMinor: 500,
        maxBetMinor: 100,
      }),
      'house_limits_invalid',
    );
    expectCode(
      await risk.put('/admin/api/house/games/NOPE', { enabled: true }),
      'house_game_not_found',
    );
    expectCode(await risk.put('/admin/api/house/games/BGS_LIMBO_MAX', {}), 'validation_failed');
    expect((await risk.put('/admin/api/house/games/BGS_LIMBO_MAX', { enabled: true })).status).toBe(
      200,
    );
    expect(
      (
        await c.post('/wps/house/limbo', {
          gameCode: 'BGS_LIMBO_MAX',
          amountMinor: 300,
          targetE2: 200,
        })
      ).status,
    ).toBe(200);
    const { rows } = await sql<{
      action: string;
    }>`SELECT action FROM operator_audit WHERE subject = 'house-game:BGS_LIMBO_MAX' ORDER BY id`.execute(
      t.db,
    );
    expect(rows.map((r) => r.action)).toEqual(['house.game.disable', 'house.game.enable']);
    await books();
  });

  it('finishes a bet an instance left half-done, once, by the recovery job', async () => {
    const c = await player();
    const memberId = (await c.get('/wps/member/info')).body.value.id as number;
    const before = await balance(c);
    // A won dice bet as an instance would leave it when stopped right after writing the bet
    // (nonce taken, outcome decided, no money moved yet).
    await c.get('/wps/house/seeds');
    const stopped = await c.post('/wps/house/dice', {
      gameCode: 'BGS_DICE',
      amountMinor: 100,
      targetE2: 200,
      over: true,
    });
    expect(stopped.status).toBe(200);
    const { rows: seedRows } = await sql<{
      id: string;
    }>`SELECT id FROM house_seeds WHERE member_id = ${memberId} AND status = 'active'`.execute(
      t.db,
    );
    await sql`INSERT INTO house_bets (merchant_code, member_id, currency, game_code, engine, seed_id, nonce, client_seed,
                                      rtp_bps, params, stake_minor, outcome, multiplier_e4, payout_minor, status, created_at)
              VALUES ('BANCA', ${memberId}, 'BRL', 'BGS_DICE', 'dice', ${seedRows[0]!.id}, 999, 'x', 9900,
                      '{"targetE2":200,"over":true}', 250, '{"rollE2":9000,"win":true}', 10101, 252, 'pending',
                      now() - interval '5 minutes')`.execute(t.db);
    const paidBefore = before - 100 + (stopped.body.value.payoutMinor as number);
    expect(await balance(c)).toBe(paidBefore);
    await t.app.jobs.runNow('house.recover');
    expect(await balance(c)).toBe(paidBefore - 250 + 252);
    const { rows } = await sql<{
      status: string;
    }>`SELECT status FROM house_bets WHERE nonce = 999 AND member_id = ${memberId}`.execute(t.db);
    expect(rows[0]!.status).toBe('settled');
    await t.app.jobs.runNow('house.recover', new Date(Date.now() + 120_000));
    expect(await balance(c)).toBe(paidBefore - 250 + 252);
    await books();
  });
});
