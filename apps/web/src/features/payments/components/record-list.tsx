import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { EmptyState } from '@/components/empty-state';
import { FormAlert } from '@/components/form-field';
import { ReceiptIcon } from '@/components/icons';
import { Pagination } from '@/components/pagination';
import { Skeleton } from '@/components/skeleton';
import { useLanguage } from '@/i18n';
import styles from './deposit.module.css';

/** Skeleton rows while the first page loads. */
const SKELETON_ROWS = 3;

/**
 * The frame the member's deposit and withdrawal records share: a status filter, the list with
 * its column header, the empty, loading and error states, and the one Pagination. It holds the
 * filter and the page (a new status goes back to the first page), asks `query` for them and
 * takes its texts from the area's `records` part of the catalogue; the caller says what a row
 * shows, given the record and its time formatted in the brand's zone.
 */
type RecordsPage = { list: { id: number; createdAt: string }[]; totalPages: number };

export function RecordList<Status extends string, Page extends RecordsPage, Key extends QueryKey>({
  area,
  testId,
  timeZone,
  statuses,
  statusLabel,
  filterTestId,
  query,
  columns,
  numericColumn,
  row,
}: {
  /** Whose catalogue part names the filter, the empty state and the pages. */
  area: 'deposit' | 'withdraw';
  testId: string;
  /** The brand's zone, for the records' times. */
  timeZone: string;
  statuses: readonly Status[];
  statusLabel: (status: Status) => string;
  filterTestId?: string;
  query: (status: Status | null, page: number) => UseQueryOptions<Page, Error, Page, Key>;
  /** The column headers; the last column (actions) has none. */
  columns: string[];
  /** Which column holds amounts (right-aligned). */
  numericColumn: number;
  /** One record: its `<li>` (with `styles.record`), cells in the columns' order. */
  row: (record: Page['list'][number], time: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [status, setStatus] = useState<Status | null>(null);
  const [page, setPage] = useState(1);
  const records = useQuery(query(status, page));
  const when = new Intl.DateTimeFormat(language, {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  const texts = {
    filterLabel: t(`${area}.records.filterLabel`),
    all: t(`${area}.records.all`),
    listLabel: t(`${area}.tabs.records`),
    empty: t(`${area}.records.empty`),
    emptyHint: t(`${area}.records.emptyHint`),
    loadError: t(`${area}.records.loadError`),
    pageLabel: t(`${area}.records.pageLabel`),
  };
  return (
    <section className={styles.card} data-testid={testId}>
      <div className={styles.recordsHead}>
        <label className={styles.filter}>
          <span className={styles.label}>{texts.filterLabel}</span>
          <select
            className={styles.select}
            value={status ?? ''}
            onChange={(event) => {
              setStatus((event.target.value || null) as Status | null);
              setPage(1);
            }}
            data-testid={filterTestId}
          >
            <option value="">{texts.all}</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {records.data ? (
        records.data.list.length === 0 ? (
          <EmptyState icon={<ReceiptIcon />} title={texts.empty}>
            {texts.emptyHint}
          </EmptyState>
        ) : (
          <>
            <ul
              className={`${styles.records} ${records.isPlaceholderData ? 'is-stale' : ''}`}
              aria-label={texts.listLabel}
            >
              <li className={styles.recordHeader} aria-hidden="true">
                {columns.map((label, i) => (
                  <span key={label} className={i === numericColumn ? styles.numeric : undefined}>
                    {label}
                  </span>
                ))}
                <span />
              </li>
              {records.data.list.map((record) =>
                row(record, when.format(new Date(record.createdAt))),
              )}
            </ul>
            <Pagination
              page={page}
              totalPages={records.data.totalPages}
              onChange={setPage}
              label={texts.pageLabel}
              className={styles.pagination}
            />
          </>
        )
      ) : records.isError ? (
        <FormAlert>
          {texts.loadError} {errorMessage(records.error, t)}
        </FormAlert>
      ) : (
        <div className={styles.records}>
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <Skeleton key={i} height={44} radius="var(--radius-md)" />
          ))}
        </div>
      )}
    </section>
  );
}
