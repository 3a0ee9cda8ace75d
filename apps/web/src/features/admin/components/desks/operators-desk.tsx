import { STAFF_ROLES, type Operator, type StaffRole } from '@banca/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { DataTable, tableColumns } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { Checkbox, FormAlert, PasswordField, TextField } from '@/components/form-field';
import { useLanguage } from '@/i18n';
import type { DeskProps } from '@/lib/admin-desks';
import { useTableState } from '@/lib/use-table-state';
import { toast } from '@/stores/toast-store';
import {
  createOperator,
  fetchOperators,
  resetOperatorTotp,
  updateOperator,
} from '../../api/operators';
import { formatDateTime } from '../../lib/format';
import styles from './desk.module.css';

/** The owner's desk: operators, their roles, status and authenticator. */
export default function OperatorsDesk({ operator: me }: DeskProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const table = useTableState({ sort: 'id', order: 'asc', filters: ['search'] as const });
  const [search, setSearch] = useState(table.filters.search ?? '');
  const [editing, setEditing] = useState<Operator | 'new' | null>(null);
  const page = useQuery({
    queryKey: ['admin', 'operators', table.params],
    queryFn: ({ signal }) => fetchOperators(table.params, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin', 'operators'] });

  const columns = useMemo(() => {
    const column = tableColumns<Operator>();
    return [
      column.accessor('id', { header: '#', enableSorting: true }),
      column.accessor('username', {
        header: t('admin.operators.username'),
        enableSorting: true,
        cell: (info) =>
          info.row.original.id === me.id
            ? `${info.getValue()} (${t('admin.operators.you')})`
            : info.getValue(),
      }),
      column.accessor('displayName', { header: t('admin.operators.displayName') }),
      column.accessor('roles', {
        header: t('admin.operators.roles'),
        cell: (info) =>
          info
            .getValue()
            .map((role) => t(`admin.roles.${role}`))
            .join(', ') || '—',
      }),
      column.accessor('status', {
        header: t('admin.operators.status'),
        cell: (info) => (
          <span className={styles.badge} data-tone={info.getValue() === 'active' ? 'good' : 'bad'}>
            {t(`admin.operators.statuses.${info.getValue()}`)}
          </span>
        ),
      }),
      column.accessor('totpEnrolled', {
        header: t('admin.operators.totp'),
        cell: (info) =>
          info.getValue() ? t('admin.operators.totpEnrolled') : t('admin.operators.totpPending'),
      }),
      column.accessor('lastLoginAt', {
        id: 'last_login_at',
        header: t('admin.operators.lastLoginAt'),
        enableSorting: true,
        cell: (info) => formatDateTime(info.getValue(), language) || '—',
      }),
    ];
  }, [t, language, me.id]);

  return (
    <div className={styles.desk} data-testid="operators-desk">
      <header className={styles.heading}>
        <div>
          <h1>{t('admin.operators.title')}</h1>
          <p>{t('admin.operators.subtitle')}</p>
        </div>
      </header>
      <DataTable
        label={t('admin.operators.title')}
        columns={columns}
        page={page.data}
        state={table}
        loading={page.isFetching}
        error={page.error}
        getRowId={(row) => String(row.id)}
        onRowClick={(row) => setEditing(row)}
        rowLabel={(row) => t('admin.operators.editTitle', { username: row.username })}
        testId="operators-table"
        filters={
          <form
            className={styles.searchForm}
            onSubmit={(event) => {
              event.preventDefault();
              table.setFilter('search', search);
            }}
          >
            <label className={`${styles.filter} ${styles.wide}`}>
              {t('admin.operators.search')}
              <input
                type="search"
                value={search}
                maxLength={64}
                onChange={(event) => setSearch(event.target.value)}
              />
            </label>
            <Button type="submit" variant="outline">
              {t('admin.operators.search')}
            </Button>
          </form>
        }
        actions={
          <Button onClick={() => setEditing('new')} data-testid="operator-create">
            {t('admin.operators.create')}
          </Button>
        }
      />
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === 'new' || editing === null
            ? t('admin.operators.createTitle')
            : t('admin.operators.editTitle', { username: editing.username })
        }
        data-testid="operator-dialog"
      >
        {editing !== null ? (
          <OperatorForm
            key={editing === 'new' ? 'new' : editing.id}
            operator={editing === 'new' ? null : editing}
            self={editing !== 'new' && editing.id === me.id}
            onDone={() => {
              refresh();
              setEditing(null);
            }}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

function OperatorForm({
  operator,
  self,
  onDone,
  onCancel,
}: {
  operator: Operator | null;
  self: boolean;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [displayName, setDisplayName] = useState(operator?.displayName ?? '');
  const [password, setPassword] = useState('');
  const [roles, setRoles] = useState<StaffRole[]>(operator?.roles ?? []);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<unknown>, message: string) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      toast.success(message);
      onDone();
    } catch (failure) {
      setError(errorMessage(failure, t));
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (operator)
      void run(
        () => updateOperator(operator.id, { displayName, roles }),
        t('admin.operators.saved'),
      );
    else
      void run(
        () =>
          createOperator({
            username: username.trim(),
            displayName: displayName.trim(),
            password,
            roles,
          }),
        t('admin.operators.created', { username: username.trim() }),
      );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {operator ? null : (
        <TextField
          label={t('admin.operators.username')}
          value={username}
          maxLength={32}
          autoComplete="off"
          onChange={(event) => setUsername(event.target.value)}
          data-autofocus
        />
      )}
      <TextField
        label={t('admin.operators.displayName')}
        value={displayName}
        maxLength={64}
        onChange={(event) => setDisplayName(event.target.value)}
      />
      {operator ? null : (
        <PasswordField
          label={t('admin.operators.password')}
          value={password}
          autoComplete="new-password"
          maxLength={128}
          hint={t('admin.operators.passwordHint')}
          onChange={(event) => setPassword(event.target.value)}
        />
      )}
      <fieldset className={styles.radioRow}>
        <legend>{t('admin.operators.roles')}</legend>
        <div className={styles.roles}>
          {STAFF_ROLES.map((role) => (
            <Checkbox
              key={role}
              label={t(`admin.roles.${role}`)}
              checked={roles.includes(role)}
              disabled={self && role === 'owner'}
              onChange={(event) =>
                setRoles((current) =>
                  event.target.checked ? [...current, role] : current.filter((r) => r !== role),
                )
              }
            />
          ))}
        </div>
      </fieldset>
      <div className={styles.buttons}>
        <Button type="submit" busy={busy}>
          {t('admin.operators.save')}
        </Button>
        {operator && !self ? (
          <>
            <Button
              type="button"
              variant="outline"
              disabled={busy}
              onClick={() =>
                void run(
                  () =>
                    updateOperator(operator.id, {
                      status: operator.status === 'active' ? 'disabled' : 'active',
                    }),
                  t('admin.operators.saved'),
                )
              }
            >
              {operator.status === 'active'
                ? t('admin.operators.disable')
                : t('admin.operators.enable')}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={busy}
              title={t('admin.operators.resetTotpText', { username: operator.username })}
              onClick={() =>
                void run(() => resetOperatorTotp(operator.id), t('admin.operators.resetDone'))
              }
            >
              {t('admin.operators.resetTotp')}
            </Button>
          </>
        ) : null}
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('admin.members.cancel')}
        </Button>
      </div>
    </form>
  );
}
