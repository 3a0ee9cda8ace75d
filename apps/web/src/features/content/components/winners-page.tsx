import { formatMoney, WINNER_PERIODS, type WinnerPeriod, type WinnersView } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { EmptyState } from '@/components/empty-state';
import { AlertIcon, CrownIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { Tabs } from '@/components/tabs';
import { useLanguage } from '@/i18n';
import { winnersPageQueryOptions } from '../api/winners';
import { formatWhen } from '../lib/format';
import styles from './content.module.css';

/**
 * Winners ranking and latest winners (docs/product.md §2): the biggest or newest prizes of real
 * rounds in the last day, week or month, from the server's bet records, never seeded ones.
 */
export default function WinnersPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [view, setView] = useState<WinnersView>('ranking');
  const [period, setPeriod] = useState<WinnerPeriod>('week');
  const winners = useQuery(winnersPageQueryOptions(language, view, period));
  return (
    <div className={styles.page} data-testid="winners-page">
      <header className={styles.hero}>
        <span className={styles.heroIcon}>
          <CrownIcon />
        </span>
        <div>
          <h1 className={styles.title}>{t('content.winners.title')}</h1>
          <p className={styles.subtitle}>{t('content.winners.subtitle')}</p>
        </div>
      </header>
      <Tabs
        items={[
          { key: 'ranking', label: t('content.winners.ranking') },
          { key: 'latest', label: t('content.winners.latest') },
        ]}
        selected={view}
        onSelect={setView}
        label={t('content.winners.title')}
        testIdPrefix="winners-tab"
      />
      <div className={styles.chips} role="group" aria-label={t('content.winners.period')}>
        {WINNER_PERIODS.map((key) => (
          <button
            key={key}
            type="button"
            className={styles.chip}
            aria-pressed={period === key}
            onClick={() => setPeriod(key)}
          >
            {t(`content.winners.periods.${key}`)}
          </button>
        ))}
      </div>
      {winners.isPending ? <Skeleton height={240} radius={18} /> : null}
      {winners.isError ? (
        <EmptyState icon={<AlertIcon />} title={t('content.winners.loadError')}>
          {errorMessage(winners.error, t)}
        </EmptyState>
      ) : null}
      {winners.data?.length === 0 ? (
        <EmptyState icon={<CrownIcon />} title={t('content.winners.empty')}>
          {t('content.winners.emptyHint')}
        </EmptyState>
      ) : null}
      {winners.data && winners.data.length > 0 ? (
        <ol
          className={winners.isPlaceholderData ? `${styles.winners} is-stale` : styles.winners}
          data-testid="winners-list"
        >
          {winners.data.map((winner, index) => (
            <li key={winner.id} className={styles.winner}>
              <span className={styles.rank} data-top={view === 'ranking' && index < 3}>
                {index + 1}
              </span>
              <img src={winner.iconUrl} alt="" width={48} height={48} className={styles.gameIcon} />
              <span className={styles.winnerText}>
                <strong>{winner.displayName}</strong>
                <span className={styles.muted}>{winner.gameName}</span>
              </span>
              <span className={styles.winnerAmount}>
                <strong>{formatMoney(winner.winAmountMinor, winner.currency, language)}</strong>
                <span className={styles.muted}>{formatWhen(winner.wonAt, language)}</span>
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
