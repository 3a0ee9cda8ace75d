import {
  gameListSchema,
  lanesSchema,
  launchGameResponseSchema,
  winnerSchema,
} from '@banca/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_PAM_API_KEY } from '../../config';
import { seedDemoVendorIntegrations } from '../../demo/vendor-integrations';
import { createClient } from '../../../test/client';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';

describe.each(ENGINES)('lobby on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const visitor = (language: 'pt-BR' | 'en' = 'pt-BR') => createClient(t.app, { language });
  const list = async (query: string, c = visitor()) => {
    const res = await c.get(`/lgw/games/list?${query}`);
    expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(200);
    return gameListSchema.parse(res.body.value);
  };

  it('pages the whole catalogue 18 at a time with the total', async () => {
    const first = await list('');
    expect(first.games).toHaveLength(18);
    expect(first.totalCount).toBeGreaterThan(9_000);
    expect(first.totalPages).toBe(Math.ceil(first.totalCount / 18));
    const second = await list('pageNo=2');
    expect(second.games.map((g) => g.nodeId)).not.toContain(first.games[0]!.nodeId);
    const beyond = await list(`pageNo=${first.totalPages + 5}`);
    expect(beyond.games).toEqual([]);
    expect(beyond.totalPages).toBe(first.totalPages);
  });

  it('filters by category, vendor, classify, hot and new', async () => {
    const live = await list('gameType=LIVE');
    expect(live.games.every((g) => g.gameType === 'LIVE')).toBe(true);
    const pg = await list('gameType=RNG&vassalage=PG&pageSize=50');
    expect(pg.games.every((g) => g.vassalage === 'PG')).toBe(true);
    expect(pg.totalCount).toBe(620);
    const megaways = await list('gameType=RNG&gameClassify=MEGAWAYS');
    expect(megaways.totalCount).toBeGreaterThan(0);
    expect(megaways.games.every((g) => g.classify === 'MEGAWAYS')).toBe(true);
    const hot = await list('gameType=RNG&selectType=HOT');
    expect(hot.games.every((g) => g.isHot === 1)).toBe(true);
    const fresh = await list('selectType=NEW');
    expect(fresh.games.every((g) => g.isNew === 1)).toBe(true);
  });

  it('searches names in both languages, trimmed and case-insensitive, treating % and _ as letters', async () => {
    const en = await list(`gameName=${encodeURIComponent('  DRAGON ')}`, visitor('en'));
    expect(en.totalCount).toBeGreaterThan(0);
    expect(en.games.every((g) => /dragon/i.test(g.gameName) || /drag/i.test(g.displayName))).toBe(
      true,
    );
    const pt = await list(`gameName=${encodeURIComponent('dragão')}`);
    expect(pt.totalCount).toBeGreaterThan(0);
    expect(pt.games[0]!.displayName.toLowerCase()).toContain('dragão');
    expect((await list('gameName=%25')).totalCount).toBe(0);
    expect((await list('gameName=zzqqxx')).totalCount).toBe(0);
  });

  it('answers names in the request’s language', async () => {
    const pt = await list('gameType=RNG&vassalage=PG&pageSize=5');
    const en = await list('gameType=RNG&vassalage=PG&pageSize=5', visitor('en'));
    expect(pt.games.map((g) => g.nodeId)).toEqual(en.games.map((g) => g.nodeId));
    expect(pt.games.some((g, i) => g.displayName !== en.games[i]!.displayName)).toBe(true);
  });

  it('needs a session for FAV and RECENT', async () => {
    for (const selectType of ['FAV', 'RECENT']) {
      const res = await visitor().get(`/lgw/games/list?selectType=${selectType}`);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('not_logged_in');
    }
  });

  it('keeps favourites (add twice is one), lists and removes them', async () => {
    const c = createClient(t.app, { ip: '198.19.0.1' });
    await c.login('demo', 'demo@2026');
    const [a, b] = (await list('gameType=RNG&pageSize=2')).games;
    for (const id of [a!.nodeId, b!.nodeId, a!.nodeId])
      expect(
        (await c.post('/wps/games/favorites', { nodeId: id, vendor: 'PG', gameType: 'RNG' }))
          .status,
      ).toBe(200);
    const favs = (await c.get('/wps/games/favorites?pageSize=99')).body.value;
    expect(favs.content.map((g: { nodeId: number }) => g.nodeId).sort()).toEqual(
      [a!.nodeId, b!.nodeId].sort(),
    );
    const viaList = await list('selectType=FAV', c);
    expect(viaList.totalCount).toBe(2);
    await c.raw('DELETE', '/wps/games/favorites', { nodeId: a!.nodeId });
    expect((await c.get('/wps/games/favorites')).body.value.totalCount).toBe(1);
    expect((await c.post('/wps/games/favorites', { nodeId: 999_999_999 })).body.code).toBe(
      'game_not_found',
    );
  });

  it('launches a game: a session token in the vendor’s address, recorded as recent', async () => {
    const c = createClient(t.app, { ip: '198.19.0.2' });
    await c.login('agente', 'agente@2026');
    const game = (await list('gameType=LIVE&pageSize=30')).games.find((g) => !g.maintenance)!;
    // No vendor configured for the brand yet: said plainly, still recorded as recent.
    const unconfigured = await c.post('/wps/game/launchGame', { nodeId: game.nodeId });
    expect(unconfigured.status).toBe(503);
    expect(unconfigured.body.code).toBe('game_launch_unavailable');
    const recent = (await c.get('/wps/games/recent?page=1&pageSize=6')).body.value;
    expect(recent.list[0].nodeId).toBe(game.nodeId);
    await seedDemoVendorIntegrations(t.db, { pamApiKey: DEV_PAM_API_KEY });
    t.app.services.vendors.invalidate();
    const launched = await c.post('/wps/game/launchGame', { nodeId: game.nodeId });
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    const { url, game: card } = launchGameResponseSchema.parse(launched.body.value);
    expect(card).toMatchObject({ nodeId: game.nodeId, displayName: game.displayName });
    const address = new URL(url);
    expect(address.pathname).toBe(`/play/${game.vassalage}/${game.gameCode}`);
    expect(address.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{40}$/);
    expect((await visitor().post('/wps/game/launchGame', { nodeId: game.nodeId })).body.code).toBe(
      'not_logged_in',
    );
  });

  it('suggests popular games when the launched game is under maintenance', async () => {
    const c = createClient(t.app, { ip: '198.19.0.3' });
    await c.login('demo', 'demo@2026');
    const broken = await t.db
      .selectFrom('games')
      .select(['id', 'game_category'])
      .where('maintenance', '=', true)
      .limit(1)
      .executeTakeFirstOrThrow();
    const res = await c.post('/wps/game/launchGame', { nodeId: broken.id });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('game_maintenance');
    expect(res.body.data.suggestions.length).toBeGreaterThan(0);
    expect(
      res.body.data.suggestions.every(
        (g: { maintenance: boolean; gameType: string }) =>
          !g.maintenance && g.gameType === broken.game_category,
      ),
    ).toBe(true);
  });

  it('gives lanes, hot games and the winner board', async () => {
    const lanes = lanesSchema.parse((await visitor().get('/lgw/games/lanes')).body.value).data
      .lanes;
    expect(lanes[0]!.title).toBe('RNG');
    expect(lanes[0]!.gameClassify.map((c) => c.key)).toContain('MEGAWAYS');
    const hot = (await visitor().get('/lgw/games/hot?gameType=LIVE&isPlatform=2')).body
      .value as Array<{ isHot: number; gameType: string }>;
    expect(hot.length).toBeGreaterThan(12);
    expect(hot.every((g) => g.isHot === 1 && g.gameType === 'LIVE')).toBe(true);
    const siteWide = (await visitor().get('/lgw/games/hot?isPlatform=2')).body.value as Array<{
      vassalage: string;
    }>;
    expect(new Set(siteWide.map((g) => g.vassalage)).size).toBeGreaterThanOrEqual(5);
    const winners = (
      (await visitor().get('/lgw/games/winners?gameCategory=ALL&limitNum=20')).body
        .value as unknown[]
    ).map((w) => winnerSchema.parse(w));
    expect(winners).toHaveLength(20);
    const amounts = winners.map((w) => w.winAmountMinor);
    expect(amounts).toEqual([...amounts].sort((x, y) => y - x));
  });

  it('refuses bad lobby input with codes', async () => {
    for (const query of [
      'pageSize=1000',
      'gameType=XYZ',
      `gameName=${'a'.repeat(100)}`,
      'pageNo=0',
      'selectType=ODD',
    ]) {
      const res = await visitor().get(`/lgw/games/list?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
  });

  it("carries a game's and a vendor's own picture, generated art for the rest", async () => {
    // The demo seeds no pictures: cards and logos point at generated art, which is served.
    const query = 'gameType=RNG&vassalage=PG&pageSize=2';
    const [own, other] = (await list(query)).games;
    expect(own!.iconUrl).toBe(`/lgw/art/game/${own!.nodeId}.svg`);
    const art = await t.app.inject({ method: 'GET', url: own!.iconUrl });
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toContain('image/svg+xml');

    const iconUrl = 'https://cdn.vendor.example/pg/own-icon.webp';
    await t.db
      .updateTable('games')
      .set({ icon_url: iconUrl })
      .where('id', '=', own!.nodeId)
      .execute();
    await t.db
      .updateTable('vendors')
      .set({ logo_url: '/media/vendors/pg.png' })
      .where('code', '=', 'PG')
      .execute();
    // The biggest win on the board, on the game with its own picture.
    await t.db
      .insertInto('game_winners')
      .values({
        merchant_code: 'BANCA',
        display_name: 'jo***42',
        game_id: own!.nodeId,
        amount_minor: 9_000_000_000,
        currency: 'BRL',
        won_at: new Date(),
      })
      .execute();
    t.app.services.lobby.invalidate();

    const after = (await list(query)).games;
    expect(after.map((g) => g.iconUrl)).toEqual([iconUrl, other!.iconUrl]);
    const menus = (await visitor().get('/lgw/games/game_menus')).body.value as Array<{
      vendors: Array<{ code: string; logoUrl: string }>;
    }>;
    const vendors = menus.flatMap((m) => m.vendors);
    expect(vendors.find((v) => v.code === 'PG')!.logoUrl).toBe('/media/vendors/pg.png');
    const otherVendor = vendors.find((v) => v.code !== 'PG')!;
    expect(otherVendor.logoUrl).toBe(`/lgw/art/vendor/${otherVendor.code}.svg`);
    const [top] = (
      (await visitor().get('/lgw/games/winners?gameCategory=ALL&limitNum=1')).body
        .value as unknown[]
    ).map((w) => winnerSchema.parse(w));
    expect(top!.nodeId).toBe(own!.nodeId);
    expect(top!.iconUrl).toBe(iconUrl);
  });

  it('refuses a picture address an <img> on the site could not load or that would bloat pages', async () => {
    const { id } = await t.db.selectFrom('games').select('id').limit(1).executeTakeFirstOrThrow();
    for (const address of [
      'javascript:alert(1)',
      'http://cdn.example/a.png',
      '//cdn.example/a.png',
      '',
      `https://cdn.example/${'a'.repeat(2048)}`,
    ]) {
      await expect(
        t.db.updateTable('games').set({ icon_url: address }).where('id', '=', id).execute(),
        address.slice(0, 40),
      ).rejects.toThrow(/check constraint/);
    }
  });
});
