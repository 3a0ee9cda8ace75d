import type { OutboxMessage } from '@banca/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, tableColumns } from '@/components/data-table';
import { useLanguage } from '@/i18n';
import { useTableState } from '@/lib/use-table-state';
import { fetchOutbox } from '../../api/outbox';
import { formatDateTime } from '../../lib/format';
import styles from './desk.module.css';

/** The development outboxes (SMS, e-mail): what the adapters "sent", newest first. */
export default function OutboxDesk() {
  const { t } = useTranslation();
  const language = useLanguage();
  const table = useTableState({
    sort: 'id',
    order: 'desc',
    filters: ['channel', 'destination'] as const,
  });
  const [destination, setDestination] = useState(table.filters.destination ?? '');
  const page = useQuery({
    queryKey: ['admin', 'outbox', table.params],
    queryFn: ({ signal }) => fetchOutbox(table.params, signal),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => {
    const column = tableColumns<OutboxMessage>();
    return [
      column.accessor('time', {
        id: 'id',
        header: t('admin.outbox.time'),
        enableSorting: true,
        cell: (info) => formatDateTime(info.getValue(), language),
      }),
      column.accessor('channel', {
        header: t('admin.outbox.channel'),
        cell: (info) => t(`admin.outbox.channels.${info.getValue()}`),
      }),
      column.accessor('destination', { header: t('admin.outbox.destination') }),
      column.accessor('merchantCode', { header: t('admin.outbox.brand') }),
      column.accessor('subject', { header: t('admin.outbox.subject') }),
      column.accessor('body', {
        header: t('admin.outbox.body'),
        cell: (info) => <p className={`${styles.pre} ${styles.message}`}>{info.getValue()}</p>,
      }),
    ];
  }, [t, language]);

  return (
    <div className={styles.desk} data-testid="outbox-desk">
      <header className={styles.heading}>
        <div>
          <h1>{t('admin.outbox.title')}</h1>
          <p>{t('admin.outbox.subtitle')}</p>
        </div>
      </header>
      <DataTable
        label={t('admin.outbox.title')}
        columns={columns}
        page={page.data}
        state={table}
        loading={page.isFetching}
        error={page.error}
        getRowId={(row) => String(row.id)}
        testId="outbox-table"
        filters={
          <form
            className={styles.searchForm}
            onSubmit={(event) => {
              event.preventDefault();
              table.setFilter('destination', destination);
            }}
          >
            <label className={styles.filter}>
              {t('admin.outbox.channel')}
              <select
                value={table.filters.channel ?? ''}
                onChange={(event) => table.setFilter('channel', event.target.value)}
              >
                <option value="">{t('table.all')}</option>
                <option value="sms">{t('admin.outbox.channels.sms')}</option>
                <option value="email">{t('admin.outbox.channels.email')}</option>
              </select>
            </label>
            <label className={`${styles.filter} ${styles.wide}`}>
              {t('admin.outbox.destination')}
              <input
                type="search"
                value={destination}
                maxLength={100}
                placeholder={t('admin.outbox.destinationPlaceholder')}
                onChange={(event) => setDestination(event.target.value)}
                onBlur={() => table.setFilter('destination', destination)}
              />
            </label>
          </form>
        }
      />
    </div>
  );
}
