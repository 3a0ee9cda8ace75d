import {
  BET_STATUSES,
  formatMoney,
  GAME_CATEGORIES,
  type BetStatus,
  type GameCategory,
} from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { EmptyState } from '@/components/empty-state';
import { FormAlert } from '@/components/form-field';
import { DiceIcon } from '@/components/icons';
import { Pagination } from '@/components/pagination';
import { Skeleton } from '@/components/skeleton';
import { Spinner } from '@/components/spinner';
import { useLanguage } from '@/i18n';
import { useMediaQuery } from '@/lib/use-media-query';
import {
  betRecordQueryOptions,
  type BetRecordFilter,
  type BetRoundRecord,
  type PeriodFilter,
} from '../api/get-bet-record';
import { betVendorsQueryOptions } from '../api/get-bet-vendors';
import { dayInZone, presetDays } from '../lib/date-range';
import { formatDateTimeParts, formatSignedMoney } from '../lib/format';
import { RECORDS_PAGINATION } from '../lib/records-pagination';
import { PeriodFields, toneClass, TotalsSkeleton, TotalsStrip } from './bet-filters';
import { LoadError } from './load-error';
import { SelectField } from '@/components/select-field';
import styles from './bets.module.css';
import '../wallet.css';

/** From this width the record is a table; below it, one card per round. */
const TABLE_MEDIA_QUERY = '(min-width: 900px)';
/** Server answers about the filters themselves: shown beside them, not as a broken page. */
const FILTER_ERROR_CODES = new Set(['invalid_date_range', 'validation_failed']);

/**
 * The betting record (member centre personalHistoryCopy, docs/product.md §2): every round the
 * member played, filtered by category, provider, status and period (whole days in the brand's
 * time zone), with the totals of the whole filter and the server's pages.
 */
