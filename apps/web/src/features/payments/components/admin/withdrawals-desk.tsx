import { formatMoney, WITHDRAWAL_RECORD_STATUSES, type AdminWithdrawal } from '@banca/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { DataTable, tableColumns } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-field';
import { useLanguage } from '@/i18n';
import { useTableState } from '@/lib/use-table-state';
import { toast } from '@/stores/toast-store';
import {
  approveWithdrawal,
  fetchAdminWithdrawals,
  fetchWithdrawalProof,
  rejectWithdrawal,
} from '../../api/admin-withdrawals';
import styles from './deposits-desk.module.css';

/** Longest rejection reason (the server's rule). */
const REASON_MAX_LENGTH = 200;

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
          <span className={styles.status} data-status={TONE[info.getValue()]}>
            {t(`admin.withdrawals.statuses.${info.getValue()}`)}
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
                <option value="">{t('admin.table.all')}</option>
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

/** One proof image, fetched with the staff session (an image, not an envelope). */
function Proof({ withdrawalId, proofId }: { withdrawalId: number; proofId: number }) {
  const { t } = useTranslation();
  const proof = useQuery({
    queryKey: ['admin', 'withdrawals', 'proof', withdrawalId, proofId],
    queryFn: ({ signal }) => fetchWithdrawalProof(withdrawalId, proofId, signal),
    staleTime: Infinity,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!proof.data) return;
    const objectUrl = URL.createObjectURL(proof.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [proof.data]);
  return url ? (
    <img src={url} alt={t('admin.withdrawals.proofs')} data-testid="withdrawal-proof" />
  ) : (
    <p>{t('admin.table.loading')}</p>
  );
}

/** One withdrawal: the facts, the member's answer and proofs, and (pending) the decision. */
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
  const [reason, setReason] = useState('');
  const money = (minor: number) => formatMoney(minor, w.currency, language);
  const done = (message: string) => {
    toast.success(message);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'withdrawals'] });
    onClose();
  };
  const approve = useMutation({
    mutationFn: () => approveWithdrawal(w.id),
    onSuccess: () => done(t('admin.withdrawals.approved')),
  });
  const reject = useMutation({
    mutationFn: () => rejectWithdrawal(w.id, reason.trim()),
    onSuccess: () => done(t('admin.withdrawals.rejected')),
  });
  const facts: Array<[string, string]> = [
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
  return (
    <Dialog
      open
      onClose={onClose}
      title={`${t('admin.withdrawals.withdrawal')} #${w.id} · ${money(w.amountMinor)}`}
      size="wide"
      data-testid="withdrawal-dialog"
    >
      <div className={styles.detail}>
        <dl className={styles.facts}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {w.proofs.length > 0 ? (
          <figure className={styles.receipt}>
            <figcaption>{t('admin.withdrawals.proofs')}</figcaption>
            {w.proofs.map((p) => (
              <Proof key={p.id} withdrawalId={w.id} proofId={p.id} />
            ))}
          </figure>
        ) : null}
      </div>
      {w.status === 'pending' ? (
        <div className={styles.decision}>
          {approve.isError ? <FormAlert>{errorMessage(approve.error, t)}</FormAlert> : null}
          {reject.isError ? <FormAlert>{errorMessage(reject.error, t)}</FormAlert> : null}
          <label className={styles.filter}>
            {t('admin.withdrawals.reason')}
            <textarea
              value={reason}
              maxLength={REASON_MAX_LENGTH}
              rows={2}
              onChange={(event) => setReason(event.target.value)}
              placeholder={t('admin.withdrawals.reasonPlaceholder')}
            />
          </label>
          <div className={styles.actions}>
            <Button
              variant="outline"
              disabled={reason.trim() === '' || approve.isPending}
              busy={reject.isPending}
              onClick={() => reject.mutate()}
              data-testid="withdrawal-reject"
            >
              {t('admin.withdrawals.reject')}
            </Button>
            <Button
              busy={approve.isPending}
              disabled={reject.isPending}
              onClick={() => approve.mutate()}
              data-testid="withdrawal-approve"
            >
              {t('admin.withdrawals.approve')}
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
