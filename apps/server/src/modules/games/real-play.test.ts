import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_PAM_API_KEY } from '../../config';
import { seedDemoVendorIntegrations } from '../../demo/vendor-integrations';
import { createClient, type TestClient } from '../../../test/client';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import { maskedName } from '.';

/**
 * Winner board and hot games from real play (issue 12 §6): rounds settled through /pam reach
 * the games module as `bet.settled` events; big wins go on the board (ahead of the seeded ones)
 * and the most played games lead the hot list, each once per round however often it arrives.
 */
describe.each(ENGINES)('winners and hot from real play (%s)', (engine) => {
  let t: TestApp;
  let seq = 0;
  const uid = (p: string) => `${p}-${engine}-${++seq}`;
  let games: { id: number; code: string }[];
  let player: { c: TestClient; id: number; username: string };

  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedDemoVendorIntegrations(t.db, { pamApiKey: DEV_PAM_API_KEY });
    const rows = await sql<{ id: number; game_code: string }>`
      SELECT id, game_code FROM games WHERE vendor_code = 'PG' AND NOT is_hot ORDER BY id LIMIT 2`.execute(
      t.db,
    );
    games = rows.rows.map((r) => ({ id: Number(r.id), code: r.game_code }));
    const username = `realplay${engine[0]}42`;
    const c = createClient(t.app, { ip: '198.18.9.1' });
    const reg = await c.register({
      username,
      password: 'real@2026',
      confirmPassword: 'real@2026',
    });
    const id = reg.body.value.member.id as number;
    await t.app.services.wallet.adjust({
      member: { memberId: id, merchantCode: 'BANCA', currency: 'BRL' },
      amountMinor: 100_000,
      reason: 'test',
      operatorId: 'test',
      idempotencyKey: uid('credit'),
    });
    player = { c, id, username };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** One round through /pam: WITHDRAW `stake`, DEPOSIT `payout` with the game over. */
  async function play(gameCode: string, stake: number, payout: number): Promise<string> {
    const { token } = await t.app.services.vendors.createGameSession(
      { memberId: player.id, language: 'pt-BR' },
      { vendorCode: 'PG', gameCode },
      'BRL',
      { merchantCode: 'BANCA', countryCode: 'BR' },
    );
    const roundId = uid('round');
    for (const [type, amount] of [
      ['WITHDRAW', stake],
      ['DEPOSIT', payout],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/pam/players/${player.id}/transactions?provider=PG`,
        headers: {
          authorization: `Bearer ${DEV_PAM_API_KEY}`,
          'x-correlation-id': uid('corr'),
          'x-player-token': token,
        },
        payload: {
          currency: 'BRL',
          provider: 'PG',
          transactionType: type,
          cashAmount: amount,
          bonusAmount: 0,
          promoAmount: 0,
          transactionDateTime: new Date().toISOString(),
          providerGameId: gameCode,
          providerTransactionId: uid('tx'),
          providerRoundId: roundId,
          isGameOver: type === 'DEPOSIT',
        },
      });
      expect(res.json().status).toBe('OK');
    }
    return roundId;
  }

  const winners = async () =>
    (await player.c.get('/lgw/games/winners?gameCategory=ALL&limitNum=20')).body.value as {
      displayName: string;
      nodeId: number;
      winAmountMinor: number;
    }[];

  it('puts a big win on the board ahead of the seeded wins, once', async () => {
    const before = await winners();
    expect(before).toHaveLength(20);
    const big = await play(games[0]!.code, 5, 50); // R$ 50 on R$ 5: a win worth telling
    await play(games[0]!.code, 5, 6); // returned a little more than the stake: not
    await play(games[0]!.code, 20, 30); // R$ 30 but not twice the stake: not
    await t.app.events.deliverPending();

    const after = await winners();
    expect(after).toHaveLength(20);
    expect(after[0]).toMatchObject({
      displayName: maskedName(player.username),
      nodeId: games[0]!.id,
      winAmountMinor: 5_000,
    });
    expect(after[0]!.displayName).toBe(`re***${player.username.slice(-2)}`);
    expect(after[1]!.winAmountMinor).toBe(before[0]!.winAmountMinor);
    expect(after.slice(1)).toEqual(before.slice(0, 19));

    // The same event again (a redelivery) adds nothing: the win is kept once per round, the
    // play once per event in its game's hour.
    const round = await sql<{
      id: number;
    }>`SELECT id FROM bet_rounds WHERE round_id = ${big}`.execute(t.db);
    const betRoundId = Number(round.rows[0]!.id);
    const event = await sql<{ id: number }>`SELECT id FROM domain_events
      WHERE type = 'bets.settled' AND payload->'rounds' @> ${JSON.stringify([{ betRoundId }])}::jsonb`.execute(
      t.db,
    );
    const hotRounds = async () =>
      (
        await sql<{ n: number }>`SELECT coalesce(sum(rounds), 0)::int AS n FROM game_play_hours
          WHERE game_id = ${games[0]!.id}`.execute(t.db)
      ).rows[0]!.n;
    const roundsBefore = await hotRounds();
    await t.app.services.lobby.recordSettledRounds(
      [
        {
          id: Number(event.rows[0]!.id),
          rounds: [
            {
              betRoundId,
              memberId: 0,
              merchantCode: 'BANCA',
              vendorCode: 'PG',
              gameCode: games[0]!.code,
              currency: 'BRL',
              stakeMinor: 500,
              payoutMinor: 5_000,
              settledAt: new Date().toISOString(),
            },
          ],
        },
      ],
      async () => 'xx***yy',
    );
    const wins = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM game_winners WHERE bet_round_id = ${betRoundId}`.execute(t.db);
    expect(wins.rows[0]!.n).toBe(1);
    expect(await hotRounds()).toBe(roundsBefore);
    expect((await winners())[1]!.displayName).not.toBe('xx***yy');
  });

  it('leads the hot list with the most played games of the week', async () => {
    for (let i = 0; i < 4; i++) await play(games[1]!.code, 1, 0);
    await t.app.events.deliverPending();
    const hot = (await player.c.get('/lgw/games/hot')).body.value as {
      nodeId: number;
      isHot: number;
    }[];
    // games[1] has 4 rounds, games[0] 3; neither is flagged hot in the catalogue.
    expect(hot.slice(0, 2).map((g) => g.nodeId)).toEqual([games[1]!.id, games[0]!.id]);
    expect(hot[0]!.isHot).toBe(1);
    expect(hot.length).toBeGreaterThan(2); // the seeded hot games fill the rest
    expect(new Set(hot.map((g) => g.nodeId)).size).toBe(hot.length);
    // Another category's list is not led by these slots.
    const live = (await player.c.get('/lgw/games/hot?gameType=LIVE')).body.value as {
      nodeId: number;
    }[];
    expect(live.some((g) => g.nodeId === games[0]!.id || g.nodeId === games[1]!.id)).toBe(false);
  });

  it('forgets rounds older than the hot window', async () => {
    await sql`UPDATE game_play_hours SET hour = hour - interval '8 days'`.execute(t.db);
    await sql`UPDATE game_play_events SET counted_at = counted_at - interval '8 days'`.execute(
      t.db,
    );
    await t.app.jobs.runNow('games.prune-plays');
    const left = await sql<{ n: number }>`SELECT
      (SELECT count(*)::int FROM game_play_hours) + (SELECT count(*)::int FROM game_play_events) AS n`.execute(
      t.db,
    );
    expect(left.rows[0]!.n).toBe(0);
  });
});
