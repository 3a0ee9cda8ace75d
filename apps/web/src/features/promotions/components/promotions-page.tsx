import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';
import { GiftIcon } from '@/components/icons';

/** Promotions (/promotions). The hash is a promotion id; its card scrolls into view. */
export default function PromotionsPage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    // Promotion cards carry id="promotion-<id>" (promotions issue).
    document
      .getElementById(`promotion-${decodeURIComponent(hash.slice(1))}`)
      ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [hash]);
  return <ComingSoon title={t('areas.Promotions')} icon={<GiftIcon />} />;
}
