import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { noticesQueryOptions } from '@/api/notices';
import { EmptyState } from '@/components/empty-state';
import { MegaphoneIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { useLanguage } from '@/i18n';
import styles from '../components/agent-page.module.css';

/** agentAnnouncement: the brand's announcements, newest first (the player site's notices). */
export default function AnnouncementPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const notices = useQuery(noticesQueryOptions(language));
  const list = [...(notices.data?.notices ?? [])].sort((a, b) =>
    b.publishedAt.localeCompare(a.publishedAt),
  );
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className={styles.page} data-testid="agent-announcements">
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('agents.menu.agentAnnouncement')}</h1>
          <p className={styles.subtitle}>{t('agents.announcementsHint')}</p>
        </div>
      </header>
      {notices.isPending ? (
        <Skeleton height={80} />
      ) : list.length === 0 ? (
        <EmptyState icon={<MegaphoneIcon />} title={t('agents.noAnnouncements')} />
      ) : (
        list.map((notice) => (
          <article key={notice.id} className={styles.notice}>
            <h3>{notice.title}</h3>
            <time dateTime={notice.publishedAt}>{date.format(new Date(notice.publishedAt))}</time>
            <p>{notice.content}</p>
          </article>
        ))
      )}
    </div>
  );
}
