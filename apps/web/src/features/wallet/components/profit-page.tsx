import { formatMoney, formatWholeMoney } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import type { BarChartProps } from '@/components/chart';
import { EmptyState } from '@/components/empty-state';
import { FormAlert } from '@/components/form-field';
import { CoinsBackIcon } from '@/components/icons';
import { lazyArea } from '@/components/lazy-area';
import { Skeleton } from '@/components/skeleton';
import { Spinner } from '@/components/spinner';
import { useLanguage } from '@/i18n';
import type { PeriodFilter } from '../api/get-bet-record';
import { profitQueryOptions, type ProfitReport } from '../api/get-profit';
import { dayInZone, presetDays } from '../lib/date-range';
import { formatSignedMoney } from '../lib/format';
import { PeriodFields, toneClass, TotalsSkeleton, TotalsStrip } from './bet-filters';
import { LoadError } from './load-error';
import styles from './bets.module.css';
import '../wallet.css';

const CHART_HEIGHT_PX = 260;
const FILTER_ERROR_CODES = new Set(['invalid_date_range', 'validation_failed']);

/** The platform's chart (chart.js) in its own chunk: the totals and table show without waiting for it. */
const BarChart = lazyArea<BarChartProps>(
  'Wallet',
  () => import('@/components/chart').then((module) => ({ default: module.BarChart })),
  { fallback: () => <Skeleton height={CHART_HEIGHT_PX} radius={12} /> },
);

/**
 * Profit and loss (member centre personalProfit, docs/product.md §2): the member's result
 * (payouts − stakes of settled rounds) per day of a period, cut in the brand's time zone, as a
 * bar chart, and per game category as a table.
 */
