import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { PhoneDownloadIcon } from '@/components/icons';

/** App download (/download?os=ios|android): installers and install guides (download issue). */
export function DownloadPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('areas.Download')} icon={<PhoneDownloadIcon />} />;
}
