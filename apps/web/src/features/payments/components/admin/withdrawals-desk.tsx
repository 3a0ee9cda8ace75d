import { formatMoney, WITHDRAWAL_RECORD_STATUSES, type AdminWithdrawal } from '@banca/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, tableColumns } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { useLanguage } from '@/i18n';
import { useTableState } from '@/lib/use-table-state';
import { toast } from '@/stores/toast-store';
import {
  approveWithdrawal,
  closeDispute,
  failPayout,
  fetchAdminWithdrawals,
  fetchWithdrawalProof,
  refundDispute,
  rejectWithdrawal,
  retryPayout,
} from '../../api/admin-withdrawals';
import styles from './deposits-desk.module.css';
import { DecisionPanel, RecordDetail, StaffImage, type Fact } from './record-frame';

/** Shortest reason the server takes for settling a dispute or closing a payout (`cashierReasonRequestSchema`). */
const RESOLUTION_MIN_LENGTH = 3;

const when = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(iso),
  );

/** The deposits desk's status colours, by what a withdrawal's status means to the cashier. */
const TONE: Record<AdminWithdrawal['status'], string> = {
  pending: 'pending',
  approved: 'pending',
  paid: 'pending',
  confirmed: 'credited',
  disputed: 'failed',
  refunded: 'credited',
  dispute_closed: 'neutral',
  rejected: 'expired',
  failed: 'failed',
};

/**
 * The cashier's withdrawals desk (docs/payments.md "Withdrawals"): the queue, oldest first,
 * waiting ones by default; a withdrawal opens with the key, the holder, the payout and the
 * member's answer and proofs, and a pending one is approved (payout) or rejected (refund).
 */
