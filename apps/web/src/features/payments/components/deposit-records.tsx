import { DEPOSIT_STATUSES, formatMoney, type DepositStatus } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { FormAlert } from '@/components/form-field';
import { ReceiptIcon } from '@/components/icons';
import { Pagination } from '@/components/pagination';
import { Skeleton } from '@/components/skeleton';
import { useLanguage } from '@/i18n';
import { depositsQueryOptions } from '../api/get-deposits';
import styles from './deposit.module.css';

/** The member's deposits, newest first, by status, with the one Pagination; open ones can be reopened. */
export function DepositRecords({
  timeZone,
  onOpen,
}: {
  timeZone: string;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [status, setStatus] = useState<DepositStatus | null>(null);
  const [page, setPage] = useState(1);
  const records = useQuery(depositsQueryOptions(status, page));
  const when = new Intl.DateTimeFormat(language, {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

  return (
    <section className={styles.card} data-testid="deposit-records">
      <div className={styles.recordsHead}>
        <label className={styles.filter}>
          <span className={styles.label}>{t('deposit.records.filterLabel')}</span>
          <select
            className={styles.select}
            value={status ?? ''}
            onChange={(event) => {
              setStatus((event.target.value || null) as DepositStatus | null);
              setPage(1);
            }}
            data-testid="deposit-records-status"
          >
            <option value="">{t('deposit.records.all')}</option>
            {DEPOSIT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`deposit.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {records.data ? (
        records.data.list.length === 0 ? (
          <EmptyState icon={<ReceiptIcon />} title={t('deposit.records.empty')}>
            {t('deposit.records.emptyHint')}
          </EmptyState>
        ) : (
          <>
            <ul
              className={`${styles.records} ${records.isPlaceholderData ? 'is-stale' : ''}`}
              aria-label={t('deposit.tabs.records')}
            >
              <li className={styles.recordHeader} aria-hidden="true">
                <span>{t('deposit.records.columns.time')}</span>
                <span>{t('deposit.records.columns.method')}</span>
                <span className={styles.numeric}>{t('deposit.records.columns.amount')}</span>
                <span>{t('deposit.records.columns.status')}</span>
                <span />
              </li>
              {records.data.list.map((d) => (
                <li
                  key={d.id}
                  className={styles.record}
                  data-testid="deposit-record"
                  data-status={d.status}
                  data-amount-minor={d.amountMinor}
                >
                  <span className={styles.recordTime}>{when.format(new Date(d.createdAt))}</span>
                  <span>{t(`deposit.methods.${d.method}`)}</span>
                  <strong className={styles.numeric}>
                    {formatMoney(d.amountMinor, d.currency, language)}
                  </strong>
                  <span>
                    <span className={styles.status} data-status={d.status}>
                      {t(`deposit.statuses.${d.status}`)}
                    </span>
                  </span>
                  <span className={styles.recordAction}>
                    {d.status === 'pending' ? (
                      <Button size="sm" variant="outline" onClick={() => onOpen(d.id)}>
                        {t('deposit.records.open')}
                      </Button>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              totalPages={records.data.totalPages}
              onChange={setPage}
              label={t('deposit.records.pageLabel')}
              className={styles.pagination}
            />
          </>
        )
      ) : records.isError ? (
        <FormAlert>
          {t('deposit.records.loadError')} {errorMessage(records.error, t)}
        </FormAlert>
      ) : (
        <div className={styles.records}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={44} radius="var(--radius-md)" />
          ))}
        </div>
      )}
    </section>
  );
}
