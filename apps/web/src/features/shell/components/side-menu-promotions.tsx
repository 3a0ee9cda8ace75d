import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { noticesQueryOptions } from '@/api/notices';
import { GiftIcon, MegaphoneIcon } from '@/components/icons';
import { useLanguage } from '@/i18n';

/** The side menu's promotion titles (announcements of type PR), each leading to /promotions. */
export function SideMenuPromotions() {
  const { t } = useTranslation();
  const promotions = useQuery(noticesQueryOptions(useLanguage())).data?.promotions ?? [];
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
          <Link to="/promotions" className="side-menu__promo">
            <GiftIcon />
            <span>{promotion.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
