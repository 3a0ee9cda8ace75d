import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { CoinsBackIcon } from '@/components/icons';

/** Points mall (/pointMall): balance, goods, redeem history (points issue). */
export default function PointMallPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('areas.PointMall')} icon={<CoinsBackIcon />} />;
}