export default function WithdrawalsDesk() {
  const { t } = useTranslation();
  const language = useLanguage();
  const table = useTableState({
    sort: 'createdAt',
    order: 'asc',
    filters: ['status', 'memberId'] as const,
  });
  const [open, setOpen] = useState<AdminWithdrawal | null>(null);
  const page = useQuery({
    queryKey: ['admin', 'withdrawals', table.params],
    queryFn: ({ signal }) => fetchAdminWithdrawals(table.params, signal),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => {
    const column = tableColumns<AdminWithdrawal>();
    return [
      column.accessor('id', { header: '#' }),
      column.accessor('createdAt', {
        id: 'createdAt',
        header: t('admin.withdrawals.time'),
        enableSorting: true,
        cell: (info) => when(info.getValue(), language),
      }),
      column.accessor('memberId', {
        header: t('admin.withdrawals.member'),
        cell: (info) => `${info.row.original.merchantCode} · ${info.getValue()}`,
      }),
      column.accessor('amountMinor', {
        id: 'amountMinor',
        header: t('admin.withdrawals.amount'),
        enableSorting: true,
        cell: (info) => (
          <span className={styles.money}>
            {formatMoney(info.getValue(), info.row.original.currency, language)}
          </span>
        ),
      }),
      column.accessor('pixKey', {
        header: t('admin.withdrawals.key'),
        cell: (info) => `${info.row.original.pixKeyType.toUpperCase()} · ${info.getValue()}`,
      }),
      column.accessor('holderCpfMasked', {
        header: t('admin.withdrawals.holder'),
        cell: (info) =>
          [info.row.original.holderName, info.getValue()].filter(Boolean).join(' · ') || '—',
      }),
      column.accessor('status', {
        header: t('admin.withdrawals.status'),
        cell: (info) => (
          <span className={styles.statusCell}>
            <span className={styles.status} data-status={TONE[info.getValue()]}>
              {t(`admin.withdrawals.statuses.${info.getValue()}`)}
            </span>
            {info.row.original.payoutGaveUp ? (
              <span className={styles.status} data-status="failed" data-testid="payout-gave-up">
                {t('admin.withdrawals.gaveUp')}
              </span>
            ) : null}
          </span>
        ),
      }),
    ];
  }, [t, language]);

  return (
    <div className={styles.desk} data-testid="withdrawals-desk">
      <header className={styles.heading}>
        <div>
          <h1>{t('admin.withdrawals.title')}</h1>
          <p>{t('admin.withdrawals.subtitle')}</p>
        </div>
      </header>
      <DataTable
        label={t('admin.withdrawals.title')}
        columns={columns}
        page={page.data}
        state={table}
        loading={page.isFetching}
        error={page.error}
        getRowId={(row) => String(row.id)}
        onRowClick={setOpen}
        testId="withdrawals-table"
        filters={
          <div className={styles.filters}>
            <label className={styles.filter}>
              {t('admin.withdrawals.status')}
              <select
                value={table.filters.status ?? ''}
                onChange={(event) => table.setFilter('status', event.target.value)}
                data-testid="withdrawals-status-filter"
              >
                <option value="">{t('table.all')}</option>
                {WITHDRAWAL_RECORD_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`admin.withdrawals.statuses.${s}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
        }
      />
      {open ? <WithdrawalDialog withdrawal={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

/** One withdrawal: the facts, the member's answer and proofs, and the decision its state allows. */
function WithdrawalDialog({
  withdrawal: w,
  onClose,
}: {
  withdrawal: AdminWithdrawal;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const money = (minor: number) => formatMoney(minor, w.currency, language);
  const done = (message: string) => {
    toast.success(message);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'withdrawals'] });
    onClose();
  };
  const facts: Fact[] = [
    [t('admin.withdrawals.member'), `${w.merchantCode} · ${w.memberId}`],
    [t('admin.withdrawals.time'), when(w.createdAt, language)],
    [t('admin.withdrawals.key'), `${w.pixKeyType.toUpperCase()} · ${w.pixKey}`],
    [
      t('admin.withdrawals.holder'),
      [w.holderName, w.holderCpfMasked].filter(Boolean).join(' · ') || '—',
    ],
    [t('admin.withdrawals.status'), t(`admin.withdrawals.statuses.${w.status}`)],
    [
      t('admin.withdrawals.reviewedBy'),
      [w.reviewedBy, w.rejectReason].filter(Boolean).join(' · ') || '—',
    ],
    [
      t('admin.withdrawals.payout'),
      [
        w.payoutAttempts > 0
          ? t('admin.withdrawals.payoutAttempts', { count: w.payoutAttempts })
          : null,
        w.endToEndId,
        w.payoutError,
      ]
        .filter(Boolean)
        .join(' · ') || '—',
    ],
    [
      t('admin.withdrawals.answer'),
      w.confirmation
        ? [
            t(`admin.withdrawals.answers.${w.confirmation}`),
            w.receivedMinor !== null && w.confirmation === 'partial'
              ? t('admin.withdrawals.received', { amount: money(w.receivedMinor) })
              : null,
          ]
            .filter(Boolean)
            .join(' · ')
        : '—',
    ],
  ];
  if (w.status === 'refunded' || w.status === 'dispute_closed')
    facts.push([
      t('admin.withdrawals.resolution'),
      [
        w.status === 'refunded'
          ? t('admin.withdrawals.resolutionRefunded', {
              amount: money(w.refundMinor ?? 0),
              reason: w.resolutionNote ?? '',
            })
          : t('admin.withdrawals.resolutionClosed', { reason: w.resolutionNote ?? '' }),
        w.resolvedBy,
      ]
        .filter(Boolean)
        .join(' · '),
    ]);
  return (
    <Dialog
      open
      onClose={onClose}
      title={`${t('admin.withdrawals.withdrawal')} #${w.id} · ${money(w.amountMinor)}`}
      size="wide"
      data-testid="withdrawal-dialog"
    >
      <RecordDetail
        facts={facts}
        images={
          w.proofs.length > 0 ? (
            <>
              <figcaption>{t('admin.withdrawals.proofs')}</figcaption>
              {w.proofs.map((p) => (
                <StaffImage
                  key={p.id}
                  queryKey={['admin', 'withdrawals', 'proof', w.id, p.id]}
                  load={(signal) => fetchWithdrawalProof(w.id, p.id, signal)}
                  alt={t('admin.withdrawals.proofs')}
                  testId="withdrawal-proof"
                />
              ))}
            </>
          ) : null
        }
      />
      {w.status === 'pending' ? <ReviewDecision withdrawal={w} onDone={done} /> : null}
      {w.status === 'disputed' ? <DisputeDecision withdrawal={w} onDone={done} /> : null}
      {w.payoutGaveUp ? <StuckPayoutDecision withdrawal={w} onDone={done} /> : null}
    </Dialog>
  );
}

type DecisionProps = { withdrawal: AdminWithdrawal; onDone: (message: string) => void };

/** A pending withdrawal: approve (payout) or reject with a reason (amount back). */
function ReviewDecision({ withdrawal: w, onDone }: DecisionProps) {
  const { t } = useTranslation();
  const approve = useMutation({
    mutationFn: () => approveWithdrawal(w.id),
    onSuccess: () => onDone(t('admin.withdrawals.approved')),
  });
  const reject = useMutation({
    mutationFn: (reason: string) => rejectWithdrawal(w.id, reason),
    onSuccess: () => onDone(t('admin.withdrawals.rejected')),
  });
  return (
    <DecisionPanel
      reasonLabel={t('admin.withdrawals.reason')}
      reasonPlaceholder={t('admin.withdrawals.reasonPlaceholder')}
      errors={[approve.error, reject.error]}
      secondary={{
        label: t('admin.withdrawals.reject'),
        testId: 'withdrawal-reject',
        onChoose: (reason) => reject.mutate(reason),
        pending: reject.isPending,
        needsReason: true,
      }}
      primary={{
        label: t('admin.withdrawals.approve'),
        testId: 'withdrawal-approve',
        onChoose: () => approve.mutate(),
        pending: approve.isPending,
        needsReason: false,
      }}
    />
  );
}

/**
 * A disputed payout (spec §4: partly or not received): refund the missing amount through the
 * ledger, or close without a refund; either with the reason the member reads.
 */
function DisputeDecision({ withdrawal: w, onDone }: DecisionProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const missing = formatMoney(w.remainingMinor ?? w.amountMinor, w.currency, language);
  const refund = useMutation({
    mutationFn: (reason: string) => refundDispute(w.id, reason),
    onSuccess: () => onDone(t('admin.withdrawals.refundDone')),
  });
  const close = useMutation({
    mutationFn: (reason: string) => closeDispute(w.id, reason),
    onSuccess: () => onDone(t('admin.withdrawals.closeDone')),
  });
  return (
    <DecisionPanel
      testId="dispute-actions"
      reasonTestId="dispute-reason"
      title={t('admin.withdrawals.disputeTitle')}
      hint={t('admin.withdrawals.disputeHint', { amount: missing })}
      reasonLabel={t('admin.withdrawals.resolutionReason')}
      reasonPlaceholder={t('admin.withdrawals.resolutionPlaceholder')}
      minReason={RESOLUTION_MIN_LENGTH}
      errors={[refund.error, close.error]}
      secondary={{
        label: t('admin.withdrawals.closeDispute'),
        testId: 'dispute-close',
        onChoose: (reason) => close.mutate(reason),
        pending: close.isPending,
        needsReason: true,
      }}
      primary={{
        label: t('admin.withdrawals.refund', { amount: missing }),
        testId: 'dispute-refund',
        onChoose: (reason) => refund.mutate(reason),
        pending: refund.isPending,
        needsReason: true,
      }}
    />
  );
}

/** A payout the job gave up on: retry it (same payout id) or close it as failed (amount back). */
function StuckPayoutDecision({ withdrawal: w, onDone }: DecisionProps) {
  const { t } = useTranslation();
  const retry = useMutation({
    mutationFn: () => retryPayout(w.id),
    onSuccess: () => onDone(t('admin.withdrawals.retryDone')),
  });
  const fail = useMutation({
    mutationFn: (reason: string) => failPayout(w.id, reason),
    onSuccess: () => onDone(t('admin.withdrawals.failDone')),
  });
  return (
    <DecisionPanel
      testId="stuck-payout-actions"
      title={t('admin.withdrawals.stuckTitle')}
      hint={t('admin.withdrawals.stuckHint', { count: w.payoutAttempts })}
      reasonLabel={t('admin.withdrawals.failReason')}
      reasonPlaceholder={t('admin.withdrawals.failPlaceholder')}
      minReason={RESOLUTION_MIN_LENGTH}
      errors={[retry.error, fail.error]}
      secondary={{
        label: t('admin.withdrawals.failPayout'),
        testId: 'payout-fail',
        onChoose: (reason) => fail.mutate(reason),
        pending: fail.isPending,
        needsReason: true,
      }}
      primary={{
        label: t('admin.withdrawals.retry'),
        testId: 'payout-retry',
        onChoose: () => retry.mutate(),
        pending: retry.isPending,
        needsReason: false,
      }}
    />
  );
}
