/**
 * Game categories (docs/product.md §9), in the default sorting order. A module of its own,
 * without schemas: a page that needs only the list must not bring games.ts (and zod) into the
 * web app's first script, where modules two lazy pages share land.
 */
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
