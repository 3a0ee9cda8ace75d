import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { supportUnreadQueryOptions } from '../api/member-chat';
import styles from './chat.module.css';

/** More than this shows as "99+": the badge stays one small circle. */
const BADGE_MAX = 99;

/**
 * The unread answers of support on the service icon's corner (members, not trial), kept current
 * by the socket's SUPPORT events; nothing when all is read.
 */
export function SupportBadge() {
  const { t } = useTranslation();
  const unread = useQuery(supportUnreadQueryOptions()).data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <span
      className={styles.badge}
      role="status"
      aria-label={t('support.chat.unread', { count: unread })}
      data-testid="support-badge"
    >
      {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
    </span>
  );
}
