import type { AuditEntry } from '@banca/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DataTable, tableColumns } from '@/components/data-table';
import { useLanguage } from '@/i18n';
import { useTableState } from '@/lib/use-table-state';
import { fetchAudit } from '../../api/audit';
import { auditLines, formatDateTime } from '../../lib/format';
import styles from './desk.module.css';

const FILTERS = ['operatorId', 'action', 'subject', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];

/** `YYYY-MM-DD` of a date input → the start of that day in the operator's time zone, as ISO. */
function dayStart(day: string | undefined): string | undefined {
  if (!day) return undefined;
  const date = new Date(`${day}T00:00:00`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The audit log: who changed what, before and after, from where; filtered and paged. */
export default function AuditDesk() {
  const { t } = useTranslation();
  const language = useLanguage();
  const table = useTableState({ sort: 'id', order: 'desc', filters: FILTERS });
  const [draft, setDraft] = useState<Record<Filter, string>>(() => ({
    operatorId: table.filters.operatorId ?? '',
    action: table.filters.action ?? '',
    subject: table.filters.subject ?? '',
    from: table.filters.from ?? '',
    to: table.filters.to ?? '',
  }));
  // The address keeps days; the server takes instants (the end day included).
  const query = useMemo(() => {
    const params: Record<string, string | number> = { ...table.params };
    const from = dayStart(table.filters.from);
    const toDay = table.filters.to;
    const toStart = dayStart(toDay);
    const to = toStart
      ? new Date(new Date(toStart).getTime() + 86_400_000).toISOString()
      : undefined;
    if (from) params.from = from;
    else delete params.from;
    if (to) params.to = to;
    else delete params.to;
    return params;
  }, [table.params, table.filters.from, table.filters.to]);
  const page = useQuery({
    queryKey: ['admin', 'audit', query],
    queryFn: ({ signal }) => fetchAudit(query, signal),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => {
    const column = tableColumns<AuditEntry>();
    return [
      column.accessor('id', { header: '#', enableSorting: true }),
      column.accessor('time', {
        header: t('admin.audit.time'),
        cell: (info) => formatDateTime(info.getValue(), language),
      }),
      column.accessor('operatorName', {
        header: t('admin.audit.operator'),
        cell: (info) =>
          `${info.getValue() ?? info.row.original.operatorId} (#${info.row.original.operatorId})`,
      }),
      column.accessor('action', { header: t('admin.audit.action') }),
      column.accessor('subject', { header: t('admin.audit.subject') }),
      column.accessor('before', {
        header: t('admin.audit.before'),
        cell: (info) => (
          <Lines lines={auditLines(info.getValue())} empty={t('admin.audit.nothing')} />
        ),
      }),
      column.accessor('after', {
        header: t('admin.audit.after'),
        cell: (info) => (
          <Lines lines={auditLines(info.getValue())} empty={t('admin.audit.nothing')} />
        ),
      }),
      column.accessor('detail', {
        header: t('admin.audit.detail'),
        cell: (info) => (
          <Lines lines={auditLines(info.getValue(), ['route'])} empty={t('admin.audit.nothing')} />
        ),
      }),
      column.accessor('ip', { header: t('admin.audit.ip') }),
      column.accessor('requestId', { header: t('admin.audit.requestId') }),
    ];
  }, [t, language]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    table.setFilters(draft);
  };
  const field = (name: Filter, label: string, type = 'text') => (
    <label className={styles.filter}>
      {label}
      <input
        type={type}
        value={draft[name]}
        maxLength={80}
        onChange={(event) => setDraft((current) => ({ ...current, [name]: event.target.value }))}
        data-testid={`audit-filter-${name}`}
      />
    </label>
  );

  return (
    <div className={styles.desk} data-testid="audit-desk">
      <header className={styles.heading}>
        <div>
          <h1>{t('admin.audit.title')}</h1>
          <p>{t('admin.audit.subtitle')}</p>
        </div>
      </header>
      <DataTable
        label={t('admin.audit.title')}
        columns={columns}
        page={page.data}
        state={table}
        loading={page.isFetching}
        error={page.error}
        getRowId={(row) => String(row.id)}
        testId="audit-table"
        filters={
          <form className={styles.searchForm} onSubmit={apply}>
            {field('operatorId', t('admin.audit.operatorFilter'))}
            {field('action', t('admin.audit.actionFilter'))}
            {field('subject', t('admin.audit.subjectFilter'))}
            {field('from', t('admin.audit.from'), 'date')}
            {field('to', t('admin.audit.to'), 'date')}
            <Button type="submit" data-testid="audit-filter-submit">
              {t('table.apply')}
            </Button>
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setDraft({ operatorId: '', action: '', subject: '', from: '', to: '' });
                table.clearFilters();
              }}
            >
              {t('table.clearFilters')}
            </Button>
          </form>
        }
      />
    </div>
  );
}

function Lines({ lines, empty }: { lines: string[]; empty: string }) {
  if (lines.length === 0) return <span className={styles.pre}>{empty}</span>;
  return (
    <ul className={styles.lines}>
      {lines.map((line, index) => (
        <li key={index}>{line}</li>
      ))}
    </ul>
  );
}
