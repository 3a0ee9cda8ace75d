import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { FormAlert } from '@/components/form-field';
import { ReceiptIcon } from '@/components/icons';
import { Pagination } from '@/components/pagination';
import { Skeleton } from '@/components/skeleton';
import { Spinner } from '@/components/spinner';
import { useMediaQuery } from '@/lib/use-media-query';
import { toast } from '@/stores/toast-store';
import { exportTransactionsCsv } from '../api/export-transactions-csv';
import { balancesQueryOptions } from '../api/get-balances';
import {
  transactionsQueryOptions,
  type TransactionsFilter,
  type TransactionType,
} from '../api/get-transactions';
import {
  dayInZone,
  instantRange,
  presetDays,
  type DayRange,
  type PeriodPreset,
} from '../lib/date-range';
import { LoadError } from './load-error';
import { RECORDS_PAGINATION } from '../lib/records-pagination';
import { RecordFilters } from './record-filters';
import { RecordList } from './record-list';
import { DownloadIcon } from './wallet-icons';
import '../wallet.css';

/** From this width the record is a table; below it, one card per movement. */
const TABLE_MEDIA_QUERY = '(min-width: 720px)';
/** Server answers about the filters themselves: shown beside them, not as a broken page. */
const FILTER_ERROR_CODES = new Set(['invalid_date_range', 'validation_failed']);

/**
 * The account record (member centre transactionHistory): every ledger movement of the
 * member's wallets with its sign and the balance after it, filtered by type and period (whole
 * days in the brand's time zone), paged by the server, exportable as CSV with the same filters.
 */
export default function TransactionHistoryPage({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const wide = useMediaQuery(TABLE_MEDIA_QUERY);
  const [now] = useState(() => new Date());
  const today = dayInZone(now, timeZone);
  const [type, setType] = useState<TransactionType | null>(null);
  const [preset, setPreset] = useState<PeriodPreset>('last7');
  const [customDays, setCustomDays] = useState<DayRange>(() => presetDays('last7', now, timeZone));
  const [pageNo, setPageNo] = useState(1);
  const [exporting, setExporting] = useState(false);
  const listTopRef = useRef<HTMLDivElement>(null);

  const days = preset === 'custom' ? customDays : presetDays(preset, now, timeZone);
  const filter: TransactionsFilter = { type, ...instantRange(days, timeZone) };
  const records = useQuery(transactionsQueryOptions(filter, pageNo));
  const balances = useQuery(balancesQueryOptions());
  const currency = balances.data?.currency ?? 'BRL';

  const changeFilter = (apply: () => void) => {
    apply();
    setPageNo(1);
  };
  const changePage = (page: number) => {
    setPageNo(page);
    listTopRef.current?.scrollIntoView({ block: 'nearest' });
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      const name = await exportTransactionsCsv(filter);
      toast.success(t('records.exported', { name }));
    } catch (error) {
      toast.error(errorMessage(error, t));
    } finally {
      setExporting(false);
    }
  };

  const filterError =
    records.isError && isApiError(records.error) && FILTER_ERROR_CODES.has(records.error.code)
      ? errorMessage(records.error, t)
      : null;
  const page = records.data;

  let body;
  if (filterError) {
    body = (
      <FormAlert data-testid="records-range-error">
        <p>{filterError}</p>
      </FormAlert>
    );
  } else if (records.isError) {
    body = (
      <LoadError
        title={t('records.loadError')}
        error={records.error}
        onRetry={() => void records.refetch()}
        retrying={records.isFetching}
      />
    );
  } else if (!page) {
    body = <RecordsSkeleton />;
  } else if (page.list.length === 0) {
    body = (
      <div data-testid="records-empty">
        <EmptyState icon={<ReceiptIcon />} title={t('records.empty')}>
          {t('records.emptyHint')}
        </EmptyState>
      </div>
    );
  } else {
    body = (
      <>
        <div
          className={records.isPlaceholderData ? 'is-stale' : undefined}
          aria-busy={records.isFetching}
        >
          <RecordList
            list={page.list}
            balances={balances.data}
            currency={currency}
            timeZone={timeZone}
            compact={!wide}
          />
        </div>
        <Pagination
          page={page.pageNo}
          totalPages={page.totalPages}
          onChange={changePage}
          shape={RECORDS_PAGINATION}
          label={t('records.pagination')}
          showStatus
        />
      </>
    );
  }

  return (
    <div className="wallet-page records" data-testid="records-page">
      <header className="wallet-page__header records__header">
        <div>
          <h1 className="wallet-page__title">{t('records.title')}</h1>
          <p className="wallet-page__subtitle">{t('records.subtitle')}</p>
        </div>
        <Button
          variant="secondary"
          onClick={() => void exportCsv()}
          disabled={exporting || Boolean(filterError)}
          data-testid="records-export"
        >
          {exporting ? <Spinner sizePx={16} /> : <DownloadIcon width={18} height={18} />}
          {exporting ? t('records.exporting') : t('records.exportCsv')}
        </Button>
      </header>
      <section className="card records__card">
        <RecordFilters
          type={type}
          onTypeChange={(next) => changeFilter(() => setType(next))}
          preset={preset}
          onPresetChange={(next) =>
            changeFilter(() => {
              // A custom period starts from the one on screen.
              if (next === 'custom') setCustomDays(days);
              setPreset(next);
            })
          }
          days={days}
          onDaysChange={(next) => changeFilter(() => setCustomDays(next))}
          today={today}
        />
        <div ref={listTopRef} className="records__summary">
          {page && !filterError && !records.isError ? (
            <p className="records__count" data-testid="records-count">
              {t('records.totalCount', { count: page.totalCount })}
            </p>
          ) : null}
          {records.isFetching && page ? <Spinner sizePx={16} /> : null}
        </div>
        {body}
      </section>
    </div>
  );
}

function RecordsSkeleton() {
  return (
    <div className="records__skeleton" aria-busy="true" data-testid="records-loading">
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} height={48} radius={12} />
      ))}
    </div>
  );
}
