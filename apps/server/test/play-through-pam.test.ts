import { launchGameResponseSchema, type Balances } from '@banca/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProviderCatalogue } from '../../demo-provider/src/catalogue';
import { createDemoProvider, type DemoProvider } from '../../demo-provider/src/server';
import { DEV_PAM_API_KEY } from '../src/config';
import {
  demoProviderLaunchTemplate,
  seedDemoVendorIntegrations,
} from '../src/demo/vendor-integrations';
import { checkBetRecords } from '../src/modules/wallet';
import { checkInvariants } from '../src/modules/wallet/ledger';
import { createClient, type TestClient } from './client';
import { ENGINES, startTestApp, type TestApp } from './harness';
import { seedMember } from './seeds';

/**
 * A player plays (issue 12 §2, §4): the platform listening on a random port and the demo game
 * provider on another, talking over real HTTP only (the provider settles through /pam with the
 * development key). A member launches a slot through /wps/game/launchGame, the provider's game
 * page spins it as the page does (POST /api/spin with the launch token), and the member's main
 * balance moves by exactly −stake + payout, with the round in the bet records and the books
 * balanced.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
type Json = Record<string, any>;

/** The provider's catalogue takes a moment to build (RTP tuning): once for every engine. */
const catalogue = buildProviderCatalogue();

