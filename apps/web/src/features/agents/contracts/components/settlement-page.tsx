import { formatMoney, type ContractKind, type Settlement } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, tableColumns, type DataTableColumns } from '@/components/data-table';
import { useLanguage } from '@/i18n';
import { settlementsQueryOptions } from '../api/settlements';
import { PeriodPicker } from '../../components/period-picker';
import { formatSigned } from '../../lib/money';
import { useTeamList } from '../../lib/use-team-list';
import { formatRate } from '../lib/rates';
import { MyContracts } from './my-contracts';
import pageStyles from '../../components/agent-page.module.css';

const column = tableColumns<Settlement>();

/** The menu label of each kind's record page (agentDividendRecordCopy2 …). */
const PAGE_TITLE = {
  dividend: 'agents.menu.agentDividendRecordCopy2',
  daily: 'agents.menu.agentDailyWages2',
  hourly: 'agents.menu.agentHourSalary',
  realtime: 'agents.menu.agentRealtimeSalary',
} as const;

/**
 * One kind's page of the agent centre (dividends, daily wages, hourly and real-time salary):
 * the agent's contracts of that kind, then every payout of a period that the agent received or
 * paid, with the figures it was computed from (docs/agents.md "Settlement").
 */
export function SettlementPage({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { state, period, setPeriod } = useTeamList('last7');
  const page = useQuery(
    settlementsQueryOptions({ kind, period, pageNo: state.page, pageSize: state.pageSize }),
  );
  const currency = page.data?.currency ?? 'BRL';
  const money = (minor: number) => formatMoney(minor, currency, language);
  // Windows on the brand's clock, as the centre's clock shows it.
  const timeZone = page.data?.timeZone;
  const when = useMemo(
    () => new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short', timeZone }),
    [language, timeZone],
  );
  const columns = useMemo<DataTableColumns<Settlement>>(
    () => [
      column.accessor('windowStartUtc', {
        header: () => t('agentContracts.records.columns.period'),
        cell: ({ row }) => (
          <span className={pageStyles.num}>
            {when.format(new Date(row.original.windowStartUtc))} –{' '}
            {when.format(new Date(row.original.windowEndUtc)).split(' ').pop()}
          </span>
        ),
      }),
      column.accessor('role', {
        header: () => t('agentContracts.records.columns.role'),
        cell: ({ row }) => t(`agentContracts.records.roles.${row.original.role}`),
      }),
      column.accessor('counterparty', {
        header: () => t('agentContracts.records.columns.counterparty'),
        cell: ({ getValue }) => getValue()?.account ?? t('agentContracts.house'),
      }),
      column.accessor('amountMinor', {
        header: () => t('agentContracts.records.columns.amount'),
        cell: ({ row }) => (
          <strong
            className={`${pageStyles.num} ${row.original.role === 'received' ? pageStyles.up : pageStyles.down}`}
            data-testid="settlement-amount"
          >
            {row.original.role === 'received' ? '+' : '−'}
            {money(row.original.amountMinor)}
          </strong>
        ),
      }),
      column.accessor('status', {
        header: () => t('agentContracts.records.columns.status'),
        cell: ({ row }) => t(`agentContracts.records.statuses.${row.original.status}`),
      }),
      column.accessor('validBetMinor', {
        header: () => t('agentContracts.records.columns.validBet'),
        cell: ({ getValue }) => <span className={pageStyles.num}>{money(getValue())}</span>,
      }),
      column.accessor('profitLossMinor', {
        header: () => t('agentContracts.records.columns.result'),
        cell: ({ getValue }) => (
          <span className={pageStyles.num}>{formatSigned(getValue(), currency, language)}</span>
        ),
      }),
      column.accessor('activeMembers', {
        header: () => t('agentContracts.records.columns.activeMembers'),
      }),
      column.accessor('lateBetMinor', {
        header: () => t('agentContracts.records.columns.late'),
        cell: ({ getValue }) => <span className={pageStyles.num}>{money(getValue())}</span>,
      }),
      column.accessor('rateBp', {
        header: () => t('agentContracts.records.columns.rate'),
        cell: ({ row }) =>
          kind === 'realtime'
            ? `${formatRate(row.original.rateBp, language)} / ${formatRate(row.original.lossRateBp, language)}`
            : formatRate(row.original.rateBp, language),
      }),
    ],
    // money reads the page's currency and language, which the columns follow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, language, kind, when, currency],
  );
  const data = page.data;
  return (
    <div className={pageStyles.page} data-testid={`agent-settlements-${kind}`}>
      <header className={pageStyles.head}>
        <div>
          <h1 className={pageStyles.title}>{t(PAGE_TITLE[kind])}</h1>
          <p className={pageStyles.subtitle}>{t(`agentContracts.kindHints.${kind}`)}</p>
        </div>
        <PeriodPicker value={period} onChange={setPeriod} />
      </header>
      <MyContracts kind={kind} currency={currency} />
      <div className={pageStyles.cards}>
        <Figure
          label={t('agentContracts.records.received')}
          value={data ? money(data.receivedMinor) : '—'}
          testId="settlements-received"
        />
        <Figure
          label={t('agentContracts.records.paid')}
          value={data ? money(data.paidMinor) : '—'}
          testId="settlements-paid"
        />
        <Figure
          label={t('agentContracts.records.net')}
          value={data ? formatSigned(data.receivedMinor - data.paidMinor, currency, language) : '—'}
          testId="settlements-net"
        />
      </div>
      <DataTable
        columns={columns}
        page={
          data
            ? {
                rows: data.list,
                page: data.pageNo,
                pageSize: data.pageSize,
                total: data.totalCount,
              }
            : undefined
        }
        state={state}
        loading={page.isFetching}
        error={page.error}
        label={t('agentContracts.records.tableLabel')}
        emptyText={t('agentContracts.records.empty')}
        getRowId={(row) => String(row.id)}
        testId="settlements-table"
      />
    </div>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className={pageStyles.card}>
      <span className={pageStyles.cardLabel}>{label}</span>
      <span className={pageStyles.cardValue} data-testid={testId}>
        {value}
      </span>
    </div>
  );
}
