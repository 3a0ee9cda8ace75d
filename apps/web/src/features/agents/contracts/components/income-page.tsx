import { CONTRACT_KINDS, formatMoney, formatWholeMoney, type IncomeReport } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BarChartProps } from '@/components/chart';
import { DataTable, tableColumns, type DataTableColumns } from '@/components/data-table';
import { lazyArea } from '@/components/lazy-area';
import { Skeleton } from '@/components/skeleton';
import { useLanguage } from '@/i18n';
import { incomeQueryOptions } from '../api/settlements';
import { PeriodPicker } from '../../components/period-picker';
import { formatSigned } from '../../lib/money';
import { useTeamList } from '../../lib/use-team-list';
import pageStyles from '../../components/agent-page.module.css';

const CHART_HEIGHT_PX = 220;
type DayRow = IncomeReport['byDay'][number];
const column = tableColumns<DayRow>();

/** The platform's one chart, in its own chunk: the figures show without waiting for it. */
const BarChart = lazyArea<BarChartProps>(
  'Agent',
  () => import('@/components/chart').then((module) => ({ default: module.BarChart })),
  { fallback: () => <Skeleton height={CHART_HEIGHT_PX} radius={12} /> },
);

/**
 * "My income" (agentRevenueReport): what the agent's contracts paid it per kind and per day of
 * a period, less what it paid its own downlines (docs/agents.md "Settlement").
 */
export default function IncomePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { state, period, setPeriod } = useTeamList('last7');
  const report = useQuery(incomeQueryOptions(period));
  const data = report.data;
  const currency = data?.currency ?? 'BRL';
  const money = (minor: number) => formatMoney(minor, currency, language);

  const chart = useMemo(() => {
    if (!data) return null;
    const net = new Map<string, number>();
    for (const row of data.byDay) net.set(row.day, (net.get(row.day) ?? 0) + row.netMinor);
    const days = [...net.keys()].sort();
    const short = new Intl.DateTimeFormat(language, {
      timeZone: 'UTC',
      day: '2-digit',
      month: '2-digit',
    });
    return {
      labels: days.map((d) => short.format(new Date(`${d}T00:00:00Z`))),
      values: days.map((d) => net.get(d) ?? 0),
    };
  }, [data, language]);

  const columns = useMemo<DataTableColumns<DayRow>>(
    () => [
      column.accessor('day', { header: () => t('agentContracts.income.columns.day') }),
      column.accessor('kind', {
        header: () => t('agentContracts.income.columns.kind'),
        cell: ({ row }) => t(`agentContracts.kinds.${row.original.kind}`),
      }),
      column.accessor('receivedMinor', {
        header: () => t('agentContracts.income.columns.received'),
        cell: ({ getValue }) => <span className={pageStyles.num}>{money(getValue())}</span>,
      }),
      column.accessor('paidMinor', {
        header: () => t('agentContracts.income.columns.paid'),
        cell: ({ getValue }) => <span className={pageStyles.num}>{money(getValue())}</span>,
      }),
      column.accessor('netMinor', {
        header: () => t('agentContracts.income.columns.net'),
        cell: ({ getValue }) => (
          <strong
            className={`${pageStyles.num} ${getValue() >= 0 ? pageStyles.up : pageStyles.down}`}
          >
            {formatSigned(getValue(), currency, language)}
          </strong>
        ),
      }),
    ],
    // money reads the report's currency and language, which the columns follow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, language, currency],
  );

  // The days come whole (a period has at most ~92 of them × 4 kinds): paged here.
  const rows = data?.byDay ?? [];
  const start = (state.page - 1) * state.pageSize;
  return (
    <div className={pageStyles.page} data-testid="agent-income">
      <header className={pageStyles.head}>
        <div>
          <h1 className={pageStyles.title}>{t('agentContracts.income.title')}</h1>
          <p className={pageStyles.subtitle}>{t('agentContracts.income.subtitle')}</p>
        </div>
        <PeriodPicker value={period} onChange={setPeriod} />
      </header>
      <div className={pageStyles.cards}>
        <div className={pageStyles.card}>
          <span className={pageStyles.cardLabel}>{t('agentContracts.records.net')}</span>
          <span className={pageStyles.cardValue} data-testid="income-net">
            {data ? formatSigned(data.totals.netMinor, currency, language) : '—'}
          </span>
          <span className={pageStyles.cardHint}>
            {data
              ? `${t('agentContracts.records.received')} ${money(data.totals.receivedMinor)} · ${t('agentContracts.records.paid')} ${money(data.totals.paidMinor)}`
              : ''}
          </span>
        </div>
        {CONTRACT_KINDS.map((kind) => {
          const figures = data?.byKind.find((k) => k.kind === kind);
          return (
            <div key={kind} className={pageStyles.card} data-testid={`income-${kind}`}>
              <span className={pageStyles.cardLabel}>{t(`agentContracts.kinds.${kind}`)}</span>
              <span className={pageStyles.cardValue}>
                {figures ? formatSigned(figures.netMinor, currency, language) : '—'}
              </span>
              <span className={pageStyles.cardHint}>
                {figures ? `+${money(figures.receivedMinor)} · −${money(figures.paidMinor)}` : ''}
              </span>
            </div>
          );
        })}
      </div>
      {chart && chart.values.length > 0 ? (
        <section className={pageStyles.panel}>
          <h2 className={pageStyles.panelTitle}>{t('agentContracts.income.byDay')}</h2>
          <BarChart
            labels={chart.labels}
            values={chart.values}
            formatValue={(minor) => formatSigned(minor, currency, language)}
            formatTick={(minor) => formatWholeMoney(minor, currency, language)}
            label={t('agentContracts.income.chartLabel')}
            heightPx={CHART_HEIGHT_PX}
            data-testid="income-chart"
          />
        </section>
      ) : null}
      <DataTable
        columns={columns}
        page={
          data
            ? {
                rows: rows.slice(start, start + state.pageSize),
                page: state.page,
                pageSize: state.pageSize,
                total: rows.length,
              }
            : undefined
        }
        state={state}
        loading={report.isFetching}
        error={report.error}
        label={t('agentContracts.income.tableLabel')}
        emptyText={t('agentContracts.income.empty')}
        getRowId={(row) => `${row.day}:${row.kind}`}
        testId="income-table"
      />
    </div>
  );
}
