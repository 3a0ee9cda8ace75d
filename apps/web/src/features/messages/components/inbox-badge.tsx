import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MailIcon } from '@/components/icons';
import { unreadCountQueryOptions } from '../api/get-unread-count';
import styles from './inbox-badge.module.css';

/** More than this shows as "99+": the badge stays one small circle. */
const BADGE_MAX = 99;

/**
 * The header's inbox icon with the unread count (docs/product.md §2 messageV2 "shows a badge
 * count"), kept current by the socket's INBOX events. Members only (trial members have no
 * inbox); a split chunk beside the header balance.
 */
export function InboxBadge() {
  const { t } = useTranslation();
  const unread = useQuery(unreadCountQueryOptions()).data?.unread ?? 0;
  const label = unread > 0 ? t('live.inboxUnread', { count: unread }) : t('live.inbox');
  return (
    <Link
      to="/member?page=messageV2"
      className={`icon-btn ${styles.link}`}
      aria-label={label}
      title={label}
      data-testid="header-inbox"
      data-unread={unread}
    >
      <MailIcon />
      {unread > 0 ? (
        <span className={styles.badge} aria-hidden="true" data-testid="header-inbox-badge">
          {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
        </span>
      ) : null}
    </Link>
  );
}

/** The unread count beside messageV2 in the member centre's menu; nothing when all is read. */
export function UnreadCount() {
  const { t } = useTranslation();
  const unread = useQuery(unreadCountQueryOptions()).data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <span
      className={styles.count}
      aria-label={t('live.inboxUnread', { count: unread })}
      data-testid="member-inbox-count"
    >
      {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
    </span>
  );
}
