import { GAME_CATEGORIES, type GameCategory } from '@banca/contracts';
import { describe, expect, it } from 'vitest';
import {
  buildDemoCatalogue,
  CLASSIFY_KEYS,
  HOUSE_GAMES,
  LOBBY_GAME_CODE,
  type DemoGame,
} from './catalogue';
import { DEMO_BANNERS, DEMO_HELP_TOPICS } from './content';

const CODE_PATTERN = /^[A-Z0-9_]{2,16}$/;
const catalogue = buildDemoCatalogue();
const { vendors, games } = catalogue;
const vendorByCode = new Map(vendors.map((vendor) => [vendor.code, vendor]));

function groupBy<K>(items: readonly DemoGame[], key: (game: DemoGame) => K): Map<K, DemoGame[]> {
  const groups = new Map<K, DemoGame[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

describe('buildDemoCatalogue', () => {
  it('is deterministic: a second build is deep-equal to the first', () => {
    expect(buildDemoCatalogue()).toEqual(catalogue);
  });

  it('has about ten thousand games, the bulk of them slots', () => {
    expect(games.length).toBeGreaterThanOrEqual(9_800);
    expect(games.length).toBeLessThanOrEqual(10_200);
    const slots = games.filter((game) => game.gameCategory === 'RNG').length;
    expect(slots / games.length).toBeGreaterThan(0.65);
  });

  it('lists the ten categories once each, in the contract order', () => {
    expect(catalogue.categories.map((category) => category.code)).toEqual([...GAME_CATEGORIES]);
    expect(new Set(catalogue.categories.map((category) => category.sortOrder)).size).toBe(
      GAME_CATEGORIES.length,
    );
  });

  it('has about thirty vendors, the footer ones among them, and a vendor in every category', () => {
    expect(vendors.length).toBeGreaterThanOrEqual(25);
    expect(vendors.length).toBeLessThanOrEqual(35);
    for (const code of ['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS'])
      expect(vendorByCode.has(code)).toBe(true);
    for (const category of GAME_CATEGORIES)
      expect(vendors.some((vendor) => vendor.gameCategory === category)).toBe(true);
  });

  it('puts exactly one vendor under maintenance and a handful of games', () => {
    expect(vendors.filter((vendor) => vendor.maintenance)).toHaveLength(1);
    const down = games.filter((game) => game.maintenance).length;
    expect(down).toBeGreaterThan(0);
    expect(down).toBeLessThanOrEqual(games.length * 0.005);
  });

  it('uses codes the database accepts and unique vendor and game codes', () => {
    expect(vendors.map((vendor) => vendor.code).filter((code) => !CODE_PATTERN.test(code))).toEqual(
      [],
    );
    expect(games.map((game) => game.gameCode).filter((code) => !CODE_PATTERN.test(code))).toEqual(
      [],
    );
    expect(new Set(vendors.map((vendor) => vendor.code)).size).toBe(vendors.length);
    expect(new Set(games.map((game) => `${game.vendorCode}/${game.gameCode}`)).size).toBe(
      games.length,
    );
  });

  it('files every game under its vendor, its vendor’s category and a classify key of that category', () => {
    const misfiled = games.filter(
      (game) =>
        vendorByCode.get(game.vendorCode)?.gameCategory !== game.gameCategory ||
        !(CLASSIFY_KEYS[game.gameCategory] as readonly string[]).includes(game.classify),
    );
    expect(misfiled).toEqual([]);
  });

  it('gives every LOBBY vendor exactly its lobby entry and BGS exactly the house games', () => {
    const byVendor = groupBy(games, (game) => game.vendorCode);
    for (const vendor of vendors.filter((v) => v.entryKind === 'LOBBY')) {
      expect(byVendor.get(vendor.code)?.map((game) => game.gameCode)).toEqual([LOBBY_GAME_CODE]);
    }
    expect(byVendor.get('BGS')?.map((game) => game.gameCode)).toEqual(
      HOUSE_GAMES.map((game) => game.gameCode),
    );
    expect(new Set(HOUSE_GAMES.map((game) => game.engine))).toEqual(
      new Set(['dice', 'limbo', 'mines', 'plinko', 'double', 'crash']),
    );
  });

  it('never repeats a name inside a vendor, in either language', () => {
    for (const [vendorCode, list] of groupBy(games, (game) => game.vendorCode)) {
      expect(new Set(list.map((game) => game.nameEn)).size, `${vendorCode} English`).toBe(
        list.length,
      );
      expect(new Set(list.map((game) => game.namePt)).size, `${vendorCode} Portuguese`).toBe(
        list.length,
      );
    }
  });

  it('writes tidy names that fit a card, and translates most of them', () => {
    const untidy = games
      .flatMap((game) => [game.nameEn, game.namePt])
      .filter((name) => name !== name.trim() || /\s{2}/.test(name) || name.length > 40);
    expect(untidy).toEqual([]);
    const translated = games.filter((game) => game.nameEn !== game.namePt).length;
    expect(translated / games.length).toBeGreaterThan(0.8);
  });

  it('makes Portuguese adjectives agree with feminine nouns', () => {
    const roulettes = games
      .filter((game) => game.classify === 'ROULETTE')
      .map((game) => game.namePt);
    expect(roulettes.length).toBeGreaterThan(0);
    for (const name of roulettes)
      expect(name).not.toMatch(/Roleta (Dourado|Rápido|Automático|Brasileiro|Europeu|Americano)\b/);
    expect(games.find((game) => game.nameEn === 'Lightning Roulette')?.namePt).toBe(
      'Roleta Relâmpago',
    );
  });

  it('flags about 3 % of games hot, and at least 20 in every category with a game list', () => {
    const hot = games.filter((game) => game.isHot).length;
    expect(hot / games.length).toBeGreaterThan(0.02);
    expect(hot / games.length).toBeLessThan(0.05);
    const listed = new Set(
      vendors
        .filter((vendor) => vendor.entryKind === 'VASSALAGE')
        .map((vendor) => vendor.gameCategory),
    );
    for (const category of listed) {
      expect(
        games.filter((game) => game.gameCategory === category && game.isHot).length,
        category,
      ).toBeGreaterThanOrEqual(20);
    }
  });

  it('flags about 4 % of games new', () => {
    const share = games.filter((game) => game.isNew).length / games.length;
    expect(share).toBeGreaterThan(0.025);
    expect(share).toBeLessThan(0.055);
  });

  it('ranks each vendor’s games 1..n by popularity', () => {
    for (const list of groupBy(games, (game) => game.vendorCode).values()) {
      expect(list.map((game) => game.sortOrder).sort((a, b) => a - b)).toEqual(
        list.map((_, i) => i + 1),
      );
    }
  });

  it('keeps slot RTPs between 94 % and 98 % and every RTP and art seed in its column’s range', () => {
    const outOfRange = games.filter(
      (game) =>
        (game.gameCategory === 'RNG' && (game.rtpBps < 9_400 || game.rtpBps > 9_800)) ||
        !Number.isInteger(game.rtpBps) ||
        game.rtpBps <= 0 ||
        game.rtpBps > 10_000 ||
        !Number.isInteger(game.artSeed) ||
        game.artSeed < 0 ||
        game.artSeed > 2 ** 31 - 1,
    );
    expect(outOfRange).toEqual([]);
  });

  it('gives every category with games a realistic spread of classify keys', () => {
    const byCategory = groupBy(games, (game) => game.gameCategory);
    for (const category of ['RNG', 'LIVE', 'FISH', 'PVP'] satisfies GameCategory[]) {
      const used = new Set(byCategory.get(category)?.map((game) => game.classify));
      expect(used).toEqual(new Set(CLASSIFY_KEYS[category]));
    }
  });
});

describe('demo content', () => {
  const ALLOWED_TAGS = new Set(['p', 'ul', 'li', 'strong']);

  function tagsBalanced(html: string): boolean {
    const open: string[] = [];
    for (const [, closing, name] of html.matchAll(/<(\/?)([a-z]+)>/g)) {
      if (!name || !ALLOWED_TAGS.has(name)) return false;
      if (!closing) open.push(name);
      else if (open.pop() !== name) return false;
    }
    return open.length === 0 && !/<(?!\/?(p|ul|li|strong)>)/.test(html);
  }

  it('has 6–8 help topics with unique keys, the terms of service under `term`', () => {
    expect(DEMO_HELP_TOPICS.length).toBeGreaterThanOrEqual(6);
    expect(DEMO_HELP_TOPICS.length).toBeLessThanOrEqual(8);
    expect(new Set(DEMO_HELP_TOPICS.map((topic) => topic.key)).size).toBe(DEMO_HELP_TOPICS.length);
    expect(DEMO_HELP_TOPICS.map((topic) => topic.key)).toContain('term');
  });

  it('writes every topic in both languages as simple, balanced HTML', () => {
    for (const topic of DEMO_HELP_TOPICS) {
      for (const language of ['pt-BR', 'en'] as const) {
        expect(topic.title[language].length).toBeGreaterThan(0);
        expect(tagsBalanced(topic.content[language]), `${topic.key} ${language}`).toBe(true);
        expect(topic.content[language].match(/<p>/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
      }
      expect(topic.content['pt-BR']).not.toBe(topic.content.en);
    }
  });

  it('has at most three home banners (docs/product.md §2) with in-site links', () => {
    expect(DEMO_BANNERS.length).toBeGreaterThan(0);
    expect(DEMO_BANNERS.length).toBeLessThanOrEqual(3);
    for (const banner of DEMO_BANNERS) expect(banner.link).toMatch(/^\/[\w/-]*(\?[\w=&-]+)?$/);
  });
});
