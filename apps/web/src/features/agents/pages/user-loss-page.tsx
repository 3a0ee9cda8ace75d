import { formatMoney, type UserLossPage as Page } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { tableColumns, type DataTableColumns } from '@/components/data-table';
import { useLanguage } from '@/i18n';
import { userLossQueryOptions } from '../api/get-user-loss';
import { PeriodPicker } from '../components/period-picker';
import { SummaryCards, TeamTable } from '../components/team-table';
import { formatSigned, toneOf } from '../lib/money';
import { useTeamList } from '../lib/use-team-list';
import styles from '../components/agent-page.module.css';

type Row = Page['rows'][number];
const column = tableColumns<Row>();

/** palStatementsAgentCopy: each team member's result over a period, the biggest losers first. */
export default function UserLossPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { state, period, setPeriod, query } = useTeamList();
  const page = useQuery(userLossQueryOptions(query));
  const currency = page.data?.currency ?? 'BRL';
  const money = (minor: number) => formatMoney(minor, currency, language);
  const signed = (minor: number) => (
    <span
      className={`${styles.num} ${toneOf(minor) === 'up' ? styles.down : toneOf(minor) === 'down' ? styles.up : ''}`}
    >
      {formatSigned(minor, currency, language)}
    </span>
  );
  const columns = useMemo<DataTableColumns<Row>>(
    () => [
      column.accessor('username', { header: () => t('agents.columns.username') }),
      column.accessor('rounds', { header: () => t('agents.columns.rounds') }),
      column.accessor('validBetMinor', {
        header: () => t('agents.columns.validBets'),
        cell: ({ getValue }) => <span className={styles.num}>{money(getValue())}</span>,
      }),
      column.accessor('profitLossMinor', {
        header: () => t('agents.columns.playerResult'),
        cell: ({ getValue }) => signed(getValue()),
      }),
      column.accessor('depositMinor', {
        header: () => t('agents.columns.deposits'),
        cell: ({ getValue }) => <span className={styles.num}>{money(getValue())}</span>,
      }),
      column.accessor('withdrawalMinor', {
        header: () => t('agents.columns.withdrawals'),
        cell: ({ getValue }) => <span className={styles.num}>{money(getValue())}</span>,
      }),
    ],
    // money and signed read the page's currency, which the columns follow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, language, currency],
  );
  const totals = page.data?.totals;
  return (
    <div className={styles.page} data-testid="agent-user-loss">
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('agents.menu.palStatementsAgentCopy')}</h1>
          <p className={styles.subtitle}>{t('agents.userLossHint')}</p>
        </div>
        <PeriodPicker value={period} onChange={setPeriod} />
      </header>
      <SummaryCards
        cards={[
          {
            key: 'valid',
            label: t('agents.columns.validBets'),
            value: totals ? money(totals.validBetMinor) : '—',
          },
          {
            key: 'result',
            label: t('agents.columns.playerResult'),
            value: totals ? signed(totals.profitLossMinor) : '—',
            testId: 'agent-loss-total',
          },
          {
            key: 'deposits',
            label: t('agents.columns.deposits'),
            value: totals ? money(totals.depositMinor) : '—',
          },
        ]}
      />
      <TeamTable
        columns={columns}
        list={page}
        state={state}
        label={t('agents.menu.palStatementsAgentCopy')}
        emptyText={t('agents.noFigures')}
        getRowId={(row) => String(row.memberId)}
        testId="agent-loss-table"
      />
    </div>
  );
}
