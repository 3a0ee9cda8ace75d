import type { Banner } from '@banca/contracts';

/** The carousel shows at most this many slides (docs/product.md §9). */
export const MAX_BANNERS = 3;

/** Banner artwork is 1200x400; the size is set on <img> so nothing shifts while it loads. */
export const BANNER_WIDTH_PX = 1200;
export const BANNER_HEIGHT_PX = 400;

export type HomeBanner = Pick<Banner, 'id' | 'url' | 'alt' | 'linkageType' | 'target'>;

/**
 * The home carousel's slides from the brand's banners (`GET /wps/notice`, every group, in the
 * caller's language): those of group w_home, in the server's order, at most MAX_BANNERS. Each
 * keeps its art, its alt text and where a click leads (linkageType and target). The server
 * orders them and picks the live ones; an operator's change shows here on the next fetch.
 */
export function homeBannersFrom(banners: readonly Banner[]): HomeBanner[] {
  return banners
    .filter((banner) => banner.groupName === 'w_home')
    .slice(0, MAX_BANNERS)
    .map(({ id, url, alt, linkageType, target }) => ({ id, url, alt, linkageType, target }));
}
