import type { GameCategory, Vendor } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CategoryIcon } from '@/components/category-icon';
import { ArrowRightIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { Spinner } from '@/components/spinner';
import { useLanguage } from '@/i18n';
import { lanesQueryOptions } from '../../api/get-lanes';
import { useVendorLobby } from '../../hooks/use-vendor-lobby';
import { bancaLotteryVendor } from '../../lib/banca-lotteries';
import { ListEmpty, ListError } from '../games/list-states';
import { SectionHead } from '../home/section-head';
import { BancaLotteries } from './banca-lotteries';
import './game-center.css';

/**
 * Game centre (docs/product.md §2: sports, e-sports, lotteries, cockfight): the category's vendors
 * as large entries — logo, name, "enter" — each launching the vendor's own lobby. /lott leads with
 * Banca's own lotteries (vendor BLT, when the brand plays it), the partners' lobbies below.
 */
export function GameCenterView({ category }: { category: GameCategory }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const lanes = useQuery(lanesQueryOptions(language));
  const banca = category === 'LOTT' && lanes.data ? bancaLotteryVendor(lanes.data) : null;
  // Banca's own lottery has its section on /lott: never twice.
  const vendors = lanes.data
    ?.find((lane) => lane.title === category)
    ?.cards.filter((vendor) => vendor.code !== banca?.code);

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
  if (banca)
    return (
      <>
        <BancaLotteries vendor={banca} />
        {vendors && vendors.length > 0 ? (
          <section className="center-section" aria-labelledby="center-partners-title">
            <SectionHead
              id="center-partners-title"
              category={category}
              icon={<CategoryIcon category={category} />}
              title={t('lobby.center.banca.partners')}
              tagline={t('lobby.center.banca.partnersTagline')}
            />
            <VendorGrid category={category} vendors={vendors} />
          </section>
        ) : null}
      </>
    );
  if (!vendors || vendors.length === 0) return <ListEmpty title={t('lobby.center.empty')} />;
  return <VendorGrid category={category} vendors={vendors} />;
}

/** The category's vendors, each entry launching the vendor's own lobby. */
function VendorGrid({ category, vendors }: { category: GameCategory; vendors: Vendor[] }) {
  const { t } = useTranslation();
  const { enter, pendingVendor } = useVendorLobby();
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
