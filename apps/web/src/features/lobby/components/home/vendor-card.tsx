import type { Vendor } from '@banca/contracts';
import { useTranslation } from 'react-i18next';
import { CategoryIcon } from '@/components/category-icon';
import { PlayIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { lobbyDialogs } from '../../stores/lobby-dialog-store';

/**
 * A vendor entry (docs/product.md §3): its logo on category artwork, name, game count, maintenance.
 * A VASSALAGE vendor opens the game popup with its games; a LOBBY vendor is launched into its own
 * lobby (`onEnter`).
 */
export function VendorCard({
  vendor,
  onEnter,
  entering = false,
}: {
  vendor: Vendor;
  onEnter: (vendor: Vendor) => void;
  entering?: boolean;
}) {
  const { t } = useTranslation();
  const classes = ['vendor-card'];
  if (vendor.maintenance) classes.push('is-maintenance');
  return (
    <button
      type="button"
      onClick={() =>
        vendor.isGame === 'VASSALAGE' ? lobbyDialogs.openVendor(vendor) : onEnter(vendor)
      }
      className={classes.join(' ')}
      aria-busy={entering}
      data-category={vendor.gameCategory}
      data-testid="vendor-card"
      data-vendor={vendor.code}
      data-entry={vendor.isGame}
    >
      <span className="vendor-card__art">
        <CategoryIcon category={vendor.gameCategory} className="vendor-card__watermark" />
        <img
          src={vendor.logoUrl}
          alt=""
          width={240}
          height={80}
          loading="lazy"
          decoding="async"
          className="vendor-card__logo"
        />
        {vendor.maintenance ? (
          <span className="vendor-card__badge">{t('nav.maintenance')}</span>
        ) : null}
        <span className="vendor-card__play" aria-hidden="true">
          {entering ? <Spinner sizePx={18} /> : <PlayIcon />}
        </span>
      </span>
      <span className="vendor-card__body">
        <span className="vendor-card__name">{vendor.name}</span>
        <span className="vendor-card__count">
          {vendor.isGame === 'LOBBY'
            ? t('nav.lobbyEntry')
            : t('nav.gamesCount', { count: vendor.gameCount })}
        </span>
      </span>
    </button>
  );
}
