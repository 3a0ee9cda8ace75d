import type { GameCategory } from '@banca/contracts';

/**
 * Where each game category lives (spec §2). BGS and COCKFIGHT have no route in the spec;
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

/** A category's page filtered to one vendor (`?vassalage=CODE`, spec §2). */
export function vendorRoute(category: GameCategory, vendorCode: string): string {
  return `${CATEGORY_ROUTES[category]}?${new URLSearchParams({ vassalage: vendorCode }).toString()}`;
}
