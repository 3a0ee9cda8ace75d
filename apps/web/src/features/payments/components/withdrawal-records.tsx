import {
  formatMoney,
  WITHDRAWAL_RECORD_STATUSES,
  type Withdrawal,
  type WithdrawalRecordStatus,
} from '@banca/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { useLanguage } from '@/i18n';
import { withdrawalsQueryOptions } from '../api/get-withdrawals';
import { ConfirmDialog } from './confirm-dialog';
import styles from './deposit.module.css';
import own from './withdraw.module.css';
import { RecordList } from './record-list';

/** The deposit page's status colours, by what a withdrawal's status means to the member. */
const TONE: Record<WithdrawalRecordStatus, string> = {
  pending: 'pending',
  approved: 'pending',
  paid: 'pending',
  confirmed: 'credited',
  disputed: 'expired',
  refunded: 'credited',
  dispute_closed: 'expired',
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
  const [confirming, setConfirming] = useState<Withdrawal | null>(null);

  return (
    <>
      <RecordList
        area="withdraw"
        testId="withdrawal-records"
        timeZone={timeZone}
        statuses={WITHDRAWAL_RECORD_STATUSES}
        statusLabel={(s) => t(`withdraw.statuses.${s}`)}
        query={withdrawalsQueryOptions}
        columns={[
          t('withdraw.records.columns.time'),
          t('withdraw.records.columns.key'),
          t('withdraw.records.columns.amount'),
          t('withdraw.records.columns.status'),
        ]}
        numericColumn={2}
        row={(w, time) => (
          <li
            key={w.id}
            className={styles.record}
            data-testid="withdrawal-record"
            data-status={w.status}
            data-amount-minor={w.amountMinor}
          >
            <span className={styles.recordTime}>{time}</span>
            <span>
              {t(`withdraw.keys.types.${w.pixKeyType}`)} · {w.pixKeyMasked}
            </span>
            <strong className={styles.numeric}>
              {formatMoney(w.amountMinor, w.currency, language)}
            </strong>
            <span>
              <span className={styles.status} data-status={TONE[w.status]}>
                {w.confirmation && (w.status === 'confirmed' || w.status === 'disputed')
                  ? t(`withdraw.answers.${w.confirmation}`)
                  : t(`withdraw.statuses.${w.status}`)}
              </span>
              {w.status === 'refunded' ? (
                <small className={own.reason} data-testid="withdrawal-resolution">
                  {t('withdraw.records.refunded', {
                    amount: formatMoney(w.refundMinor ?? 0, w.currency, language),
                    reason: w.resolutionNote ?? '',
                  })}
                </small>
              ) : w.status === 'dispute_closed' ? (
                <small className={own.reason} data-testid="withdrawal-resolution">
                  {t('withdraw.records.disputeClosed', { reason: w.resolutionNote ?? '' })}
                </small>
              ) : w.status === 'failed' && w.rejectReason === 'payout_failed' ? (
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
        )}
      />
      <ConfirmDialog
        key={confirming?.id ?? 0}
        withdrawal={confirming}
        timeZone={timeZone}
        onClose={() => setConfirming(null)}
        onAnswered={onAnswered}
      />
    </>
  );
}
