import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { EmptyState } from '@/components/empty-state';
import { CrownIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { Tabs } from '@/components/tabs';
import { useLanguage } from '@/i18n';
import { leaderboardQueryOptions } from './api';
import styles from './missions.module.css';

type Period = 'week' | 'month';

/** The mission leaderboard: mission points claimed this week or month, the top and the member's own rank. */
export function Leaderboard({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [period, setPeriod] = useState<Period>('week');
  const board = useQuery(leaderboardQueryOptions(period));
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeZone });
  const number = new Intl.NumberFormat(language);
  const data = board.data;
  return (
    <section className={styles.card} data-testid="mission-leaderboard">
      <Tabs
        items={[
          { key: 'week' as Period, label: t('missions.leaderboard.week') },
          { key: 'month' as Period, label: t('missions.leaderboard.month') },
        ]}
        selected={period}
        onSelect={setPeriod}
        label={t('missions.tabs.leaderboard')}
        testIdPrefix="leaderboard-period"
      />
      {board.error ? (
        <p role="alert">{errorMessage(board.error, t)}</p>
      ) : !data ? (
        <Skeleton height={200} />
      ) : (
        <>
          <p className={styles.note}>
            {t('missions.leaderboard.window', {
              from: day.format(new Date(data.fromUtc)),
              // The window ends at the next period's first instant: show its last day.
              to: day.format(new Date(Date.parse(data.toUtc) - 1)),
            })}
          </p>
          <p className={styles.myRank} data-testid="leaderboard-me">
            {data.me.rank === null
              ? t('missions.leaderboard.unranked')
              : t('missions.leaderboard.myRank', {
                  rank: data.me.rank,
                  points: number.format(data.me.points),
                })}
          </p>
          {data.top.length === 0 ? (
            <EmptyState icon={<CrownIcon />} title={t('missions.leaderboard.empty')} />
          ) : (
            <table className={styles.board}>
              <thead>
                <tr>
                  <th scope="col">{t('missions.leaderboard.rank')}</th>
                  <th scope="col">{t('missions.leaderboard.player')}</th>
                  <th scope="col" className={styles.numeric}>
                    {t('missions.leaderboard.points')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.top.map((row) => (
                  <tr key={row.rank} className={row.isMe ? styles.meRow : undefined}>
                    <td>
                      <span className={styles.rank} data-top={row.rank <= 3 ? row.rank : undefined}>
                        {row.rank}
                      </span>
                    </td>
                    <td>
                      {row.name}
                      {row.isMe ? ` (${t('missions.leaderboard.you')})` : ''}
                    </td>
                    <td className={styles.numeric}>{number.format(row.points)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