describe.each(ENGINES)('a player plays a slot through /pam (%s)', (engine) => {
  let t: TestApp;
  let provider: DemoProvider;
  let providerUrl: string;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');
    provider = createDemoProvider({
      pamUrl: `http://127.0.0.1:${address.port}/pam`,
      apiKey: DEV_PAM_API_KEY,
      catalogue,
    });
    providerUrl = await provider.listen(0, '127.0.0.1');
    await seedDemoVendorIntegrations(t.db, {
      pamApiKey: DEV_PAM_API_KEY,
      launchTemplate: demoProviderLaunchTemplate(providerUrl),
    });
  }, 120_000);
  afterAll(async () => {
    await provider?.app.close();
    await t?.close();
  });

  async function balances(c: TestClient): Promise<Balances> {
    const res = await c.get('/wps/v2/wallets/balance');
    expect(res.status).toBe(200);
    return res.body.value as Balances;
  }

  /** A slot of the demo catalogue that is not under maintenance. */
  async function aSlot(c: TestClient): Promise<{ nodeId: number; gameCode: string }> {
    const res = await c.get('/lgw/games/list?gameType=RNG&vassalage=PG&pageSize=30');
    const game = (res.body.value.games as Json[]).find(
      (g) => !g.maintenance && g.isGame === 'GAME',
    );
    if (!game) throw new Error('no playable slot');
    return { nodeId: game.nodeId as number, gameCode: game.gameCode as string };
  }

  /** The provider's page API, called as src/pages/client.ts does. */
  async function page(path: string, ident: Json, body: Json = {}): Promise<Json> {
    const res = await fetch(`${providerUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ident, ...body }),
    });
    const answer = (await res.json()) as Json;
    expect(res.status, JSON.stringify(answer)).toBe(200);
    return answer;
  }

  /** Launches through the lobby route and opens the game as the framed page does. */
  async function launch(c: TestClient, nodeId: number) {
    const res = await c.post('/wps/game/launchGame', { nodeId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { url, game } = launchGameResponseSchema.parse(res.body.value);
    expect(url.startsWith(`${providerUrl}/play/${game.vassalage}/${game.gameCode}?`)).toBe(true);
    const address = new URL(url);
    const ident = {
      token: address.searchParams.get('token'),
      game: game.gameCode,
      vendor: game.vassalage,
    };
    expect(ident.token).toHaveLength(40);
    const session = await page('/api/session', ident);
    return { ident, session, game };
  }

  it('moves the main balance by exactly −stake + payout per spin, each round a settled bet', async () => {
    const c = createClient(t.app, { ip: '198.18.7.1' });
    expect((await c.login('demo', 'demo@2026')).body.success).toBe(true);
    const memberId = (await c.get('/wps/member/info')).body.value.id as number;
    await t.app.services.wallet.adjust({
      member: { memberId, merchantCode: 'BANCA', currency: 'BRL' },
      amountMinor: 100_000,
      reason: 'test',
      operatorId: 'test',
      idempotencyKey: `play-fund-${engine}`,
    });
    const slot = await aSlot(c);
    const { ident, session } = await launch(c, slot.nodeId);
    const before = await balances(c);
    expect(session.balanceMinor).toBe(before.main.balanceMinor);
    expect(session.type).toBe('slot');

    let expected = before.main.balanceMinor;
    const rounds: { roundId: string; stakeMinor: number; payoutMinor: number }[] = [];
    for (let spin = 0; spin < 5; spin++) {
      const stakeMinor = session.stakesMinor[spin % session.stakesMinor.length] as number;
      const answer = await page('/api/spin', ident, { stakeMinor });
      expect(answer.payoutPending).toBe(false);
      expected += answer.payoutMinor - stakeMinor;
      expect(answer.balanceMinor).toBe(expected);
      rounds.push({ roundId: answer.roundId, stakeMinor, payoutMinor: answer.payoutMinor });
    }
    const after = await balances(c);
    expect(after.main.balanceMinor).toBe(expected);

    const { rows } = await sql<{
      round_id: string;
      stake_minor: string;
      payout_minor: string;
      status: string;
      game_code: string;
    }>`SELECT round_id, stake_minor, payout_minor, status, game_code FROM bet_rounds
       WHERE member_id = ${memberId} ORDER BY id`.execute(t.db);
    expect(
      rows.map((r) => ({
        roundId: r.round_id,
        stakeMinor: Number(r.stake_minor),
        payoutMinor: Number(r.payout_minor),
      })),
    ).toEqual(rounds);
    expect(rows.every((r) => r.status === 'settled' && r.game_code === slot.gameCode)).toBe(true);
    expect(await checkInvariants(t.db)).toEqual([]);
    expect(await checkBetRecords(t.db)).toEqual([]);
  });

  it('lets a free-play member try a slot with the demo credit', async () => {
    const c = createClient(t.app, { ip: '198.18.7.2' });
    const free = await c.post('/wps/session/login/freeplay', { os: 'web', platform: 'W' });
    expect(free.body.value.isTrial).toBe(true);
    c.setToken(free.body.value.token);
    const before = await balances(c);
    expect(before.main.balanceMinor).toBeGreaterThan(0);
    const { ident, session } = await launch(c, (await aSlot(c)).nodeId);
    const stakeMinor = session.stakesMinor[0] as number;
    const answer = await page('/api/spin', ident, { stakeMinor });
    expect((await balances(c)).main.balanceMinor).toBe(
      before.main.balanceMinor - stakeMinor + answer.payoutMinor,
    );
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('refuses a spin the member cannot pay, and moves nothing', async () => {
    const memberId = await seedMember(t.db);
    const c = createClient(t.app, { ip: '198.18.7.3' });
    const slot = await aSlot(c);
    const { token } = await t.app.services.vendors.createGameSession(
      { memberId, language: 'pt-BR' },
      { vendorCode: 'PG', gameCode: slot.gameCode },
      'BRL',
      { merchantCode: 'BANCA', countryCode: 'BR' },
    );
    const ident = { token, game: slot.gameCode, vendor: 'PG' };
    const session = await page('/api/session', ident);
    expect(session.balanceMinor).toBe(0);
    const res = await fetch(`${providerUrl}/api/spin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ident, stakeMinor: session.stakesMinor[0] }),
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as Json).error).toBe('insufficient_funds');
    const { rows } = await sql`SELECT 1 FROM bet_rounds WHERE member_id = ${memberId}`.execute(
      t.db,
    );
    expect(rows).toEqual([]);
    expect(await checkInvariants(t.db)).toEqual([]);
  });
});
