import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCataloguePart } from '@/i18n';
import { missionBadgeQueryOptions } from './api';
import styles from './missions.module.css';

/** More than this shows as "99+": the count stays one small pill. */
const BADGE_MAX = 99;

/**
 * The count of missions waiting for their claim beside missionLeaderboard in the member centre's
 * menu (docs/product.md §2 "shows a badge count"); nothing when none waits.
 */
export function MissionBadge() {
  const { t } = useTranslation();
  const count = useQuery(missionBadgeQueryOptions()).data?.claimableCount ?? 0;
  // The badge's label is in the rewards texts, which the missions page would otherwise bring.
  useEffect(() => {
    if (count > 0) void loadCataloguePart('rewards');
  }, [count]);
  if (count === 0) return null;
  return (
    <span
      className={styles.count}
      aria-label={t('missions.badge', { count })}
      data-testid="member-missions-count"
    >
      {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
    </span>
  );
}
