import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { EmptyState } from '@/components/empty-state';
import { BellIcon } from '@/components/icons';

/** The notice modal (spec §2). Notices arrive with the content issue; until then it is empty. */
export function NoticeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('notices.title')} data-testid="notice-dialog">
      <EmptyState icon={<BellIcon />} title={t('notices.empty')}>
        {t('notices.emptyHint')}
      </EmptyState>
    </Dialog>
  );
}
