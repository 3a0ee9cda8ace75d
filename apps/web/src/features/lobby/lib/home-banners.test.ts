import type { Banner } from '@banca/contracts';
import { describe, expect, it } from 'vitest';
import { homeBannersFrom, MAX_BANNERS } from './home-banners';

const banner = (id: number, groupName: Banner['groupName'] = 'w_home'): Banner => ({
  id,
  groupName,
  url: `/lgw/art/banner/${id}.svg?lang=en`,
  alt: `Banner ${id}`,
  linkageType: 'route',
  target: `/promo/${id}`,
});

describe('homeBannersFrom', () => {
  it('keeps the w_home banners in the server’s order', () => {
    const slides = homeBannersFrom([
      banner(7),
      banner(2, 'w_login'),
      banner(3),
      banner(4, 'w_register'),
    ]);
    expect(slides).toEqual([
      {
        id: 7,
        url: '/lgw/art/banner/7.svg?lang=en',
        alt: 'Banner 7',
        linkageType: 'route',
        target: '/promo/7',
      },
      {
        id: 3,
        url: '/lgw/art/banner/3.svg?lang=en',
        alt: 'Banner 3',
        linkageType: 'route',
        target: '/promo/3',
      },
    ]);
  });

  it('shows at most MAX_BANNERS', () => {
    const slides = homeBannersFrom([5, 4, 3, 2, 1].map((id) => banner(id)));
    expect(MAX_BANNERS).toBe(3);
    expect(slides.map((slide) => slide.id)).toEqual([5, 4, 3]);
  });

  it('keeps each banner’s link kind and target', () => {
    const slides = homeBannersFrom([
      { ...banner(1), linkageType: 'external', target: 'https://example.com/' },
      { ...banner(2), linkageType: 'none', target: '' },
    ]);
    expect(slides.map(({ linkageType, target }) => ({ linkageType, target }))).toEqual([
      { linkageType: 'external', target: 'https://example.com/' },
      { linkageType: 'none', target: '' },
    ]);
  });

  it('has no slides without w_home banners', () => {
    expect(homeBannersFrom([])).toEqual([]);
    expect(homeBannersFrom([banner(1, 'w_forget')])).toEqual([]);
  });
});
