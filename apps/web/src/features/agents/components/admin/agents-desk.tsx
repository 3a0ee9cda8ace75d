import { AGENT_ADMIN_ENDPOINTS as E, pathOf, type AdminTree } from '@banca/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminRequest } from '@/api/admin-client';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { DataTable, tableColumns } from '@/components/data-table';
import { Tabs } from '@/components/tabs';
import type { DeskProps } from '@/lib/admin-desks';
import { useTableState } from '@/lib/use-table-state';
import { toast } from '@/stores/toast-store';
import styles from '../agent-page.module.css';

type Application = {
  id: number;
  memberId: number;
  username: string;
  status: 'pending' | 'approved' | 'rejected';
  message: string;
  contact: string;
  decisionNote: string | null;
  createdAt: string;
  decidedAt: string | null;
};
type ApplicationsPage = { rows: Application[]; pageNo: number; pageSize: number; total: number };
const STATUSES = ['pending', 'approved', 'rejected'] as const;

/** The agents' desk: a member's place in the tree, and the affiliate applications to decide. */
export default function AgentsDesk({ operator }: DeskProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'tree' | 'applications'>('tree');
  return (
    <div className={styles.page} data-testid="agents-desk">
      <Tabs
        items={[
          { key: 'tree', label: t('agentsAdmin.tree') },
          { key: 'applications', label: t('agentsAdmin.applications') },
        ]}
        selected={tab}
        onSelect={setTab}
        label={t('admin.desks.agents')}
        testIdPrefix="agents-desk-tab"
      />
      {tab === 'tree' ? (
        <TreeLookup />
      ) : (
        <Applications canDecide={operator.roles.some((r) => r === 'owner' || r === 'risk')} />
      )}
    </div>
  );
}

/** Search a member (id, username, mobile, e-mail) and see its uplines and direct downline. */
function TreeLookup() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [q, setQ] = useState<string | null>(null);
  const tree = useQuery({
    queryKey: ['admin', 'agents', 'tree', q],
    queryFn: ({ signal }) => adminRequest<AdminTree>(E.tree, { query: { q: q! }, signal }),
    enabled: q !== null,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) setQ(text.trim());
  };
  const node = (n: AdminTree['member'], onOpen?: () => void) => (
    <span>
      {onOpen ? (
        <button type="button" className={styles.linkButton} onClick={onOpen}>
          {n.username}
        </button>
      ) : (
        <strong>{n.username}</strong>
      )}{' '}
      <span className={n.isAgent ? `${styles.badge} ${styles.badgeAgent}` : styles.badge}>
        {n.isAgent ? t('agents.kinds.agent') : t('agents.kinds.player')}
      </span>{' '}
      <span className={styles.cardHint}>
        #{n.memberId} · {t('agentsAdmin.teamOf', { count: n.teamSize })}
      </span>
    </span>
  );
  const open = (username: string) => {
    setText(username);
    setQ(username);
  };
  const data = tree.data;
  return (
    <section className={styles.panel}>
      <form className={styles.search} onSubmit={submit} role="search">
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('agentsAdmin.searchMember')}
          aria-label={t('agentsAdmin.searchMember')}
          maxLength={64}
          data-testid="agents-tree-search"
        />
        <Button type="submit" size="sm" variant="secondary">
          {t('agents.search')}
        </Button>
      </form>
      {tree.error ? <p role="alert">{errorMessage(tree.error, t)}</p> : null}
      {data ? (
        <div className={styles.page} data-testid="agents-tree">
          <h3 className={styles.panelTitle}>{node(data.member)}</h3>
          <div>
            <h3 className={styles.panelTitle}>{t('agentsAdmin.uplines')}</h3>
            {data.ancestors.length === 0 ? (
              <p className={styles.subtitle}>{t('agentsAdmin.noUplines')}</p>
            ) : (
              <ol className={styles.crumbs}>
                {[...data.ancestors].reverse().map((a) => (
                  <li key={a.memberId}>{node(a, () => open(a.username))}</li>
                ))}
                <li>{node(data.member)}</li>
              </ol>
            )}
          </div>
          <div>
            <h3 className={styles.panelTitle}>
              {t('agentsAdmin.downline', { count: data.downline.length + data.moreDownline })}
            </h3>
            <ul className={styles.page}>
              {data.downline.map((d) => (
                <li key={d.memberId}>{node(d, () => open(d.username))}</li>
              ))}
            </ul>
            {data.moreDownline > 0 ? (
              <p className={styles.subtitle}>
                {t('agentsAdmin.more', { count: data.moreDownline })}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}

/** The applications by status; owner and risk approve or reject a pending one. */
function Applications({ canDecide }: { canDecide: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const table = useTableState<'status'>({ filters: ['status'], prefix: 'apps' });
  const status = STATUSES.find((s) => s === table.filters.status) ?? 'pending';
  const list = useQuery({
    queryKey: ['admin', 'agents', 'applications', status, table.page, table.pageSize],
    queryFn: ({ signal }) =>
      adminRequest<ApplicationsPage>(E.applications, {
        query: { status, pageNo: table.page, pageSize: table.pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const decide = useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: 'approve' | 'reject' }) =>
      adminRequest<Application>(
        { method: 'POST', path: pathOf(E.decideApplication, { id }) },
        { body: { decision } },
      ),
    onSuccess: (row) => {
      toast.success(
        t(row.status === 'approved' ? 'agentsAdmin.approved' : 'agentsAdmin.rejected', {
          username: row.username,
        }),
      );
      void queryClient.invalidateQueries({ queryKey: ['admin', 'agents'] });
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  const columns = useMemo(() => {
    const column = tableColumns<Application>();
    return [
      column.accessor('createdAt', {
        header: () => t('agentsAdmin.applied'),
        cell: ({ getValue }) => new Date(getValue()).toLocaleString(i18n.language),
      }),
      column.accessor('username', { header: () => t('agents.columns.username') }),
      column.accessor('message', { header: () => t('agentsAdmin.message') }),
      column.accessor('contact', {
        header: () => t('agentsAdmin.contact'),
        cell: ({ getValue }) => getValue() || '—',
      }),
      column.display({
        id: 'decision',
        header: () => t('agents.columns.actions'),
        cell: ({ row }) =>
          row.original.status === 'pending' && canDecide ? (
            <span className={styles.kinds}>
              <Button
                size="sm"
                onClick={() => decide.mutate({ id: row.original.id, decision: 'approve' })}
                data-testid="agents-application-approve"
              >
                {t('agentsAdmin.approve')}
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => decide.mutate({ id: row.original.id, decision: 'reject' })}
              >
                {t('agentsAdmin.reject')}
              </Button>
            </span>
          ) : (
            t(`agentsAdmin.statuses.${row.original.status}`)
          ),
      }),
    ];
  }, [t, i18n.language, canDecide, decide]);
  return (
    <DataTable
      columns={columns}
      page={
        list.data
          ? {
              rows: list.data.rows,
              page: list.data.pageNo,
              pageSize: list.data.pageSize,
              total: list.data.total,
            }
          : undefined
      }
      state={table}
      loading={list.isFetching}
      error={list.error}
      label={t('agentsAdmin.applications')}
      filters={
        <div className={styles.presets}>
          {STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              className={s === status ? `${styles.preset} ${styles.presetActive}` : styles.preset}
              aria-pressed={s === status}
              onClick={() => table.setFilter('status', s)}
            >
              {t(`agentsAdmin.statuses.${s}`)}
            </button>
          ))}
        </div>
      }
      getRowId={(row) => String(row.id)}
      testId="agents-applications"
    />
  );
}
