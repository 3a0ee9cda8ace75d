import {
  createColumnHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type PaginationState,
  type RowData,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { TABLE_PAGE_SIZES, type TablePaging } from '@/lib/use-table-state';
import styles from './data-table.module.css';
import { Pagination } from './pagination';
import { Skeleton } from './skeleton';

/**
 * The console's one table (docs/admin-console.md), on TanStack Table 9: sorting and paging are
 * the server's (manual), owned by a `TableState` (lib/use-table-state.ts: the address), so the
 * table only draws and reports clicks. Every desk uses it.
 */
const features = tableFeatures({ rowSortingFeature, rowPaginationFeature });
export type DataTableFeatures = typeof features;

/** Column definitions for rows of `Row`: `tableColumns<Row>().accessor('id', {...})`. */
export function tableColumns<Row extends RowData>() {
  return createColumnHelper<DataTableFeatures, Row>();
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of mixed value types, as TanStack types them
export type DataTableColumns<Row extends RowData> = ColumnDef<DataTableFeatures, Row, any>[];

/** A server page as every console list answers it (contracts adminPage). */
export type TablePage<Row> = { rows: Row[]; page: number; pageSize: number; total: number };

/** Rows drawn as skeletons on the first load (the page size, capped: a screenful). */
const SKELETON_ROWS_MAX = 10;
const EMPTY: never[] = [];
/** Sorting is one column at a time, and never "unsorted": the server always orders. */
const defaultColumn = { enableSorting: false } as const;

function apply<T>(updater: Updater<T>, current: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;
}

export function DataTable<Row extends RowData>({
  columns,
  page,
  state,
  loading = false,
  error = null,
  label,
  filters,
  actions,
  emptyText,
  getRowId,
  onRowClick,
  rowLabel,
  testId,
}: {
  columns: DataTableColumns<Row>;
  /** The page the server answered; undefined before the first answer. */
  page: TablePage<Row> | undefined;
  state: TablePaging;
  /** A request is on its way (the previous page stays shown meanwhile). */
  loading?: boolean;
  error?: unknown;
  /** What the table lists, for screen readers (the table's caption). */
  label: string;
  /** Filter controls, drawn above the table; they call `state.setFilter`. */
  filters?: ReactNode;
  /** Buttons beside the filters (e.g. "New operator"). */
  actions?: ReactNode;
  emptyText?: string;
  getRowId?: (row: Row) => string;
  /** Makes rows open something (keyboard too: Enter on the row's first cell button). */
  onRowClick?: (row: Row) => void;
  /** The accessible name of a row's open button, when rows open. */
  rowLabel?: (row: Row) => string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const pageSizeId = useId();
  const sorting: SortingState = state.sort
    ? [{ id: state.sort, desc: state.order === 'desc' }]
    : [];
  const pagination: PaginationState = { pageIndex: state.page - 1, pageSize: state.pageSize };

  const table = useTable({
    features,
    columns,
    data: page?.rows ?? EMPTY,
    defaultColumn,
    getRowId,
    rowCount: page?.total ?? 0,
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    state: { sorting, pagination },
    onSortingChange: (updater) => {
      const [first] = apply(updater, sorting);
      if (first) state.setSort(first.id, first.desc ? 'desc' : 'asc');
    },
    onPaginationChange: (updater) => {
      const next = apply(updater, pagination);
      if (next.pageSize !== pagination.pageSize) state.setPageSize(next.pageSize);
      else state.setPage(next.pageIndex + 1);
    },
  });

  const total = page?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / state.pageSize));
  const leafCount = table.getAllLeafColumns().length;
  const firstLoad = page === undefined && !error;

  return (
    <section className={styles.frame} data-testid={testId} aria-busy={loading || undefined}>
      {filters || actions ? (
        <div className={styles.toolbar}>
          {filters ? (
            <div className={styles.filters} role="search" aria-label={t('table.filters')}>
              {filters}
            </div>
          ) : null}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </div>
      ) : null}
      <div className={styles.scroller}>
        <table className={styles.table}>
          <caption className="visually-hidden">{label}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  const title = header.isPlaceholder ? null : <table.FlexRender header={header} />;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={
                        sorted === 'asc'
                          ? 'ascending'
                          : sorted === 'desc'
                            ? 'descending'
                            : undefined
                      }
                    >
                      {canSort ? (
                        <button
                          type="button"
                          className={styles.sortButton}
                          onClick={header.column.getToggleSortingHandler()}
                          data-sorted={sorted || undefined}
                        >
                          {title}
                          <span className={styles.sortMark} aria-hidden="true">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        title
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {firstLoad
              ? Array.from({ length: Math.min(state.pageSize, SKELETON_ROWS_MAX) }, (_, index) => (
                  <tr key={`skeleton-${index}`} aria-hidden="true">
                    {Array.from({ length: leafCount }, (_, cell) => (
                      <td key={cell}>
                        <Skeleton height={14} width={cell === 0 ? '60%' : '80%'} />
                      </td>
                    ))}
                  </tr>
                ))
              : table.getRowModel().rows.map((row) => (
                  <tr
                    key={row.id}
                    className={onRowClick ? styles.clickable : undefined}
                    onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                    data-testid="table-row"
                  >
                    {row.getAllCells().map((cell, index) => (
                      <td key={cell.id}>
                        {index === 0 && onRowClick ? (
                          <button
                            type="button"
                            className={styles.rowOpen}
                            aria-label={rowLabel?.(row.original)}
                            onClick={(event) => {
                              event.stopPropagation();
                              onRowClick(row.original);
                            }}
                          >
                            <table.FlexRender cell={cell} />
                          </button>
                        ) : (
                          <table.FlexRender cell={cell} />
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
          </tbody>
        </table>
        {error ? (
          <p className={styles.message} role="alert">
            {t('table.error')} {errorMessage(error, t)}
          </p>
        ) : page && page.rows.length === 0 ? (
          <p className={styles.message} data-testid="table-empty">
            {emptyText ?? t('table.empty')}
          </p>
        ) : null}
      </div>
      <footer className={styles.footer}>
        <span className={styles.total} aria-live="polite">
          {page ? t('table.total', { count: total }) : loading ? t('table.loading') : null}
        </span>
        <Pagination
          page={Math.min(state.page, totalPages)}
          totalPages={totalPages}
          onChange={(next) => table.setPageIndex(next - 1)}
          className={styles.pager}
        />
        <label className={styles.pageSize} htmlFor={pageSizeId}>
          {t('table.pageSize')}
          <select
            id={pageSizeId}
            value={state.pageSize}
            onChange={(event) => table.setPageSize(Number(event.target.value))}
          >
            {TABLE_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      </footer>
    </section>
  );
}
