import type { Vendor } from '@banca/contracts';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CategoryIcon } from '@/components/category-icon';
import { ArrowRightIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { openAuthDialog } from '@/stores/auth-dialog-store';
import { useMember } from '../../hooks/use-member';
import { useVendorLobby } from '../../hooks/use-vendor-lobby';
import { BANCA_LOTTERIES, type BancaLottery } from '../../lib/banca-lotteries';
import { SectionHead } from '../home/section-head';

/** Balls drawn on each tile's art: the shape of its game (a VN prize, a 4D number, 5 balls). */
const BALLS: Record<BancaLottery['key'], readonly string[]> = {
  vn: ['27', '08', '93'],
  sea: ['4', '0', '7', '1'],
  fast: ['3', '9', '0', '5', '1'],
};

/**
 * Banca's own lotteries on /lott (the top bar's "Loteria"): one entry per lobby — Vietnam, South-East
 * Asia, the quick lottery — each opening its page. Like a vendor's entry, a visitor is asked to log
 * in first, and a vendor under maintenance answers through the launch (its maintenance dialog).
 */
export function BancaLotteries({ vendor }: { vendor: Vendor }) {
  const { t } = useTranslation();
  const { username } = useMember();
  const { enter, pendingVendor } = useVendorLobby();
  const entering = pendingVendor === vendor.code;

  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!username) {
      event.preventDefault();
      openAuthDialog({ kind: 'login' });
    } else if (vendor.maintenance) {
      event.preventDefault();
      enter(vendor);
    }
  };

  return (
    <section className="center-section" aria-labelledby="banca-lotteries-title">
      <SectionHead
        id="banca-lotteries-title"
        category="LOTT"
        icon={<CategoryIcon category="LOTT" />}
        title={vendor.name}
        tagline={t('lobby.center.banca.tagline')}
      />
      <ul className="center-grid" data-testid="banca-lotteries" data-vendor={vendor.code}>
        {BANCA_LOTTERIES.map((lottery) => (
          <li key={lottery.key}>
            <Link
              to={lottery.path}
              onClick={follow}
              className={vendor.maintenance ? 'center-entry is-maintenance' : 'center-entry'}
              data-category="LOTT"
              data-testid="banca-lottery"
              data-lottery={lottery.key}
              aria-busy={entering}
            >
              <span className="center-entry__art banca-lottery__art" data-lottery={lottery.key}>
                <CategoryIcon category="LOTT" className="center-entry__watermark" />
                <span className="banca-lottery__balls" aria-hidden="true">
                  {BALLS[lottery.key].map((ball, index) => (
                    <span key={index}>{ball}</span>
                  ))}
                </span>
                {vendor.maintenance ? (
                  <span className="vendor-card__badge">{t('nav.maintenance')}</span>
                ) : null}
              </span>
              <span className="center-entry__body">
                <span className="center-entry__name">
                  {t(`lobby.center.banca.${lottery.key}.name`)}
                </span>
                <span className="center-entry__hint">
                  {t(`lobby.center.banca.${lottery.key}.hint`)}
                </span>
              </span>
              <span className="center-entry__enter">
                {entering ? <Spinner sizePx={18} /> : null}
                {t('lobby.center.banca.play')}
                {entering ? null : <ArrowRightIcon />}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
