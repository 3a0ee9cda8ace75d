import { formatMoney, type VendorTransferRow } from '@banca/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { DataTable, tableColumns } from '@/components/data-table';
import { useLanguage } from '@/i18n';
import { useTableState } from '@/lib/use-table-state';
import { toast } from '@/stores/toast-store';
import { fetchTransfers, reconcileTransfer } from '../../api/desk';
import { CodeFilters, formatWhen } from './code-filters';
import styles from './vendors-desk.module.css';

const TONES = { pending: 'warn', failed: 'bad', succeeded: 'good' } as const;

/**
 * Transfers to and from transfer-wallet vendors, pending and failed first; "reconcile now" asks
 * the vendor about a pending one at once (the reconcile job's work, for one transfer).
 */
export function TransfersTab({ canReconcile }: { canReconcile: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const table = useTableState({
    sort: 'status',
    order: 'desc',
    filters: ['merchantCode', 'vendorCode', 'status', 'memberId'] as const,
  });
  const [memberId, setMemberId] = useState(table.filters.memberId ?? '');
  const page = useQuery({
    queryKey: ['admin', 'vendors', 'transfers', table.params],
    queryFn: ({ signal }) => fetchTransfers(table.params, signal),
    placeholderData: keepPreviousData,
  });
  const reconcile = useMutation({
    mutationFn: (id: number) => reconcileTransfer(id),
    onSuccess: (row) => {
      if (row.status === 'succeeded') toast.success(t('admin.vendors.reconciled', { id: row.id }));
      else if (row.status === 'failed')
        toast.error(t('admin.vendors.reconcileFailed', { id: row.id }));
      else toast.error(t('admin.vendors.stillPending', { id: row.id }));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'vendors', 'transfers'] });
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });

  const columns = useMemo(() => {
    const column = tableColumns<VendorTransferRow>();
    return [
      column.accessor('id', {
        header: t('admin.vendors.transfer'),
        cell: (info) => (
          <span>
            #{info.getValue()}
            <br />
            <span className={styles.transferId} title={info.row.original.transferId}>
              {info.row.original.transferId}
            </span>
          </span>
        ),
      }),
      column.accessor('createdAt', {
        id: 'createdAt',
        header: t('admin.vendors.createdAt'),
        enableSorting: true,
        cell: (info) => formatWhen(info.getValue(), language),
      }),
      column.accessor('memberId', {
        header: t('admin.vendors.member'),
        cell: (info) => `${info.row.original.merchantCode} · ${info.getValue()}`,
      }),
      column.accessor('vendorCode', {
        header: t('admin.vendors.vendor'),
        cell: (info) => (
          <span>
            {info.getValue()}
            <br />
            <span className={styles.sub}>
              {t(`admin.vendors.directions.${info.row.original.direction}`)}
            </span>
          </span>
        ),
      }),
      column.accessor('amountMinor', {
        id: 'amountMinor',
        header: t('admin.vendors.amount'),
        enableSorting: true,
        cell: (info) => (
          <span className={styles.money}>
            {formatMoney(info.getValue(), info.row.original.currency, language)}
          </span>
        ),
      }),
      column.accessor('status', {
        id: 'status',
        header: t('admin.vendors.status'),
        enableSorting: true,
        cell: (info) => (
          <span>
            <span className={styles.badge} data-tone={TONES[info.getValue()]}>
              {t(`admin.vendors.statuses.${info.getValue()}`)}
            </span>
            {info.row.original.failureCode ? (
              <>
                <br />
                <span className={styles.sub} title={t('admin.vendors.failure')}>
                  {info.row.original.failureCode}
                </span>
              </>
            ) : null}
          </span>
        ),
      }),
      column.accessor('attempts', { header: t('admin.vendors.attempts') }),
      ...(canReconcile
        ? [
            column.display({
              id: 'actions',
              header: '',
              cell: (info) =>
                info.row.original.status === 'pending' ? (
                  <Button
                    size="sm"
                    variant="outline"
                    busy={reconcile.isPending && reconcile.variables === info.row.original.id}
                    disabled={reconcile.isPending}
                    onClick={() => reconcile.mutate(info.row.original.id)}
                    data-testid={`reconcile-${info.row.original.id}`}
                  >
                    {t('admin.vendors.reconcile')}
                  </Button>
                ) : null,
            }),
          ]
        : []),
    ];
  }, [t, language, canReconcile, reconcile]);

  return (
    <DataTable
      label={t('admin.vendors.tabs.transfers')}
      columns={columns}
      page={page.data}
      state={table}
      loading={page.isFetching}
      error={page.error}
      getRowId={(row) => String(row.id)}
      testId="transfers-table"
      filters={
        <CodeFilters table={table} apply={(codes) => table.setFilters({ ...codes, memberId })}>
          <label className={styles.filter}>
            {t('admin.vendors.memberId')}
            <input
              inputMode="numeric"
              value={memberId}
              maxLength={10}
              onChange={(event) => setMemberId(event.target.value.replace(/\D/g, ''))}
            />
          </label>
          <label className={styles.filter}>
            {t('admin.vendors.status')}
            <select
              value={table.filters.status ?? ''}
              onChange={(event) => table.setFilter('status', event.target.value)}
            >
              <option value="">{t('admin.vendors.all')}</option>
              {(['pending', 'failed', 'succeeded'] as const).map((status) => (
                <option key={status} value={status}>
                  {t(`admin.vendors.statuses.${status}`)}
                </option>
              ))}
            </select>
          </label>
        </CodeFilters>
      }
    />
  );
}
