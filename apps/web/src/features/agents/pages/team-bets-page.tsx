import { formatMoney, type TeamBetsPage as Page } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { tableColumns, type DataTableColumns } from '@/components/data-table';
import { useLanguage } from '@/i18n';
import { teamBetsQueryOptions } from '../api/get-team-bets';
import { PeriodPicker } from '../components/period-picker';
import { SummaryCards, TeamTable } from '../components/team-table';
import { useTeamList } from '../lib/use-team-list';
import styles from '../components/agent-page.module.css';

type Row = Page['rows'][number];
const column = tableColumns<Row>();

/** personalHistoryCopy: the team's bet records of a period (newest first), with their sums. */
export default function TeamBetsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { state, period, setPeriod, query } = useTeamList();
  const page = useQuery(teamBetsQueryOptions(query));
  const currency = page.data?.currency ?? 'BRL';
  // Times in the brand's zone, as the clock and the periods read them.
  const timeZone = page.data?.range.timeZone;
  const money = (minor: number) => formatMoney(minor, currency, language);
  const columns = useMemo<DataTableColumns<Row>>(
    () => [
      column.accessor('openedAt', {
        header: () => t('agents.columns.time'),
        cell: ({ getValue }) => new Date(getValue()).toLocaleString(language, { timeZone }),
      }),
      column.accessor('username', { header: () => t('agents.columns.username') }),
      column.accessor((row) => row.gameName ?? `${row.vendorCode} · ${row.gameCode}`, {
        id: 'game',
        header: () => t('agents.columns.game'),
      }),
      column.accessor('roundId', { header: () => t('agents.columns.round') }),
      column.accessor('stakeMinor', {
        header: () => t('agents.columns.stake'),
        cell: ({ getValue, row }) => (
          <span className={styles.num} data-testid="team-bet-stake">
            {money(getValue())}
            {row.original.refundedMinor > 0 ? (
              <span className={styles.refunded}>{t('agents.refunded')}</span>
            ) : null}
          </span>
        ),
      }),
      column.accessor('validBetMinor', {
        header: () => t('agents.columns.validBets'),
        cell: ({ getValue }) => <span className={styles.num}>{money(getValue())}</span>,
      }),
      column.accessor('payoutMinor', {
        header: () => t('agents.columns.payout'),
        cell: ({ getValue }) => <span className={styles.num}>{money(getValue())}</span>,
      }),
      column.accessor('status', {
        header: () => t('agents.columns.status'),
        cell: ({ getValue }) =>
          t(`agents.betStatus.${getValue() as 'open' | 'settled' | 'cancelled'}`),
      }),
    ],
    // money reads the page's currency, which the columns follow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, language, currency, timeZone],
  );
  const totals = page.data?.totals;
  return (
    <div className={styles.page} data-testid="agent-team-bets">
      <header className={styles.head}>
        <h1 className={styles.title}>{t('agents.menu.personalHistoryCopy')}</h1>
        <PeriodPicker value={period} onChange={setPeriod} />
      </header>
      <SummaryCards
        cards={[
          {
            key: 'stake',
            label: t('agents.columns.stake'),
            value: totals ? money(totals.stakeMinor) : '—',
            testId: 'agent-bets-stake',
          },
          {
            key: 'valid',
            label: t('agents.columns.validBets'),
            value: totals ? money(totals.validBetMinor) : '—',
          },
          {
            key: 'payout',
            label: t('agents.columns.payout'),
            value: totals ? money(totals.payoutMinor) : '—',
          },
        ]}
      />
      <TeamTable
        columns={columns}
        list={page}
        state={state}
        label={t('agents.menu.personalHistoryCopy')}
        emptyText={t('agents.noBets')}
        getRowId={(row) => String(row.id)}
        testId="agent-bets-table"
      />
    </div>
  );
}
