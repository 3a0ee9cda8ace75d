import { SIDE_MENU_PROMOTIONS } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GiftIcon, MegaphoneIcon } from '@/components/icons';
import { useLanguage } from '@/i18n';
import { useSessionStore } from '@/stores/session-store';
import { promotionsQueryOptions } from '../api/promotions';

/**
 * The side menu's promotions (up to 6, in the page's order, closed ones left out), each leading
 * to its card on /promotions (the hash is the promotion id). Shares the page's query.
 */
export function SideMenuPromotionList() {
  const { t } = useTranslation();
  const token = useSessionStore((s) => (s.status === 'loggedIn' && !s.isTrial ? s.token : null));
  const all = useQuery(promotionsQueryOptions(useLanguage(), token)).data?.promotions ?? [];
  const promotions = all.filter((p) => p.status !== 'closed').slice(0, SIDE_MENU_PROMOTIONS);
  if (promotions.length === 0)
    return (
      <div className="side-menu__promo-empty">
        <MegaphoneIcon />
        <p>{t('sideMenu.promotionsEmpty')}</p>
      </div>
    );
  return (
    <ul className="side-menu__promos" data-testid="side-menu-promotions">
      {promotions.map((promotion) => (
        <li key={promotion.id}>
          <Link to={`/promotions#${promotion.id}`} className="side-menu__promo">
            <GiftIcon />
            <span>{promotion.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