export default function BetHistoryPage({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const wide = useMediaQuery(TABLE_MEDIA_QUERY);
  const [now] = useState(() => new Date());
  const [period, setPeriod] = useState<PeriodFilter>(() => ({
    period: 'last7',
    ...presetDays('last7', now, timeZone),
  }));
  const [category, setCategory] = useState<GameCategory | null>(null);
  const [vendor, setVendor] = useState<string | null>(null);
  const [status, setStatus] = useState<BetStatus | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const listTopRef = useRef<HTMLDivElement>(null);

  const filter: BetRecordFilter = { ...period, category, vendor, status };
  const record = useQuery(betRecordQueryOptions(filter, pageNo, language));
  const menus = useQuery(betVendorsQueryOptions(language));
  const categories = GAME_CATEGORIES.filter(
    (c) => !menus.data || menus.data.some((m) => m.gameCategory === c),
  );
  const vendors = (menus.data ?? [])
    .filter((m) => !category || m.gameCategory === category)
    .flatMap((m) => m.vendors);

  const changeFilter = (apply: () => void) => {
    apply();
    setPageNo(1);
  };
  const changePage = (page: number) => {
    setPageNo(page);
    listTopRef.current?.scrollIntoView({ block: 'nearest' });
  };

  const filterError =
    record.isError && isApiError(record.error) && FILTER_ERROR_CODES.has(record.error.code)
      ? errorMessage(record.error, t)
      : null;
  const page = record.data;

  let body;
  if (filterError) {
    body = (
      <FormAlert data-testid="bets-range-error">
        <p>{filterError}</p>
      </FormAlert>
    );
  } else if (record.isError) {
    body = (
      <LoadError
        title={t('bets.loadError')}
        error={record.error}
        onRetry={() => void record.refetch()}
        retrying={record.isFetching}
      />
    );
  } else if (!page) {
    body = <ListSkeleton />;
  } else if (page.list.length === 0) {
    body = (
      <div data-testid="bets-empty">
        <EmptyState icon={<DiceIcon />} title={t('bets.empty')}>
          {t('bets.emptyHint')}
        </EmptyState>
      </div>
    );
  } else {
    body = (
      <>
        <div
          className={record.isPlaceholderData ? 'is-stale' : undefined}
          aria-busy={record.isFetching}
        >
          <RoundList list={page.list} currency={page.currency} timeZone={timeZone} wide={wide} />
        </div>
        <Pagination
          page={page.pageNo}
          totalPages={page.totalPages}
          onChange={changePage}
          shape={RECORDS_PAGINATION}
          label={t('bets.pagination')}
          showStatus
        />
      </>
    );
  }

  return (
    <div className="wallet-page" data-testid="bets-page">
      <header className="wallet-page__header">
        <div>
          <h1 className="wallet-page__title">{t('bets.title')}</h1>
          <p className="wallet-page__subtitle">{t('bets.subtitle')}</p>
        </div>
      </header>
      <section className={`card ${styles.card}`}>
        <div className={styles.filters} role="group" aria-label={t('bets.filtersLabel')}>
          <SelectField
            label={t('bets.category')}
            value={category ?? ''}
            onChange={(event) =>
              changeFilter(() => {
                const next = GAME_CATEGORIES.find((c) => c === event.target.value) ?? null;
                setCategory(next);
                // A provider of another category would match nothing.
                const keep = (menus.data ?? []).some(
                  (m) =>
                    (!next || m.gameCategory === next) && m.vendors.some((v) => v.code === vendor),
                );
                if (!keep) setVendor(null);
              })
            }
            data-testid="bets-category"
          >
            <option value="">{t('bets.allCategories')}</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {t(`categories.${c}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('bets.vendor')}
            value={vendor ?? ''}
            onChange={(event) => changeFilter(() => setVendor(event.target.value || null))}
            data-testid="bets-vendor"
          >
            <option value="">{t('bets.allVendors')}</option>
            {vendors.map((v) => (
              <option key={v.code} value={v.code}>
                {v.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('bets.status')}
            value={status ?? ''}
            onChange={(event) =>
              changeFilter(() =>
                setStatus(BET_STATUSES.find((s) => s === event.target.value) ?? null),
              )
            }
            data-testid="bets-status"
          >
            <option value="">{t('bets.allStatuses')}</option>
            {BET_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`bets.statuses.${s}`)}
              </option>
            ))}
          </SelectField>
          <PeriodFields
            value={period}
            onChange={(next) => changeFilter(() => setPeriod(next))}
            today={dayInZone(now, timeZone)}
            testIdPrefix="bets"
          />
        </div>
        <div ref={listTopRef} className={styles.summary}>
          {page && !filterError && !record.isError ? (
            <TotalsStrip
              totals={page.totals}
              currency={page.currency}
              showValidBet
              testId="bets-totals"
            />
          ) : !filterError && !record.isError ? (
            <TotalsSkeleton />
          ) : null}
          {record.isFetching && page ? <Spinner sizePx={16} /> : null}
        </div>
        {body}
      </section>
    </div>
  );
}

type Row = {
  round: BetRoundRecord;
  date: string;
  time: string;
  stake: string;
  /** A cancelled round's stake was given back: said under it. */
  refunded: boolean;
  payout: string;
  profit: string;
};

function RoundList({
  list,
  currency,
  timeZone,
  wide,
}: {
  list: BetRoundRecord[];
  currency: string;
  timeZone: string;
  wide: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (minor: number) => formatMoney(minor, currency, language);
  const rows: Row[] = list.map((round) => ({
    round,
    ...formatDateTimeParts(round.openedAt, language, timeZone),
    stake: money(round.stakeMinor),
    refunded: round.refundedMinor > 0,
    payout: money(round.payoutMinor),
    profit:
      round.profitMinor === null ? '—' : formatSignedMoney(round.profitMinor, currency, language),
  }));
  const data = (row: Row) => ({
    'data-testid': 'bet-row',
    'data-round': row.round.roundId,
    'data-status': row.round.status,
    'data-stake-minor': row.round.stakeMinor,
    'data-refunded-minor': row.round.refundedMinor,
    'data-payout-minor': row.round.payoutMinor,
  });
  const status = (row: Row) => (
    <span className={styles.status} data-status={row.round.status}>
      {t(`bets.statuses.${row.round.status}`)}
    </span>
  );
  const stake = (row: Row) => (
    <>
      {row.stake}
      {row.refunded ? (
        <span className={styles.refunded} data-testid="bet-refunded">
          {t('bets.refunded')}
        </span>
      ) : null}
    </>
  );
  const game = (row: Row) => (
    <span className={styles.game}>
      <strong>{row.round.gameName}</strong>
      <span>
        {row.round.vendorName}
        {row.round.category ? ` · ${t(`categories.${row.round.category}`)}` : ''}
      </span>
    </span>
  );

  if (!wide) {
    return (
      <ul className={styles.cards}>
        {rows.map((row) => (
          <li key={row.round.id} className={styles.roundCard} {...data(row)}>
            <div className={styles.cardLine}>
              {game(row)}
              {status(row)}
            </div>
            <dl className={styles.cardFigures}>
              <div>
                <dt>{t('bets.columns.stake')}</dt>
                <dd>{stake(row)}</dd>
              </div>
              <div>
                <dt>{t('bets.columns.payout')}</dt>
                <dd>{row.payout}</dd>
              </div>
              <div>
                <dt>{t('bets.columns.profit')}</dt>
                <dd className={toneClass(row.round.profitMinor)}>{row.profit}</dd>
              </div>
            </dl>
            <div className={`${styles.cardLine} ${styles.meta}`}>
              <span className={styles.roundId} title={row.round.roundId}>
                {t('bets.roundId', { id: row.round.roundId })}
              </span>
              <span>
                {row.date} {row.time}
              </span>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="record-table-wrap">
      <table className="record-table">
        <thead>
          <tr>
            <th scope="col">{t('bets.columns.time')}</th>
            <th scope="col">{t('bets.columns.game')}</th>
            <th scope="col" className="is-numeric">
              {t('bets.columns.stake')}
            </th>
            <th scope="col" className="is-numeric">
              {t('bets.columns.payout')}
            </th>
            <th scope="col" className="is-numeric">
              {t('bets.columns.profit')}
            </th>
            <th scope="col">{t('bets.columns.status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.round.id} {...data(row)}>
              <td>
                <span className="record-date">{row.date}</span>
                <span className="record-time">{row.time}</span>
              </td>
              <td>
                {game(row)}
                <span className={styles.roundId} title={row.round.roundId}>
                  {row.round.roundId}
                </span>
              </td>
              <td className="is-numeric">{stake(row)}</td>
              <td className="is-numeric">{row.payout}</td>
              <td className={`is-numeric ${toneClass(row.round.profitMinor) ?? ''}`}>
                {row.profit}
              </td>
              <td>{status(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className={styles.skeleton} aria-busy="true" data-testid="bets-loading">
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} height={56} radius={12} />
      ))}
    </div>
  );
}
