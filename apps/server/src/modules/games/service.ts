import { gameCategorySchema, MAX_NAV_CATEGORIES, type GameMenu } from '@banca/contracts';
import { vendorLogoUrl } from './art-urls';
import type { GamesRepository } from './repository';

/** How long the menu of categories and vendors is served from memory; the catalogue changes rarely. */
const GAME_MENUS_CACHE_TTL_MS = 30_000;

export function createGamesService(repo: GamesRepository, now: () => number = Date.now) {
  let menus: { value: GameMenu[]; atMs: number } | null = null;

  /** Categories that have vendors, in the server's order, at most MAX_NAV_CATEGORIES (spec §2). */
  async function gameMenus(): Promise<GameMenu[]> {
    if (menus && now() - menus.atMs < GAME_MENUS_CACHE_TTL_MS) return menus.value;
    const rows = await repo.listVendorsWithCounts();
    const byCategory = new Map<string, GameMenu>();
    for (const row of rows) {
      const category = gameCategorySchema.parse(row.game_category);
      let menu = byCategory.get(category);
      if (!menu) {
        menu = { gameCategory: category, vendors: [] };
        byCategory.set(category, menu);
      }
      menu.vendors.push({
        code: row.code,
        name: row.name,
        gameCategory: category,
        walletMode: row.wallet_mode,
        isGame: row.entry_kind,
        maintenance: row.maintenance,
        logoUrl: vendorLogoUrl(row),
        gameCount: row.game_count,
      });
    }
    const value = [...byCategory.values()].slice(0, MAX_NAV_CATEGORIES);
    menus = { value, atMs: now() };
    return value;
  }

  function invalidate(): void {
    menus = null;
  }

  return {
    gameMenus,
    invalidate,
    findGameArt: repo.findGameArt,
    findVendor: repo.findVendor,
    /** The wallet's vendor wallets come from here: the catalogue owns vendors. */
    transferVendors: repo.transferVendors,
  };
}
export type GamesService = ReturnType<typeof createGamesService>;
