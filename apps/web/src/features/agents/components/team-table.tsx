import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumns } from '@/components/data-table';
import type { TableState } from '@/lib/use-table-state';
import { UsernameSearch } from './username-search';
import styles from './agent-page.module.css';

/** A team list as the agents' endpoints answer it. */
type TeamListPage<Row> = { rows: Row[]; pageNo: number; pageSize: number; total: number };

/**
 * A team list of the agent centre (downlines, team bets, member results, account details): the
 * server's page in the one DataTable, searched by username, its paging and search kept in the
 * address by `useTeamList`. `filters` adds controls after the search.
 */
export function TeamTable<Row extends RowData>({
  columns,
  list,
  state,
  label,
  emptyText,
  getRowId,
  testId,
  filters,
}: {
  columns: DataTableColumns<Row>;
  list: { data?: TeamListPage<Row>; isFetching: boolean; error: unknown };
  state: TableState<'username'>;
  label: string;
  emptyText: string;
  getRowId: (row: Row) => string;
  testId: string;
  filters?: ReactNode;
}) {
  const { data } = list;
  return (
    <DataTable
      columns={columns}
      page={
        data
          ? { rows: data.rows, page: data.pageNo, pageSize: data.pageSize, total: data.total }
          : undefined
      }
      state={state}
      loading={list.isFetching}
      error={list.error}
      label={label}
      filters={
        <>
          <UsernameSearch
            value={state.filters.username}
            onChange={(username) => state.setFilter('username', username)}
          />
          {filters}
        </>
      }
      emptyText={emptyText}
      getRowId={getRowId}
      testId={testId}
    />
  );
}

/** A figure card above a team list or on the overview. */
export type SummaryCard = {
  key: string;
  label: string;
  value: ReactNode;
  /** Green for the agent's gain, red for its loss. */
  tone?: 'up' | 'down' | 'flat' | null;
  hint?: string;
  testId?: string;
};

/** The row of figure cards of the agent centre's pages (totals of a period). */
export function SummaryCards({ cards }: { cards: SummaryCard[] }) {
  return (
    <div className={styles.cards}>
      {cards.map((card) => (
        <div key={card.key} className={styles.card} data-testid={card.testId}>
          <span className={styles.cardLabel}>{card.label}</span>
          <span
            className={[
              styles.cardValue,
              card.tone === 'up' ? styles.up : card.tone === 'down' ? styles.down : '',
            ].join(' ')}
          >
            {card.value}
          </span>
          {card.hint ? <span className={styles.cardHint}>{card.hint}</span> : null}
        </div>
      ))}
    </div>
  );
}
