import { formatMoney, type DownlineRow } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { tableColumns, type DataTableColumns } from '@/components/data-table';
import { useLanguage } from '@/i18n';
import { downlinesQueryOptions } from '../api/get-downlines';
import { PeriodPicker } from '../components/period-picker';
import { TransferDialog } from '../components/transfer-dialog';
import { TeamTable } from '../components/team-table';
import { DOWNLINE_COLUMNS } from '../downline-columns';
import { formatSigned, toneOf } from '../lib/money';
import { useTeamList } from '../lib/use-team-list';
import styles from '../components/agent-page.module.css';

const column = tableColumns<DownlineRow>();

/**
 * downlineManagmentView: the team one level at a time (the agent's direct downline, then any
 * team member's by clicking its name), with each downline's own and team figures over the
 * period, a search, and a transfer to a direct downline.
 */
export default function DownlinesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { state, period, setPeriod, query } = useTeamList('thisMonth');
  const [search, setSearch] = useSearchParams();
  const parentId = Number(search.get('parent')) || undefined;
  const [transferTo, setTransferTo] = useState<{ memberId: number; username: string } | null>(null);
  const page = useQuery(downlinesQueryOptions({ ...query, parentId }));
  const currency = page.data?.currency ?? 'BRL';
  // Times in the brand's zone, as the clock and the periods read them.
  const timeZone = page.data?.range.timeZone;
  const money = (minor: number) => formatMoney(minor, currency, language);
  const isDirectLevel = parentId === undefined;

  const openLevel = (memberId: number | undefined) =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      if (memberId === undefined || memberId === page.data?.path[0]?.memberId)
        next.delete('parent');
      else next.set('parent', String(memberId));
      next.delete('page');
      next.delete('username');
      return next;
    });

  const columns = useMemo<DataTableColumns<DownlineRow>>(
    () => [
      column.accessor('username', {
        header: () => t('agents.columns.username'),
        cell: ({ row }) => (
          <span>
            {row.original.teamSize > 0 ? (
              <button
                type="button"
                className={styles.linkButton}
                onClick={() => openLevel(row.original.memberId)}
                data-testid="agent-downline-open"
              >
                {row.original.username}
              </button>
            ) : (
              row.original.username
            )}{' '}
            <span
              className={
                row.original.isAgent ? `${styles.badge} ${styles.badgeAgent}` : styles.badge
              }
            >
              {row.original.isAgent ? t('agents.kinds.agent') : t('agents.kinds.player')}
            </span>
          </span>
        ),
      }),
      column.accessor('teamSize', {
        header: () => t('agents.columns.teamSize'),
        cell: ({ getValue }) => getValue(),
      }),
      column.accessor('joinedAt', {
        header: () => t('agents.columns.joinedAt'),
        cell: ({ getValue }) => new Date(getValue()).toLocaleDateString(language, { timeZone }),
      }),
      column.accessor((row) => row.figures.depositMinor, {
        id: 'deposits',
        header: () => t('agents.columns.deposits'),
        cell: ({ getValue }) => <span className={styles.num}>{money(getValue())}</span>,
      }),
      column.accessor((row) => row.figures.withdrawalMinor, {
        id: 'withdrawals',
        header: () => t('agents.columns.withdrawals'),
        cell: ({ getValue }) => <span className={styles.num}>{money(getValue())}</span>,
      }),
      column.accessor((row) => row.figures.validBetMinor, {
        id: 'validBets',
        header: () => t('agents.columns.validBets'),
        cell: ({ getValue }) => <span className={styles.num}>{money(getValue())}</span>,
      }),
      column.accessor((row) => row.figures.profitLossMinor, {
        id: 'profitLoss',
        header: () => t('agents.columns.teamResult'),
        cell: ({ getValue }) => (
          <span
            className={`${styles.num} ${toneOf(getValue()) === 'up' ? styles.up : toneOf(getValue()) === 'down' ? styles.down : ''}`}
          >
            {formatSigned(-getValue(), currency, language)}
          </span>
        ),
      }),
      ...DOWNLINE_COLUMNS.map(({ id, headerKey, Cell }) =>
        column.display({
          id,
          // eslint-disable-next-line @typescript-eslint/no-explicit-any -- keys registered by other parts of the feature
          header: () => t(headerKey as any),
          cell: ({ row }) => <Cell row={row.original} currency={currency} />,
        }),
      ),
      ...(isDirectLevel
        ? [
            column.display({
              id: 'transfer',
              header: () => t('agents.columns.actions'),
              cell: ({ row }) => (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    setTransferTo({
                      memberId: row.original.memberId,
                      username: row.original.username,
                    })
                  }
                  data-testid="agent-downline-transfer"
                >
                  {t('agents.transfer.button')}
                </Button>
              ),
            }),
          ]
        : []),
    ],
    // openLevel and money read the latest page; the columns change with the level and language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, language, currency, timeZone, isDirectLevel, page.data?.path],
  );

  return (
    <div className={styles.page} data-testid="agent-downlines">
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('agents.menu.downlineManagmentView')}</h1>
          {page.data ? (
            <ol
              className={styles.crumbs}
              aria-label={t('agents.levels')}
              data-testid="agent-downline-path"
            >
              {page.data.path.map((node, index) => (
                <li key={node.memberId}>
                  {index < page.data.path.length - 1 ? (
                    <button
                      type="button"
                      className={styles.linkButton}
                      onClick={() => openLevel(node.memberId)}
                    >
                      {index === 0 ? t('agents.myTeam') : node.username}
                    </button>
                  ) : (
                    <strong>{index === 0 ? t('agents.myTeam') : node.username}</strong>
                  )}
                </li>
              ))}
            </ol>
          ) : null}
        </div>
        <PeriodPicker value={period} onChange={setPeriod} />
      </header>
      <TeamTable
        columns={columns}
        list={page}
        state={state}
        label={t('agents.menu.downlineManagmentView')}
        emptyText={t('agents.noDownlines')}
        getRowId={(row) => String(row.memberId)}
        testId="agent-downline-table"
      />
      <TransferDialog
        downline={transferTo}
        currency={currency}
        onClose={() => setTransferTo(null)}
      />
    </div>
  );
}
