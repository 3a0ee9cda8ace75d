import { formatMoney, type AdminDeposit } from '@banca/contracts';
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
  approveDeposit,
  fetchAdminDeposits,
  fetchReceipt,
  rejectDeposit,
} from '../../api/admin-deposits';
import styles from './deposits-desk.module.css';

/** Longest rejection reason (the server's rule). */
const REASON_MAX_LENGTH = 200;

const when = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(iso),
  );

/**
 * The cashier's deposits desk (docs/payments.md): every deposit by method and status, oldest
 * first; a manual transfer opens with its receipt to approve or reject. Roles finance, owner.
 */
export default function DepositsDesk() {
  const { t } = useTranslation();
  const language = useLanguage();
  const table = useTableState({
    sort: 'createdAt',
    order: 'asc',
    filters: ['method', 'status', 'memberId'] as const,
  });
  const [open, setOpen] = useState<AdminDeposit | null>(null);
  const page = useQuery({
    queryKey: ['admin', 'deposits', table.params],
    queryFn: ({ signal }) => fetchAdminDeposits(table.params, signal),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => {
    const column = tableColumns<AdminDeposit>();
    return [
      column.accessor('id', { header: '#' }),
      column.accessor('createdAt', {
        id: 'createdAt',
        header: t('admin.deposits.time'),
        enableSorting: true,
        cell: (info) => when(info.getValue(), language),
      }),
      column.accessor('memberId', {
        header: t('admin.deposits.member'),
        cell: (info) => `${info.row.original.merchantCode} · ${info.getValue()}`,
      }),
      column.accessor('method', {
        header: t('admin.deposits.method'),
        cell: (info) => t(`admin.deposits.methods.${info.getValue()}`),
      }),
      column.accessor('amountMinor', {
        id: 'amountMinor',
        header: t('admin.deposits.amount'),
        enableSorting: true,
        cell: (info) => (
          <span className={styles.money}>
            {formatMoney(info.getValue(), info.row.original.currency, language)}
          </span>
        ),
      }),
      column.accessor('status', {
        header: t('admin.deposits.status'),
        cell: (info) => (
          <span className={styles.status} data-status={info.getValue()}>
            {t(`admin.deposits.statuses.${info.getValue()}`)}
          </span>
        ),
      }),
      column.display({
        id: 'receipt',
        header: t('admin.deposits.receipt'),
        cell: (info) =>
          info.row.original.method === 'bank_transfer'
            ? info.row.original.bankTransfer?.receiptUploaded
              ? t('admin.deposits.receiptSent')
              : t('admin.deposits.receiptMissing')
            : (info.row.original.payerCpfMasked ?? '—'),
      }),
    ];
  }, [t, language]);

  return (
    <div className={styles.desk} data-testid="deposits-desk">
      <header className={styles.heading}>
        <div>
          <h1>{t('admin.deposits.title')}</h1>
          <p>{t('admin.deposits.subtitle')}</p>
        </div>
      </header>
      <DataTable
        label={t('admin.deposits.title')}
        columns={columns}
        page={page.data}
        state={table}
        loading={page.isFetching}
        error={page.error}
        getRowId={(row) => String(row.id)}
        onRowClick={setOpen}
        testId="deposits-table"
        filters={
          <div className={styles.filters}>
            <label className={styles.filter}>
              {t('admin.deposits.method')}
              <select
                value={table.filters.method ?? ''}
                onChange={(event) => table.setFilter('method', event.target.value)}
              >
                <option value="">{t('admin.table.all')}</option>
                <option value="bank_transfer">{t('admin.deposits.methods.bank_transfer')}</option>
                <option value="pix">{t('admin.deposits.methods.pix')}</option>
              </select>
            </label>
            <label className={styles.filter}>
              {t('admin.deposits.status')}
              <select
                value={table.filters.status ?? ''}
                onChange={(event) => table.setFilter('status', event.target.value)}
              >
                <option value="">{t('admin.table.all')}</option>
                {(['pending', 'credited', 'failed', 'expired'] as const).map((s) => (
                  <option key={s} value={s}>
                    {t(`admin.deposits.statuses.${s}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
        }
      />
      {open ? <DepositDialog deposit={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

/** One deposit: what the provider reported, the receipt, and (for an open transfer) the decision. */
function DepositDialog({ deposit, onClose }: { deposit: AdminDeposit; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const receipt = useQuery({
    queryKey: ['admin', 'deposits', 'receipt', deposit.id],
    queryFn: ({ signal }) => fetchReceipt(deposit.id, signal),
    enabled: deposit.bankTransfer?.receiptUploaded === true,
    staleTime: Infinity,
  });
  // A data: URL, not a blob: one: the site's CSP lets images come from 'self', data: and https.
  const [receiptUrl, setReceiptUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!receipt.data) return;
    const reader = new FileReader();
    reader.onload = () => setReceiptUrl(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(receipt.data);
    return () => reader.abort();
  }, [receipt.data]);
  const done = (message: string) => {
    toast.success(message);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'deposits'] });
    onClose();
  };
  const approve = useMutation({
    mutationFn: () => approveDeposit(deposit.id),
    onSuccess: () => done(t('admin.deposits.approved')),
  });
  const reject = useMutation({
    mutationFn: () => rejectDeposit(deposit.id, reason.trim()),
    onSuccess: () => done(t('admin.deposits.rejected')),
  });
  const decidable =
    deposit.method === 'bank_transfer' &&
    deposit.status === 'pending' &&
    deposit.bankTransfer?.receiptUploaded === true;
  const facts: Array<[string, string]> = [
    [t('admin.deposits.member'), `${deposit.merchantCode} · ${deposit.memberId}`],
    [t('admin.deposits.method'), t(`admin.deposits.methods.${deposit.method}`)],
    [t('admin.deposits.time'), when(deposit.createdAt, language)],
    [t('admin.deposits.status'), t(`admin.deposits.statuses.${deposit.status}`)],
    [
      t('admin.deposits.payer'),
      [deposit.payerName, deposit.payerCpfMasked].filter(Boolean).join(' · ') || '—',
    ],
    [t('admin.deposits.reference'), deposit.pix?.txid ?? deposit.endToEndId ?? '—'],
    [
      t('admin.deposits.reviewedBy'),
      [deposit.reviewedBy, deposit.reviewNote].filter(Boolean).join(' · ') || '—',
    ],
  ];
  return (
    <Dialog
      open
      onClose={onClose}
      title={`${t('admin.deposits.deposit')} #${deposit.id} · ${formatMoney(deposit.amountMinor, deposit.currency, language)}`}
      size="wide"
      data-testid="deposit-dialog"
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
        {deposit.method === 'bank_transfer' ? (
          <figure className={styles.receipt}>
            {receiptUrl ? (
              <img
                src={receiptUrl}
                alt={t('admin.deposits.receipt')}
                data-testid="deposit-receipt"
              />
            ) : (
              <p>
                {deposit.bankTransfer?.receiptUploaded
                  ? t('admin.table.loading')
                  : t('admin.deposits.receiptMissing')}
              </p>
            )}
          </figure>
        ) : null}
      </div>
      {decidable ? (
        <div className={styles.decision}>
          {approve.isError ? <FormAlert>{errorMessage(approve.error, t)}</FormAlert> : null}
          {reject.isError ? <FormAlert>{errorMessage(reject.error, t)}</FormAlert> : null}
          <label className={styles.filter}>
            {t('admin.deposits.reason')}
            <textarea
              value={reason}
              maxLength={REASON_MAX_LENGTH}
              rows={2}
              onChange={(event) => setReason(event.target.value)}
              placeholder={t('admin.deposits.reasonPlaceholder')}
            />
          </label>
          <div className={styles.actions}>
            <Button
              variant="outline"
              disabled={reason.trim() === '' || approve.isPending}
              busy={reject.isPending}
              onClick={() => reject.mutate()}
              data-testid="deposit-reject"
            >
              {t('admin.deposits.reject')}
            </Button>
            <Button
              busy={approve.isPending}
              disabled={reject.isPending}
              onClick={() => approve.mutate()}
              data-testid="deposit-approve"
            >
              {t('admin.deposits.approve')}
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
