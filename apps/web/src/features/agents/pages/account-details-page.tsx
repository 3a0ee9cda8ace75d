import {
  ACCOUNT_DETAIL_KINDS,
  formatMoney,
  type AccountDetailsPage as Page,
} from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tableColumns, type DataTableColumns } from '@/components/data-table';
import { useLanguage } from '@/i18n';
import { accountDetailsQueryOptions, type AccountDetailKind } from '../api/get-account-details';
import { PeriodPicker } from '../components/period-picker';
import { TeamTable } from '../components/team-table';
import { useTeamList } from '../lib/use-team-list';
import styles from '../components/agent-page.module.css';

type Row = Page['rows'][number];
const column = tableColumns<Row>();

/** agentDownlineTransactionDetailsCopy: the team's deposits, withdrawals and agent transfers. */
export default function AccountDetailsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { state, period, setPeriod, query } = useTeamList('last7');
  const [kind, setKind] = useState<AccountDetailKind | undefined>(undefined);
  const page = useQuery(accountDetailsQueryOptions({ ...query, kind }));
  const currency = page.data?.currency ?? 'BRL';
  // Times in the brand's zone, as the clock and the periods read them.
  const timeZone = page.data?.range.timeZone;
  const columns = useMemo<DataTableColumns<Row>>(
    () => [
      column.accessor('at', {
        header: () => t('agents.columns.time'),
        cell: ({ getValue }) => new Date(getValue()).toLocaleString(language, { timeZone }),
      }),
      column.accessor('username', { header: () => t('agents.columns.username') }),
      column.accessor('kind', {
        header: () => t('agents.columns.kind'),
        cell: ({ getValue }) => t(`agents.detailKinds.${getValue() as AccountDetailKind}`),
      }),
      column.accessor('amountMinor', {
        header: () => t('agents.columns.amount'),
        cell: ({ getValue }) => (
          <span className={styles.num}>{formatMoney(getValue(), currency, language)}</span>
        ),
      }),
      column.accessor('counterparty', {
        header: () => t('agents.columns.counterparty'),
        cell: ({ getValue }) => getValue() ?? '—',
      }),
    ],
    [t, language, currency, timeZone],
  );
  return (
    <div className={styles.page} data-testid="agent-account-details">
      <header className={styles.head}>
        <h1 className={styles.title}>{t('agents.menu.agentDownlineTransactionDetailsCopy')}</h1>
        <PeriodPicker value={period} onChange={setPeriod} />
      </header>
      <TeamTable
        columns={columns}
        list={page}
        state={state}
        label={t('agents.menu.agentDownlineTransactionDetailsCopy')}
        emptyText={t('agents.noDetails')}
        getRowId={(row) => row.key}
        testId="agent-details-table"
        filters={
          <div className={styles.presets} role="group" aria-label={t('agents.columns.kind')}>
            {[undefined, ...ACCOUNT_DETAIL_KINDS].map((value) => (
              <button
                key={value ?? 'all'}
                type="button"
                className={
                  value === kind ? `${styles.preset} ${styles.presetActive}` : styles.preset
                }
                aria-pressed={value === kind}
                onClick={() => {
                  setKind(value);
                  state.setPage(1);
                }}
              >
                {value ? t(`agents.detailKinds.${value}`) : t('agents.all')}
              </button>
            ))}
          </div>
        }
      />
    </div>
  );
}
