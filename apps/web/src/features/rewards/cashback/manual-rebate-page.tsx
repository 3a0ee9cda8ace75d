import {
  ENDPOINTS,
  formatMoney,
  ROUTES,
  type Language,
  type RebateClaim,
  type RebateOverview,
} from '@banca/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/api/client';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { CoinsBackIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { PageHeader } from '@/components/page-header';
import { useLanguage } from '@/i18n';
import styles from '../bonus/bonus.module.css';

const rebateQueryKey = ['rewards', 'rebate'] as const;

export type ManualRebatePageProps = { timeZone: string; onClaimed: () => void };

/**
 * Manual rebate (member centre manualRebate, docs/bonus.md): what a claim would pay now by
 * game category, the claim button, and the claims made.
 */
export default function ManualRebatePage({ timeZone, onClaimed }: ManualRebatePageProps) {
  const { t } = useTranslation();
  const language: Language = useLanguage();
  const queryClient = useQueryClient();
  const overview = useQuery({
    queryKey: rebateQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<RebateOverview>(ENDPOINTS.bonus.rebate, {
        schema: import.meta.env.DEV ? ROUTES.bonus.rebate.response : undefined,
        signal,
      }),
  });
  const claim = useMutation({
    mutationFn: () => apiRequest<RebateClaim>(ENDPOINTS.bonus.claimRebate, { body: {} }),
    onSuccess: onClaimed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rebateQueryKey }),
  });
  const when = new Intl.DateTimeFormat(language, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone,
  });
  const data = overview.data;
  const money = (minor: number) => formatMoney(minor, data?.currency ?? 'BRL', language);
  return (
    <div className={styles.page} data-testid="manual-rebate-page">
      <PageHeader
        icon={<CoinsBackIcon />}
        title={t('rebate.title')}
        subtitle={t('rebate.subtitle')}
      />
      {overview.error ? (
        <p role="alert" className={styles.card}>
          {errorMessage(overview.error, t)}
        </p>
      ) : !data ? (
        <Skeleton height={160} />
      ) : (
        <>
          <section className={`${styles.card} ${styles.balance}`}>
            <div>
              <div className={styles.note}>{t('rebate.available')}</div>
              <div className={styles.balanceValue} data-testid="rebate-available">
                {money(data.amountMinor)}
              </div>
              <div className={styles.note}>
                {t('rebate.since', { since: when.format(new Date(data.sinceUtc)) })}
              </div>
            </div>
            <Button
              onClick={() => claim.mutate()}
              disabled={claim.isPending || data.amountMinor <= 0}
              data-testid="rebate-claim"
            >
              {t('rebate.claim')}
            </Button>
          </section>
          {claim.error ? <p role="alert">{errorMessage(claim.error, t)}</p> : null}
          {claim.data ? (
            <p className={styles.note} role="status">
              {t('rebate.claimed', { amount: money(claim.data.amountMinor) })}
            </p>
          ) : null}
          {data.lines.length > 0 ? (
            <section className={styles.card}>
              <h2 className={styles.sectionTitle}>{t('rebate.lines')}</h2>
              {data.lines.map((line) => (
                <div key={line.category} className={styles.facts}>
                  <span>
                    {t('rebate.line', {
                      category: t(`categories.${line.category}`, { defaultValue: line.category }),
                      bets: money(line.validBetMinor),
                      rate: `${(line.rateBp / 100).toLocaleString(language)}%`,
                    })}
                  </span>
                  <span className={styles.amount}>{money(line.amountMinor)}</span>
                </div>
              ))}
            </section>
          ) : null}
          <h2 className={styles.sectionTitle}>{t('rebate.history')}</h2>
          {data.claims.length === 0 ? (
            <p className={styles.note}>{t('rebate.noHistory')}</p>
          ) : (
            <ul className={styles.history} data-testid="rebate-claims">
              {data.claims.map((c) => (
                <li key={c.id} className={styles.historyRow}>
                  <span>
                    {when.format(new Date(c.toUtc))}
                    <span className={styles.historyWhen}>
                      {t('rebate.wagered', { amount: money(c.validBetMinor) })}
                    </span>
                  </span>
                  <span />
                  <span className={styles.amount}>{money(c.amountMinor)}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
