import type { GameCategory } from '@banca/contracts';

/**
 * Where each game category lives (docs/product.md §2). BGS and COCKFIGHT have no route in the spec;
 * Banca gives them /house and /cockfight.
 */
export const CATEGORY_ROUTES: Record<GameCategory, string> = {
  RNG: '/rng',
  LIVE: '/live',
  FISH: '/fish',
  PVP: '/pvp',
  SPORTS: '/sports',
  ESPORTS: '/esports',
  LOTT: '/lott',
  ELOTT: '/elott',
  BGS: '/house',
  COCKFIGHT: '/cockfight',
};

/**
 * Vendors launched into their own lobby (docs/product.md §2: "Game centre"). COCKFIGHT has no route
 * in the spec and gets /cockfight here; its vendors are lobbies too.
 */
export const GAME_CENTER_CATEGORIES: readonly GameCategory[] = [
  'SPORTS',
  'ESPORTS',
  'LOTT',
  'ELOTT',
  'COCKFIGHT',
];
/**
 * Categories browsed as game lists (docs/product.md §2: "Game list centre"); BGS has no route in
 * the spec and gets /house here.
 */
export const GAME_LIST_CATEGORIES: readonly GameCategory[] = ['LIVE', 'FISH', 'RNG', 'PVP', 'BGS'];

/**
 * Banca's own lottery (vendor BLT, docs/lottery.md). The catalogue files it under ELOTT (Loteria
 * rápida); its VN and SEA lotteries are lotteries too, so /lott and the top bar's Loteria offer it
 * beside the partners.
 */
export const BANCA_LOTTERY_VENDOR = 'BLT';

/** A category's page filtered to one vendor (`?vassalage=CODE`, docs/product.md §2). */
export function vendorRoute(category: GameCategory, vendorCode: string): string {
  return `${CATEGORY_ROUTES[category]}?${new URLSearchParams({ vassalage: vendorCode }).toString()}`;
}
