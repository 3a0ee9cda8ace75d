import type { AnnouncementExecution, PopupAnnouncement } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { ChevronLeftIcon, ChevronRightIcon, GiftIcon, MegaphoneIcon } from '@/components/icons';
import { Pagination } from '@/components/pagination';
import { useLanguage } from '@/i18n';
import { announcementsQueryOptions } from '../api/announcements';
import { formatWhen } from '../lib/format';
import styles from './content.module.css';
import '../content.css';

/** The popup's list pages with one page button at each end (the spec's dialog pagination). */
const POPUP_PAGINATION = { margin: 1, range: 5 };

export type AnnouncementPopupProps = {
  execution: AnnouncementExecution;
  /** The owner's closed flag was set earlier in this session: nothing shows. */
  closed: boolean;
  onClose: () => void;
};

/**
 * The announcement popup (docs/product.md §2): the titles of the popup announcements for the
 * caller's execution, 9 a page, and the chosen one's title and HTML body (sanitised by the
 * server on save and again on display), with the go-to-promotion button when it has one.
 */
export default function AnnouncementPopup({ execution, closed, onClose }: AnnouncementPopupProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [pageNo, setPageNo] = useState(1);
  const [chosen, setChosen] = useState<PopupAnnouncement | null>(null);
  const page = useQuery({
    ...announcementsQueryOptions(language, execution, pageNo),
    enabled: !closed,
  });
  const list = page.data?.list ?? [];
  if (closed || !page.data || page.data.total === 0) return null;

  // One announcement: straight to its text, no list to pick from.
  const shown = chosen ?? (page.data.total === 1 ? (list[0] ?? null) : null);
  return (
    <Dialog
      open
      onClose={onClose}
      title={
        <span className={styles.dialogTitle}>
          <MegaphoneIcon />
          {t('content.popup.title')}
        </span>
      }
      size="md"
      data-testid="announcement-popup"
    >
      {shown ? (
        <article className={styles.announcement} data-testid="announcement-detail">
          <h3 className={styles.announcementTitle}>{shown.title}</h3>
          <p className={styles.muted}>
            {t('content.popup.published', { date: formatWhen(shown.publishedAt, language) })}
          </p>
          <div className="help-html" dangerouslySetInnerHTML={{ __html: shown.content }} />
          <div className={styles.actions}>
            {page.data.total > 1 ? (
              <Button variant="ghost" onClick={() => setChosen(null)}>
                <ChevronLeftIcon />
                {t('content.popup.back')}
              </Button>
            ) : null}
            {shown.promotionType ? (
              <Button
                onClick={() => {
                  onClose();
                  void navigate('/member?page=rewardCenter');
                }}
                data-testid="announcement-promotion"
              >
                <GiftIcon />
                {t('content.popup.goToPromotion')}
              </Button>
            ) : null}
          </div>
        </article>
      ) : (
        <>
          <ul className={styles.titleList} aria-label={t('content.popup.list')}>
            {list.map((announcement) => (
              <li key={announcement.id}>
                <button
                  type="button"
                  className={styles.titleButton}
                  onClick={() => setChosen(announcement)}
                  data-testid="announcement-title"
                >
                  <span className={styles.titleText}>{announcement.title}</span>
                  <span className={styles.muted}>
                    {formatWhen(announcement.publishedAt, language)}
                  </span>
                  <ChevronRightIcon />
                </button>
              </li>
            ))}
          </ul>
          <Pagination
            page={page.data.pageNo}
            totalPages={page.data.totalPages}
            onChange={setPageNo}
            shape={POPUP_PAGINATION}
            label={t('content.popup.pages')}
            className={styles.pagination}
          />
        </>
      )}
    </Dialog>
  );
}
