import type { UpdateVendorIntegration, VendorIntegrationRow } from '@banca/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { DataTable, tableColumns } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-field';
import { useLanguage } from '@/i18n';
import { useTableState } from '@/lib/use-table-state';
import { toast } from '@/stores/toast-store';
import { fetchIntegrations, updateIntegration } from '../../api/desk';
import { AddIntegrationDialog } from './add-integration-dialog';
import { CodeFilters, formatWhen } from './code-filters';
import { IntegrationSettingsFields, type IntegrationSettings } from './integration-settings-fields';
import { CreateKeyDialog } from './keys-tab';
import styles from './vendors-desk.module.css';

/**
 * Each brand's vendor integrations; an owner opens one to change it, or adds one for a
 * catalogue vendor the brand has not integrated, and is then offered its /pam API key.
 */
export function IntegrationsTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const table = useTableState({
    sort: 'vendorCode',
    order: 'asc',
    filters: ['merchantCode', 'vendorCode', 'enabled'] as const,
  });
  const [editing, setEditing] = useState<VendorIntegrationRow | null>(null);
  const [adding, setAdding] = useState(false);
  const [keyFor, setKeyFor] = useState<VendorIntegrationRow | null>(null);
  const page = useQuery({
    queryKey: ['admin', 'vendors', 'integrations', table.params],
    queryFn: ({ signal }) => fetchIntegrations(table.params, signal),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo(() => {
    const column = tableColumns<VendorIntegrationRow>();
    return [
      column.accessor('vendorCode', {
        id: 'vendorCode',
        header: t('admin.vendors.vendor'),
        enableSorting: true,
        cell: (info) => <strong>{info.getValue()}</strong>,
      }),
      column.accessor('merchantCode', {
        id: 'merchantCode',
        header: t('admin.vendors.brand'),
        enableSorting: true,
      }),
      column.accessor('walletMode', {
        header: t('admin.vendors.walletMode'),
        cell: (info) => t(`admin.vendors.walletModes.${info.getValue()}`),
      }),
      column.accessor('launchUrlTemplate', {
        header: t('admin.vendors.launchUrl'),
        cell: (info) => (
          <span className={styles.url} title={info.getValue()}>
            {info.getValue()}
          </span>
        ),
      }),
      column.display({
        id: 'state',
        header: t('admin.vendors.state'),
        cell: (info) => (
          <span className={styles.badges}>
            <span className={styles.badge} data-tone={info.row.original.enabled ? 'good' : 'bad'}>
              {info.row.original.enabled ? t('admin.vendors.enabled') : t('admin.vendors.disabled')}
            </span>
            {info.row.original.maintenance ? (
              <span className={styles.badge} data-tone="warn" data-testid="maintenance-badge">
                {t('admin.vendors.maintenance')}
              </span>
            ) : null}
          </span>
        ),
      }),
      column.accessor('updatedAt', {
        id: 'updatedAt',
        header: t('admin.vendors.updatedAt'),
        enableSorting: true,
        cell: (info) => formatWhen(info.getValue(), language),
      }),
    ];
  }, [t, language]);

  return (
    <>
      <DataTable
        label={t('admin.vendors.tabs.integrations')}
        columns={columns}
        page={page.data}
        state={table}
        loading={page.isFetching}
        error={page.error}
        getRowId={(row) => `${row.merchantCode}:${row.vendorCode}`}
        onRowClick={canEdit ? setEditing : undefined}
        rowLabel={(row) =>
          t('admin.vendors.editTitle', { vendor: row.vendorCode, brand: row.merchantCode })
        }
        testId="integrations-table"
        actions={
          canEdit ? (
            <Button onClick={() => setAdding(true)} data-testid="integration-add">
              {t('admin.vendors.addIntegration')}
            </Button>
          ) : undefined
        }
        filters={
          // Keyed by the filters: the inputs show the codes an addition filtered the list to.
          <CodeFilters
            key={`${table.filters.merchantCode ?? ''}\n${table.filters.vendorCode ?? ''}`}
            table={table}
          >
            <label className={styles.filter}>
              {t('admin.vendors.enabledFilter')}
              <select
                value={table.filters.enabled ?? ''}
                onChange={(event) => table.setFilter('enabled', event.target.value)}
              >
                <option value="">{t('admin.vendors.all')}</option>
                <option value="true">{t('admin.vendors.enabled')}</option>
                <option value="false">{t('admin.vendors.disabled')}</option>
              </select>
            </label>
          </CodeFilters>
        }
      />
      {adding ? (
        <AddIntegrationDialog
          defaultBrand={table.filters.merchantCode ?? ''}
          onAdded={(row) => {
            // The list shows the new row wherever it would sort: filtered to its brand and vendor.
            table.setFilters({ merchantCode: row.merchantCode, vendorCode: row.vendorCode });
          }}
          onCreateKey={(row) => {
            setAdding(false);
            setKeyFor(row);
          }}
          onClose={() => setAdding(false)}
        />
      ) : null}
      {keyFor ? (
        <CreateKeyDialog
          defaultBrand={keyFor.merchantCode}
          defaultVendor={keyFor.vendorCode}
          onCreated={() =>
            void queryClient.invalidateQueries({ queryKey: ['admin', 'vendors', 'keys'] })
          }
          onClose={() => setKeyFor(null)}
        />
      ) : null}
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing
            ? t('admin.vendors.editTitle', {
                vendor: editing.vendorCode,
                brand: editing.merchantCode,
              })
            : ''
        }
        size="md"
        data-testid="integration-dialog"
      >
        {editing ? (
          <IntegrationForm
            key={`${editing.merchantCode}:${editing.vendorCode}`}
            integration={editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
    </>
  );
}

function IntegrationForm({
  integration,
  onDone,
}: {
  integration: VendorIntegrationRow;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState<IntegrationSettings>({
    walletMode: integration.walletMode,
    launchUrlTemplate: integration.launchUrlTemplate,
    transferApiUrl: integration.transferApiUrl ?? '',
    enabled: integration.enabled,
    maintenance: integration.maintenance,
  });
  const { walletMode, launchUrlTemplate, transferApiUrl, enabled, maintenance } = settings;

  const save = useMutation({
    mutationFn: () => {
      // Only what changed: the audit log's before/after then says exactly that.
      const changes: UpdateVendorIntegration = {};
      if (walletMode !== integration.walletMode) changes.walletMode = walletMode;
      if (launchUrlTemplate.trim() !== integration.launchUrlTemplate)
        changes.launchUrlTemplate = launchUrlTemplate.trim();
      if (transferApiUrl.trim() !== (integration.transferApiUrl ?? ''))
        changes.transferApiUrl = transferApiUrl.trim() || null;
      if (enabled !== integration.enabled) changes.enabled = enabled;
      if (maintenance !== integration.maintenance) changes.maintenance = maintenance;
      return updateIntegration(integration.merchantCode, integration.vendorCode, changes);
    },
    onSuccess: () => {
      toast.success(t('admin.vendors.saved'));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'vendors', 'integrations'] });
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="integration-form">
      {save.isError ? <FormAlert>{errorMessage(save.error, t)}</FormAlert> : null}
      <IntegrationSettingsFields
        value={settings}
        onChange={(change) => setSettings((before) => ({ ...before, ...change }))}
      />
      <div className={styles.buttons}>
        <Button type="submit" busy={save.isPending} data-testid="integration-save">
          {t('admin.vendors.save')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('admin.vendors.cancel')}
        </Button>
      </div>
    </form>
  );
}
