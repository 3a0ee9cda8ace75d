import { formatMoney, type MemberRow } from '@banca/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { DataTable, tableColumns } from '@/components/data-table';
import type { DeskProps } from '@/lib/admin-desks';
import { useTableState } from '@/lib/use-table-state';
import { useLanguage } from '@/i18n';
import { fetchMembers } from '../../api/members';
import { formatDateTime } from '../../lib/format';
import styles from './desk.module.css';
import { MemberDetail } from './member-detail';

/** The members desk: search (`/admin/members`) and one member (`/admin/members/:id`). */
export default function MembersDesk({ operator }: DeskProps) {
  return (
    <Routes>
      <Route index element={<MemberSearch />} />
      <Route path=":memberId" element={<MemberDetail operator={operator} />} />
    </Routes>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = status === 'active' || status === 'locked' || status === 'disabled';
  return (
    <span className={styles.badge} data-tone={status === 'active' ? 'good' : 'bad'}>
      {known ? t(`admin.members.statuses.${status}`) : status}
    </span>
  );
}

function MemberSearch() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const table = useTableState({ sort: 'id', order: 'desc', filters: ['q', 'status'] as const });
  const [query, setQuery] = useState(table.filters.q ?? '');
  const page = useQuery({
    queryKey: ['admin', 'members', table.params],
    queryFn: ({ signal }) => fetchMembers(table.params, signal),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo(() => {
    const column = tableColumns<MemberRow>();
    return [
      column.accessor('id', { header: t('admin.members.id'), enableSorting: true }),
      column.accessor('username', { header: t('admin.members.username'), enableSorting: true }),
      column.accessor('merchantCode', { header: t('admin.members.brand') }),
      column.accessor('status', {
        header: t('admin.members.status'),
        cell: (info) => <StatusBadge status={info.getValue()} />,
      }),
      column.accessor('email', { header: t('admin.members.email') }),
      column.accessor('mobile', { header: t('admin.members.mobile') }),
      column.accessor('createdAt', {
        id: 'created_at',
        header: t('admin.members.createdAt'),
        enableSorting: true,
        cell: (info) => formatDateTime(info.getValue(), language),
      }),
      column.accessor('lastLoginAt', {
        id: 'last_login_at',
        header: t('admin.members.lastLoginAt'),
        enableSorting: true,
        cell: (info) => formatDateTime(info.getValue(), language) || t('admin.members.never'),
      }),
    ];
  }, [t, language]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    table.setFilter('q', query);
  };

  return (
    <div className={styles.desk} data-testid="members-desk">
      <header className={styles.heading}>
        <div>
          <h1>{t('admin.members.title')}</h1>
          <p>{t('admin.members.subtitle')}</p>
        </div>
      </header>
      <DataTable
        label={t('admin.members.title')}
        columns={columns}
        page={page.data}
        state={table}
        loading={page.isFetching}
        error={page.error}
        getRowId={(row) => String(row.id)}
        onRowClick={(row) => void navigate(`/admin/members/${row.id}`)}
        rowLabel={(row) => row.username}
        testId="members-table"
        filters={
          <form className={styles.searchForm} onSubmit={search}>
            <label className={`${styles.filter} ${styles.wide}`}>
              {t('admin.members.search')}
              <input
                type="search"
                value={query}
                maxLength={100}
                placeholder={t('admin.members.searchPlaceholder')}
                onChange={(event) => setQuery(event.target.value)}
                data-testid="members-search"
              />
            </label>
            <label className={styles.filter}>
              {t('admin.members.status')}
              <select
                value={table.filters.status ?? ''}
                onChange={(event) => table.setFilter('status', event.target.value)}
              >
                <option value="">{t('table.all')}</option>
                {(['active', 'locked', 'disabled'] as const).map((status) => (
                  <option key={status} value={status}>
                    {t(`admin.members.statuses.${status}`)}
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit" data-testid="members-search-submit">
              {t('admin.members.search')}
            </Button>
          </form>
        }
      />
    </div>
  );
}

/** A signed amount with its colour. */
export function Money({
  minor,
  currency,
  signed = false,
}: {
  minor: number;
  currency: string;
  signed?: boolean;
}) {
  const language = useLanguage();
  const tone = signed ? (minor > 0 ? styles.positive : minor < 0 ? styles.negative : '') : '';
  return (
    <span className={`${styles.money} ${tone}`}>
      {signed && minor > 0 ? '+' : ''}
      {formatMoney(minor, currency, language)}
    </span>
  );
}
