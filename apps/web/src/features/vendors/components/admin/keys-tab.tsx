import type { CreatedProviderKey, ProviderKeyRow } from '@banca/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { DataTable, tableColumns } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { FormAlert, TextField } from '@/components/form-field';
import { AlertIcon, CopyIcon } from '@/components/icons';
import { useLanguage } from '@/i18n';
import { useTableState } from '@/lib/use-table-state';
import { toast } from '@/stores/toast-store';
import { createKey, fetchKeys, revokeKey } from '../../api/desk';
import { CodeFilters, formatWhen } from './code-filters';
import styles from './vendors-desk.module.css';

/** The /pam API keys: who may call (brand, vendor or aggregator), never the key itself. */
export function KeysTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const table = useTableState({
    sort: 'createdAt',
    order: 'desc',
    filters: ['merchantCode', 'vendorCode', 'status'] as const,
  });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ProviderKeyRow | null>(null);
  const page = useQuery({
    queryKey: ['admin', 'vendors', 'keys', table.params],
    queryFn: ({ signal }) => fetchKeys(table.params, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: ['admin', 'vendors', 'keys'] });

  const columns = useMemo(() => {
    const column = tableColumns<ProviderKeyRow>();
    return [
      column.accessor('id', { id: 'id', header: '#', enableSorting: true }),
      column.accessor('label', {
        header: t('admin.vendors.keyLabel'),
        cell: (info) => <strong className={styles.wrap}>{info.getValue()}</strong>,
      }),
      column.accessor('merchantCode', { header: t('admin.vendors.brand') }),
      column.accessor('vendorCode', {
        header: t('admin.vendors.keyVendor'),
        cell: (info) =>
          info.getValue() ?? (
            <span className={`${styles.muted} ${styles.wrap}`}>
              {t('admin.vendors.aggregator')}
            </span>
          ),
      }),
      column.accessor('createdAt', {
        id: 'createdAt',
        header: t('admin.vendors.createdAt'),
        enableSorting: true,
        cell: (info) => formatWhen(info.getValue(), language),
      }),
      column.accessor('revokedAt', {
        header: t('admin.vendors.keyStatus'),
        cell: (info) => {
          const revokedAt = info.getValue();
          return revokedAt ? (
            <span
              className={styles.badge}
              data-tone="bad"
              title={t('admin.vendors.revokedAt', { time: formatWhen(revokedAt, language) })}
            >
              {t('admin.vendors.keyStatuses.revoked')}
            </span>
          ) : (
            <span className={styles.badge} data-tone="good">
              {t('admin.vendors.keyStatuses.active')}
            </span>
          );
        },
      }),
      ...(canEdit
        ? [
            column.display({
              id: 'actions',
              header: '',
              cell: (info) =>
                info.row.original.revokedAt ? null : (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setRevoking(info.row.original)}
                    data-testid={`revoke-key-${info.row.original.id}`}
                  >
                    {t('admin.vendors.revoke')}
                  </Button>
                ),
            }),
          ]
        : []),
    ];
  }, [t, language, canEdit]);

  return (
    <>
      <DataTable
        label={t('admin.vendors.tabs.keys')}
        columns={columns}
        page={page.data}
        state={table}
        loading={page.isFetching}
        error={page.error}
        getRowId={(row) => String(row.id)}
        testId="keys-table"
        filters={
          <CodeFilters table={table}>
            <label className={styles.filter}>
              {t('admin.vendors.keyStatus')}
              <select
                value={table.filters.status ?? ''}
                onChange={(event) => table.setFilter('status', event.target.value)}
              >
                <option value="">{t('admin.vendors.all')}</option>
                <option value="active">{t('admin.vendors.keyStatuses.active')}</option>
                <option value="revoked">{t('admin.vendors.keyStatuses.revoked')}</option>
              </select>
            </label>
          </CodeFilters>
        }
        actions={
          canEdit ? (
            <Button onClick={() => setCreating(true)} data-testid="key-create">
              {t('admin.vendors.newKey')}
            </Button>
          ) : undefined
        }
      />
      {creating ? (
        <CreateKeyDialog
          defaultBrand={table.filters.merchantCode ?? ''}
          onCreated={refresh}
          onClose={() => setCreating(false)}
        />
      ) : null}
      {revoking ? (
        <RevokeDialog
          apiKey={revoking}
          onDone={() => {
            refresh();
            setRevoking(null);
          }}
          onClose={() => setRevoking(null)}
        />
      ) : null}
    </>
  );
}

/**
 * The form, then the new key, shown once, with a copy button; closed only by "I have copied it".
 * Also offered right after an integration is added (integrations-tab.tsx), filled in for it.
 */
