import {
  formatMoney,
  WITHDRAWAL_RECORD_STATUSES,
  type Withdrawal,
  type WithdrawalRecordStatus,
} from '@banca/contracts';
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
import { withdrawalsQueryOptions } from '../api/get-withdrawals';
import { ConfirmDialog } from './confirm-dialog';
import styles from './deposit.module.css';
import own from './withdraw.module.css';

/** The deposit page's status colours, by what a withdrawal's status means to the member. */
const TONE: Record<WithdrawalRecordStatus, string> = {
  pending: 'pending',
  approved: 'pending',
  paid: 'pending',
  confirmed: 'credited',
  disputed: 'expired',
  rejected: 'failed',
  failed: 'failed',
};

/** The member's withdrawals, newest first, by status, with the one Pagination; a paid one asks for the answer. */
export function WithdrawalRecords({
  timeZone,
  onAnswered,
}: {
  timeZone: string;
  onAnswered: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [status, setStatus] = useState<WithdrawalRecordStatus | null>(null);
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<Withdrawal | null>(null);
  const records = useQuery(withdrawalsQueryOptions(status, page));
  const when = new Intl.DateTimeFormat(language, {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

  return (
    <section className={styles.card} data-testid="withdrawal-records">
      <div className={styles.recordsHead}>
        <label className={styles.filter}>
          <span className={styles.label}>{t('withdraw.records.filterLabel')}</span>
          <select
            className={styles.select}
            value={status ?? ''}
            onChange={(event) => {
              setStatus((event.target.value || null) as WithdrawalRecordStatus | null);
              setPage(1);
            }}
          >
            <option value="">{t('withdraw.records.all')}</option>
            {WITHDRAWAL_RECORD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`withdraw.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {records.data ? (
        records.data.list.length === 0 ? (
          <EmptyState icon={<ReceiptIcon />} title={t('withdraw.records.empty')}>
            {t('withdraw.records.emptyHint')}
          </EmptyState>
        ) : (
          <>
            <ul
              className={`${styles.records} ${records.isPlaceholderData ? 'is-stale' : ''}`}
              aria-label={t('withdraw.tabs.records')}
            >
              <li className={styles.recordHeader} aria-hidden="true">
                <span>{t('withdraw.records.columns.time')}</span>
                <span>{t('withdraw.records.columns.key')}</span>
                <span className={styles.numeric}>{t('withdraw.records.columns.amount')}</span>
                <span>{t('withdraw.records.columns.status')}</span>
                <span />
              </li>
              {records.data.list.map((w) => (
                <li
                  key={w.id}
                  className={styles.record}
                  data-testid="withdrawal-record"
                  data-status={w.status}
                  data-amount-minor={w.amountMinor}
                >
                  <span className={styles.recordTime}>{when.format(new Date(w.createdAt))}</span>
                  <span>
                    {t(`withdraw.keys.types.${w.pixKeyType}`)} · {w.pixKeyMasked}
                  </span>
                  <strong className={styles.numeric}>
                    {formatMoney(w.amountMinor, w.currency, language)}
                  </strong>
                  <span>
                    <span className={styles.status} data-status={TONE[w.status]}>
                      {w.confirmation && w.status !== 'paid'
                        ? t(`withdraw.answers.${w.confirmation}`)
                        : t(`withdraw.statuses.${w.status}`)}
                    </span>
                    {w.status === 'failed' ? (
                      <small className={own.reason}>{t('withdraw.records.payoutFailed')}</small>
                    ) : w.rejectReason ? (
                      <small className={own.reason}>
                        {t('withdraw.records.reason', { reason: w.rejectReason })}
                      </small>
                    ) : null}
                  </span>
                  <span className={styles.recordAction}>
                    {w.status === 'paid' ? (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setConfirming(w)}
                        data-testid="withdrawal-confirm"
                      >
                        {t('withdraw.records.confirm')}
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
              label={t('withdraw.records.pageLabel')}
              className={styles.pagination}
            />
          </>
        )
      ) : records.isError ? (
        <FormAlert>
          {t('withdraw.records.loadError')} {errorMessage(records.error, t)}
        </FormAlert>
      ) : (
        <Skeleton height={160} radius="var(--radius-md)" />
      )}
      <ConfirmDialog
        key={confirming?.id ?? 0}
        withdrawal={confirming}
        timeZone={timeZone}
        onClose={() => setConfirming(null)}
        onAnswered={onAnswered}
      />
    </section>
  );
}
