import type { GameCategory } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CategoryIcon } from '@/components/category-icon';
import { ArrowRightIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { Spinner } from '@/components/spinner';
import { useLanguage } from '@/i18n';
import { lanesQueryOptions } from '../../api/get-lanes';
import { useVendorLobby } from '../../hooks/use-vendor-lobby';
import { ListEmpty, ListError } from '../games/list-states';
import './game-center.css';

/**
 * Game centre (docs/product.md §2: sports, e-sports, lotteries, cockfight): the category's vendors
 * as large entries — logo, name, "enter" — each launching the vendor's own lobby.
 */
export function GameCenterView({ category }: { category: GameCategory }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const lanes = useQuery(lanesQueryOptions(language));
  const { enter, pendingVendor } = useVendorLobby();
  const vendors = lanes.data?.find((lane) => lane.title === category)?.cards;

  if (lanes.isPending)
    return (
      <ul className="center-grid" aria-hidden="true">
        {Array.from({ length: 3 }, (_, index) => (
          <li key={index}>
            <Skeleton height={220} radius={18} />
          </li>
        ))}
      </ul>
    );
  if (lanes.isError && !lanes.data)
    return <ListError error={lanes.error} onRetry={() => void lanes.refetch()} />;
  if (!vendors || vendors.length === 0) return <ListEmpty title={t('lobby.center.empty')} />;

  return (
    <ul className="center-grid" data-testid="game-center-vendors" data-category={category}>
      {vendors.map((vendor) => {
        const entering = pendingVendor === vendor.code;
        return (
          <li key={vendor.code}>
            <button
              type="button"
              className={vendor.maintenance ? 'center-entry is-maintenance' : 'center-entry'}
              data-category={category}
              onClick={() => enter(vendor)}
              aria-busy={entering}
              data-testid="center-entry"
              data-vendor={vendor.code}
            >
              <span className="center-entry__art">
                <CategoryIcon category={category} className="center-entry__watermark" />
                <img
                  src={vendor.logoUrl}
                  alt=""
                  width={240}
                  height={80}
                  className="center-entry__logo"
                />
                {vendor.maintenance ? (
                  <span className="vendor-card__badge">{t('nav.maintenance')}</span>
                ) : null}
              </span>
              <span className="center-entry__body">
                <span className="center-entry__name">{vendor.name}</span>
                <span className="center-entry__hint">
                  {t('lobby.center.lobbyOf', { vendor: vendor.name })}
                </span>
              </span>
              <span className="center-entry__enter">
                {entering ? <Spinner sizePx={18} /> : null}
                {t('lobby.center.enter')}
                {entering ? null : <ArrowRightIcon />}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
