import type { Language } from '@banca/contracts';

/** The carousel shows at most this many slides (spec §9). */
export const MAX_BANNERS = 3;

/** Banner artwork is 1200x400; the size is set on <img> so nothing shifts while it loads. */
export const BANNER_WIDTH_PX = 1200;
export const BANNER_HEIGHT_PX = 400;

export type HomeBanner = { id: number; imageUrl: string; link: string };

/**
 * The fixed home banner slots (group w_home) and where each leads. The server renders their
 * art at /lgw/art/banner/<n>.svg (`lang` picks the text, because an <img> request carries no
 * Language header) but has no banner list endpoint yet, so the slots and their in-site links
 * mirror the demo brand's (apps/server/src/modules/games/demo-content.ts DEMO_BANNERS); a
 * slot whose art is missing drops out of the carousel.
 */
const BANNER_SLOTS: readonly { id: number; link: string }[] = [
  { id: 1, link: '/register' },
  { id: 2, link: '/member?page=depositv2' },
  { id: 3, link: '/member?page=securityCenter' },
];

export function homeBanners(language: Language): HomeBanner[] {
  return BANNER_SLOTS.slice(0, MAX_BANNERS).map(({ id, link }) => ({
    id,
    link,
    imageUrl: `/lgw/art/banner/${id}.svg?lang=${encodeURIComponent(language)}`,
  }));
}