export function CreateKeyDialog({
  defaultBrand,
  defaultVendor = '',
  onCreated,
  onClose,
}: {
  defaultBrand: string;
  defaultVendor?: string;
  onCreated: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [merchantCode, setMerchantCode] = useState(defaultBrand);
  const [vendorCode, setVendorCode] = useState(defaultVendor);
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<CreatedProviderKey | null>(null);
  const secretRef = useRef<HTMLInputElement>(null);
  const create = useMutation({
    mutationFn: () =>
      createKey({
        merchantCode: merchantCode.trim().toUpperCase(),
        vendorCode: vendorCode.trim() || null,
        label: label.trim(),
      }),
    onSuccess: (result) => {
      setCreated(result);
      onCreated();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.apiKey);
      toast.success(t('admin.vendors.copied'));
    } catch {
      secretRef.current?.select();
      toast.error(t('admin.vendors.copyFailed'));
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={created === null}
      title={created ? t('admin.vendors.createdTitle') : t('admin.vendors.newKeyTitle')}
      size="md"
      data-testid="key-dialog"
    >
      {created ? (
        <div className={styles.form}>
          <p className={styles.warning} role="alert">
            <AlertIcon aria-hidden="true" />
            <span>{t('admin.vendors.keyOnce')}</span>
          </p>
          <label className={styles.secretLabel} htmlFor="new-api-key">
            {t('admin.vendors.keyValue')} · {created.key.label}
          </label>
          <div className={styles.secret}>
            <input
              id="new-api-key"
              ref={secretRef}
              readOnly
              value={created.apiKey}
              onFocus={(event) => event.target.select()}
              data-testid="new-api-key"
            />
            <Button
              type="button"
              variant="secondary"
              onClick={() => void copy()}
              data-testid="copy-api-key"
            >
              <CopyIcon aria-hidden="true" />
              {t('admin.vendors.copy')}
            </Button>
          </div>
          <div className={styles.buttons}>
            <Button type="button" onClick={onClose} data-testid="key-done">
              {t('admin.vendors.done')}
            </Button>
          </div>
        </div>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          {create.isError ? <FormAlert>{errorMessage(create.error, t)}</FormAlert> : null}
          <TextField
            label={t('admin.vendors.brand')}
            value={merchantCode}
            maxLength={32}
            autoComplete="off"
            placeholder={t('admin.vendors.brandPlaceholder')}
            onChange={(event) => setMerchantCode(event.target.value)}
            data-testid="key-brand"
            data-autofocus
          />
          <TextField
            label={t('admin.vendors.keyVendor')}
            value={vendorCode}
            maxLength={32}
            autoComplete="off"
            placeholder={t('admin.vendors.vendorPlaceholder')}
            hint={t('admin.vendors.keyVendorHint')}
            onChange={(event) => setVendorCode(event.target.value)}
            data-testid="key-vendor"
          />
          <TextField
            label={t('admin.vendors.keyLabel')}
            value={label}
            maxLength={80}
            autoComplete="off"
            placeholder={t('admin.vendors.keyLabelPlaceholder')}
            onChange={(event) => setLabel(event.target.value)}
            data-testid="key-label"
          />
          <div className={styles.buttons}>
            <Button type="submit" busy={create.isPending} data-testid="key-submit">
              {t('admin.vendors.create')}
            </Button>
            <Button type="button" variant="ghost" onClick={onClose}>
              {t('admin.vendors.cancel')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** "Revoke this key?": what stops, and that it cannot be undone. */
function RevokeDialog({
  apiKey,
  onDone,
  onClose,
}: {
  apiKey: ProviderKeyRow;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const revoke = useMutation({
    mutationFn: () => revokeKey(apiKey.id),
    onSuccess: () => {
      toast.success(t('admin.vendors.revoked'));
      onDone();
    },
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('admin.vendors.revokeTitle', { label: apiKey.label })}
      size="sm"
      data-testid="revoke-dialog"
    >
      <div className={styles.form}>
        {revoke.isError ? <FormAlert>{errorMessage(revoke.error, t)}</FormAlert> : null}
        <p className={styles.warning}>
          <AlertIcon aria-hidden="true" />
          <span>{t('admin.vendors.revokeText')}</span>
        </p>
        <div className={styles.buttons}>
          <Button
            onClick={() => revoke.mutate()}
            busy={revoke.isPending}
            data-testid="revoke-confirm"
          >
            {t('admin.vendors.revokeConfirm')}
          </Button>
          <Button variant="ghost" onClick={onClose} data-autofocus>
            {t('admin.vendors.cancel')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
