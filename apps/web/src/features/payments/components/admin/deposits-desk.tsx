import { formatMoney, type AdminDeposit } from '@banca/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, tableColumns } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
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
import { DecisionPanel, RecordDetail, StaffImage, type Fact } from './record-frame';

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
                <option value="">{t('table.all')}</option>
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
                <option value="">{t('table.all')}</option>
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
    mutationFn: (reason: string) => rejectDeposit(deposit.id, reason),
    onSuccess: () => done(t('admin.deposits.rejected')),
  });
  const decidable =
    deposit.method === 'bank_transfer' &&
    deposit.status === 'pending' &&
    deposit.bankTransfer?.receiptUploaded === true;
  const facts: Fact[] = [
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
      <RecordDetail
        facts={facts}
        images={
          deposit.method === 'bank_transfer' ? (
            <StaffImage
              queryKey={['admin', 'deposits', 'receipt', deposit.id]}
              load={(signal) => fetchReceipt(deposit.id, signal)}
              alt={t('admin.deposits.receipt')}
              missing={
                deposit.bankTransfer?.receiptUploaded ? null : t('admin.deposits.receiptMissing')
              }
              testId="deposit-receipt"
            />
          ) : null
        }
      />
      {decidable ? (
        <DecisionPanel
          reasonLabel={t('admin.deposits.reason')}
          reasonPlaceholder={t('admin.deposits.reasonPlaceholder')}
          errors={[approve.error, reject.error]}
          secondary={{
            label: t('admin.deposits.reject'),
            testId: 'deposit-reject',
            onChoose: (reason) => reject.mutate(reason),
            pending: reject.isPending,
            needsReason: true,
          }}
          primary={{
            label: t('admin.deposits.approve'),
            testId: 'deposit-approve',
            onChoose: () => approve.mutate(),
            pending: approve.isPending,
            needsReason: false,
          }}
        />
      ) : null}
    </Dialog>
  );
}
