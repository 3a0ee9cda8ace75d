import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { noticesQueryOptions } from '@/api/notices';
import { Dialog } from '@/components/dialog';
import { EmptyState } from '@/components/empty-state';
import { BellIcon } from '@/components/icons';
import { PageLoader } from '@/components/spinner';
import { useLanguage } from '@/i18n';

/**
 * The notice modal (docs/product.md §2): the brand's player notices, newest rule first as the
 * operator ordered them, each with its date and text. Opened from the header bell and the home
 * strip.
 */
export function NoticeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notices = useQuery({ ...noticesQueryOptions(language), enabled: open });
  const list = notices.data?.notices ?? [];
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  return (
    <Dialog open={open} onClose={onClose} title={t('notices.title')} data-testid="notice-dialog">
      {notices.isPending ? (
        <PageLoader />
      ) : list.length === 0 ? (
        <EmptyState icon={<BellIcon />} title={t('notices.empty')}>
          {t('notices.emptyHint')}
        </EmptyState>
      ) : (
        <ul className="notice-list">
          {list.map((notice) => (
            <li key={notice.id} className="notice-list__item" data-testid="notice-item">
              <h3 className="notice-list__title">{notice.title}</h3>
              <time className="notice-list__date" dateTime={notice.publishedAt}>
                {dateFormat.format(new Date(notice.publishedAt))}
              </time>
              {notice.content ? <p className="notice-list__text">{notice.content}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
