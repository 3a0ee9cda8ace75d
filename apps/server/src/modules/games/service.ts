import { gameCategorySchema, MAX_NAV_CATEGORIES, type GameMenu } from '@banca/contracts';
import { refreshingValue } from '../../lib/refreshing-value';
import { vendorLogoUrl } from './art-urls';
import type { GamesRepository } from './repository';

/** How long the menu of categories and vendors is served from memory; the catalogue changes rarely. */
const GAME_MENUS_CACHE_TTL_MS = 30_000;

type GameName = { vendorCode: string; gameCode: string; nameEn: string; namePt: string };
/** A module's names of its own games, asked for the codes the catalogue does not know. */
export type GameNameSource = (
  gameCodes: string[],
) => Promise<Array<{ gameCode: string; nameEn: string; namePt: string }>>;

export function createGamesService(repo: GamesRepository, now: () => number = Date.now) {
  const nameSources = new Map<string, GameNameSource>();
  /**
   * Categories that have vendors, in the server's order, at most MAX_NAV_CATEGORIES
   * (docs/product.md §2).
   */
  async function readMenus(): Promise<GameMenu[]> {
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
    return [...byCategory.values()].slice(0, MAX_NAV_CATEGORIES);
  }
  // Never older than the TTL; read again in the background from half of it.
  const menus = refreshingValue({
    load: readMenus,
    maxAgeMs: GAME_MENUS_CACHE_TTL_MS,
    refreshAfterMs: GAME_MENUS_CACHE_TTL_MS / 2,
    now,
  });
  const gameMenus = () => menus.get();

  function invalidate(): void {
    menus.invalidate();
  }

  return {
    gameMenus,
    invalidate,
    findGameArt: repo.findGameArt,
    findVendor: repo.findVendor,
    /** A game by node id or by (vendor, game code), for launching and the vendors' wallet API. */
    findPlayableGame: repo.findPlayableGame,
    /**
     * Game names for the wallet's betting record and the agents' reports: the catalogue's, then
     * those a vendor's own module names (the lottery's games are not catalogue rows).
     */
    async gameNames(keys: { vendorCode: string; gameCode: string }[]) {
      const rows = await repo.gameNames(keys);
      const names: GameName[] = rows.map((r) => ({
        vendorCode: r.vendor_code,
        gameCode: r.game_code,
        nameEn: r.name_en,
        namePt: r.name_pt,
      }));
      const found = new Set(names.map((n) => `${n.vendorCode}\n${n.gameCode}`));
      for (const [vendorCode, source] of nameSources) {
        const codes = [
          ...new Set(
            keys
              .filter(
                (k) => k.vendorCode === vendorCode && !found.has(`${vendorCode}\n${k.gameCode}`),
              )
              .map((k) => k.gameCode),
          ),
        ];
        if (codes.length > 0)
          for (const game of await source(codes)) names.push({ vendorCode, ...game });
      }
      return names;
    },
    /**
     * A module whose games the catalogue does not hold names them here (at assembly, as the
     * lottery does for its vendor): games imports nothing of it.
     */
    connectGameNames(vendorCode: string, source: GameNameSource): void {
      nameSources.set(vendorCode, source);
    },
    /** The catalogue's vendors, for the Vendors desk's "add integration" (the catalogue owns them). */
    catalogueVendors: repo.catalogueVendors,
    /** The wallet's vendor wallets come from here: the catalogue owns vendors. */
    transferVendors: repo.transferVendors,
  };
}
export type GamesService = ReturnType<typeof createGamesService>;
