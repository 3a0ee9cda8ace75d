/**
 * The lobby's constants, in a module of their own without schemas: the first page reads them,
 * and games.ts (which re-exports them) would bring its schemas, and zod, into that script
 * (docs/web-styles.md "The first script").
 */

/** Game categories (docs/product.md §9), in the default sorting order. */
export const GAME_CATEGORIES = [
  'RNG',
  'LIVE',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'LOTT',
  'ELOTT',
  'BGS',
  'COCKFIGHT',
] as const;

/** Top navigation shows at most this many categories (docs/product.md §2). */
export const MAX_NAV_CATEGORIES = 10;

/** Lobby page size (docs/product.md §9) and the largest page any list answers. */
export const LOBBY_PAGE_SIZE = 18;
export const MAX_PAGE_SIZE = 99;
/** Game search text longer than this is not a name. */
export const GAME_NAME_SEARCH_MAX = 64;
