import type { GameMenu, Vendor } from '@banca/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRightIcon } from '@/components/icons';
import { CATEGORY_ROUTES } from '@/lib/game-categories';
import { LARGE_VENDOR_LIST_OVER } from '../../lib/game-format';
import { CategoryHeading } from './category-heading';
import { VendorCard } from './vendor-card';

/**
 * One home section per category: heading, tagline, "see all", and its vendors as cards (at
 * most `limit`, docs/product.md §9 cuts sports to 6). A list over ten vendors uses the large
 * layout.
 */
export function CategorySection({
  menu,
  limit,
  title,
  onEnter,
  enteringVendor,
}: {
  menu: GameMenu;
  limit?: number;
  title?: string;
  onEnter: (vendor: Vendor) => void;
  enteringVendor: string | null;
}) {
  const { t } = useTranslation();
  const { gameCategory, vendors } = menu;
  const shown = limit === undefined ? vendors : vendors.slice(0, limit);
  const headingId = `home-section-${gameCategory}`;
  return (
    <section
      className="home-section"
      aria-labelledby={headingId}
      data-testid="home-category-section"
      data-category={gameCategory}
    >
      <CategoryHeading
        category={gameCategory}
        id={headingId}
        title={title}
        count={t('home.vendorsCount', { count: vendors.length })}
        action={
          <Link to={CATEGORY_ROUTES[gameCategory]} className="home-section__all">
            {t('common.seeAll')}
            <ArrowRightIcon />
          </Link>
        }
      />
      <ul
        className={vendors.length > LARGE_VENDOR_LIST_OVER ? 'vendor-grid is-large' : 'vendor-grid'}
      >
        {shown.map((vendor) => (
          <li key={vendor.code}>
            <VendorCard
              vendor={vendor}
              onEnter={onEnter}
              entering={enteringVendor === vendor.code}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