export default function ProfitPage({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const [now] = useState(() => new Date());
  const [period, setPeriod] = useState<PeriodFilter>(() => ({
    period: 'last7',
    ...presetDays('last7', now, timeZone),
  }));
  const report = useQuery(profitQueryOptions(period));
  const filterError =
    report.isError && isApiError(report.error) && FILTER_ERROR_CODES.has(report.error.code)
      ? errorMessage(report.error, t)
      : null;
  const data = report.data;

  let body;
  if (filterError) {
    body = (
      <FormAlert data-testid="profit-range-error">
        <p>{filterError}</p>
      </FormAlert>
    );
  } else if (report.isError) {
    body = (
      <LoadError
        title={t('profit.loadError')}
        error={report.error}
        onRetry={() => void report.refetch()}
        retrying={report.isFetching}
      />
    );
  } else if (!data) {
    body = (
      <div className={styles.skeleton} aria-busy="true" data-testid="profit-loading">
        <TotalsSkeleton />
        <Skeleton height={CHART_HEIGHT_PX} radius={12} />
      </div>
    );
  } else {
    body = (
      <div
        className={`${styles.profitBody} ${report.isPlaceholderData ? 'is-stale' : ''}`}
        aria-busy={report.isFetching}
      >
        <TotalsStrip
          totals={data.totals}
          currency={data.currency}
          showValidBet={false}
          testId="profit-totals"
        />
        {data.totals.rounds === 0 ? (
          <div data-testid="profit-empty">
            <EmptyState icon={<CoinsBackIcon />} title={t('profit.empty')}>
              {t('profit.emptyHint')}
            </EmptyState>
          </div>
        ) : (
          <>
            <DayChart report={data} />
            <CategoryTable report={data} />
          </>
        )}
      </div>
    );
  }

  return (
    <div className="wallet-page" data-testid="profit-page">
      <header className="wallet-page__header">
        <div>
          <h1 className="wallet-page__title">{t('profit.title')}</h1>
          <p className="wallet-page__subtitle">{t('profit.subtitle')}</p>
        </div>
        {report.isFetching && data ? <Spinner sizePx={16} /> : null}
      </header>
      <section className={`card ${styles.card}`}>
        <div
          className={`${styles.filters} ${styles.periodOnly}`}
          role="group"
          aria-label={t('profit.filtersLabel')}
        >
          <PeriodFields
            value={period}
            onChange={setPeriod}
            today={dayInZone(now, timeZone)}
            testIdPrefix="profit"
          />
        </div>
        {body}
      </section>
    </div>
  );
}

/** The result of each day as a bar: above zero a profit, below a loss. */
function DayChart({ report }: { report: ProfitReport }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { labels, values, titles } = useMemo(() => {
    // Days are calendar dates: format them as such (UTC), not as instants.
    const short = new Intl.DateTimeFormat(language, {
      timeZone: 'UTC',
      day: '2-digit',
      month: '2-digit',
    });
    const long = new Intl.DateTimeFormat(language, { timeZone: 'UTC', dateStyle: 'full' });
    const dates = report.days.map((d) => new Date(`${d.day}T00:00:00Z`));
    return {
      labels: dates.map((d) => short.format(d)),
      values: report.days.map((d) => d.profitMinor),
      titles: dates.map((d) => long.format(d)),
    };
  }, [report.days, language]);
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.sectionTitle}>{t('profit.chartTitle')}</figcaption>
      <BarChart
        labels={labels}
        values={values}
        formatValue={(minor) => formatSignedMoney(minor, report.currency, language)}
        formatTick={(minor) => formatWholeMoney(minor, report.currency, language)}
        titleOf={(index) => titles[index] ?? ''}
        label={t('profit.chartLabel')}
        heightPx={CHART_HEIGHT_PX}
        data-testid="profit-chart"
      />
      {/* The same figures for screen readers and for copying. */}
      {/* A table ignores a 1px width: the hiding box is a div around it. */}
      <div className="visually-hidden">
        <table data-testid="profit-days">
          <thead>
            <tr>
              <th scope="col">{t('profit.dayColumns.day')}</th>
              <th scope="col">{t('profit.dayColumns.rounds')}</th>
              <th scope="col">{t('profit.dayColumns.profit')}</th>
            </tr>
          </thead>
          <tbody>
            {report.days.map((d, index) => (
              <tr key={d.day} data-day={d.day} data-profit-minor={d.profitMinor}>
                <td>{titles[index]}</td>
                <td>{d.rounds}</td>
                <td>{formatSignedMoney(d.profitMinor, report.currency, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** Per category: rounds, stakes, payouts and the result, with the category's share of the stakes. */
function CategoryTable({ report }: { report: ProfitReport }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (minor: number) => formatMoney(minor, report.currency, language);
  const top = Math.max(1, ...report.categories.map((c) => c.stakeMinor));
  return (
    <div className={styles.categories}>
      <h2 className={styles.sectionTitle}>{t('profit.byCategory')}</h2>
      <div className="record-table-wrap">
        <table className="record-table" data-testid="profit-categories">
          <thead>
            <tr>
              <th scope="col">{t('profit.categoryColumns.category')}</th>
              <th scope="col" className="is-numeric">
                {t('profit.categoryColumns.rounds')}
              </th>
              <th scope="col" className={`is-numeric ${styles.wideOnly}`}>
                {t('profit.categoryColumns.stake')}
              </th>
              <th scope="col" className={`is-numeric ${styles.wideOnly}`}>
                {t('profit.categoryColumns.payout')}
              </th>
              <th scope="col" className="is-numeric">
                {t('profit.categoryColumns.profit')}
              </th>
            </tr>
          </thead>
          <tbody>
            {report.categories.map((c) => (
              <tr key={c.category} data-category={c.category} data-profit-minor={c.profitMinor}>
                <td>
                  <span className={styles.categoryName}>{t(`categories.${c.category}`)}</span>
                  <span
                    className={styles.share}
                    style={{ inlineSize: `${Math.max(4, (c.stakeMinor / top) * 100)}%` }}
                    aria-hidden="true"
                  />
                </td>
                <td className="is-numeric">{new Intl.NumberFormat(language).format(c.rounds)}</td>
                <td className={`is-numeric ${styles.wideOnly}`}>{money(c.stakeMinor)}</td>
                <td className={`is-numeric ${styles.wideOnly}`}>{money(c.payoutMinor)}</td>
                <td className={`is-numeric ${toneClass(c.profitMinor) ?? ''}`}>
                  {formatSignedMoney(c.profitMinor, report.currency, language)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
