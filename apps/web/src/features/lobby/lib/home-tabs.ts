import type { GameCategory } from '@banca/contracts';

/**
 * Home's game menu tabs (docs/product.md §2): home, favourites, hot, then one per vendor category.
 */
export type HomeTab = 'home' | 'favourites' | 'hot' | GameCategory;

/**
 * Categories whose vendors are launched into their own lobby (docs/product.md §2 "Game centre");
 * the rest are browsed as game lists. /cockfight is a game centre too (its vendors are lobbies).
 */
export const GAME_CENTER_CATEGORIES: ReadonlySet<GameCategory> = new Set([
  'SPORTS',
  'ESPORTS',
  'LOTT',
  'ELOTT',
  'COCKFIGHT',
]);
