import type { CatalogueVendor, VendorIntegrationRow } from '@banca/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-field';
import { InfoIcon } from '@/components/icons';
import { SelectField } from '@/components/select-field';
import { toast } from '@/stores/toast-store';
import { createIntegration, fetchCatalogue } from '../../api/desk';
import { IntegrationSettingsFields, type IntegrationSettings } from './integration-settings-fields';
import styles from './vendors-desk.module.css';

/** The catalogue's answer changes with every addition: always read afresh when the form opens. */
export const CATALOGUE_KEY = ['admin', 'vendors', 'catalogue'] as const;

/** Transfer mode only where the catalogue gives the vendor a wallet of its own. */
function defaultWalletMode(vendor: CatalogueVendor | undefined): 'seamless' | 'transfer' {
  return vendor?.transferWallet && vendor.walletMode === 'transfer' ? 'transfer' : 'seamless';
}

/**
 * "Add integration": connect a catalogue vendor to a brand that has none with it (brand and
 * vendor chosen from the server's list), then offer its /pam API key (`onCreateKey`).
 */
export function AddIntegrationDialog({
  defaultBrand,
  onAdded,
  onCreateKey,
  onClose,
}: {
  defaultBrand: string;
  onAdded: (row: VendorIntegrationRow) => void;
  onCreateKey: (row: VendorIntegrationRow) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [added, setAdded] = useState<VendorIntegrationRow | null>(null);
  return (
    <Dialog
      open
      onClose={onClose}
      title={added ? t('admin.vendors.addedTitle') : t('admin.vendors.addTitle')}
      size="md"
      data-testid="add-integration-dialog"
    >
      {added ? (
        <div className={styles.form} data-testid="integration-added">
          <p className={styles.notice}>
            <InfoIcon aria-hidden="true" />
            <span>
              {t('admin.vendors.addedText', {
                vendor: added.vendorCode,
                brand: added.merchantCode,
              })}
            </span>
          </p>
          <div className={styles.buttons}>
            <Button onClick={() => onCreateKey(added)} data-testid="integration-create-key">
              {t('admin.vendors.createKeyNow')}
            </Button>
            <Button variant="ghost" onClick={onClose} data-testid="integration-added-done">
              {t('admin.vendors.notNow')}
            </Button>
          </div>
        </div>
      ) : (
        <AddIntegrationForm
          defaultBrand={defaultBrand}
          onAdded={(row) => {
            setAdded(row);
            onAdded(row);
          }}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}

function AddIntegrationForm({
  defaultBrand,
  onAdded,
  onCancel,
}: {
  defaultBrand: string;
  onAdded: (row: VendorIntegrationRow) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const catalogue = useQuery({
    queryKey: CATALOGUE_KEY,
    queryFn: ({ signal }) => fetchCatalogue(signal),
    staleTime: 0,
  });
  const brands = catalogue.data?.brands ?? [];
  // The list's brand filter if it names a brand, else the first brand with a vendor to add.
  const [chosenBrand, setBrand] = useState<string | null>(null);
  const brand =
    brands.find((b) => b.merchantCode === (chosenBrand ?? defaultBrand)) ??
    brands.find((b) => b.vendors.length > 0) ??
    brands[0];
  const [chosenVendor, setVendor] = useState<string | null>(null);
  const vendor = brand?.vendors.find((v) => v.code === chosenVendor) ?? brand?.vendors[0];
  // The wallet mode follows the vendor chosen until the operator picks one (null: not picked).
  const [settings, setSettings] = useState<
    Omit<IntegrationSettings, 'walletMode'> & {
      walletMode: IntegrationSettings['walletMode'] | null;
    }
  >({
    walletMode: null,
    launchUrlTemplate: '',
    transferApiUrl: '',
    enabled: true,
    maintenance: false,
  });
  const { launchUrlTemplate, transferApiUrl, enabled, maintenance } = settings;
  const resetWalletMode = () => setSettings((before) => ({ ...before, walletMode: null }));
  const walletMode = vendor?.transferWallet
    ? (settings.walletMode ?? defaultWalletMode(vendor))
    : 'seamless';

  const add = useMutation({
    mutationFn: () =>
      createIntegration({
        merchantCode: brand!.merchantCode,
        vendorCode: vendor!.code,
        walletMode,
        launchUrlTemplate: launchUrlTemplate.trim(),
        transferApiUrl: walletMode === 'transfer' ? transferApiUrl.trim() || null : null,
        enabled,
        maintenance,
      }),
    onSuccess: (row) => {
      toast.success(t('admin.vendors.added'));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'vendors', 'integrations'] });
      void queryClient.invalidateQueries({ queryKey: CATALOGUE_KEY });
      onAdded(row);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (brand && vendor) add.mutate();
  };

  if (catalogue.isPending) return <p className={styles.help}>{t('admin.vendors.loading')}</p>;
  if (catalogue.isError) return <FormAlert>{errorMessage(catalogue.error, t)}</FormAlert>;
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="add-integration-form">
      {add.isError ? <FormAlert>{errorMessage(add.error, t)}</FormAlert> : null}
      <SelectField
        label={t('admin.vendors.brand')}
        value={brand?.merchantCode ?? ''}
        onChange={(event) => {
          setBrand(event.target.value);
          setVendor(null);
          resetWalletMode();
        }}
        data-testid="add-brand"
        data-autofocus
      >
        {brands.map((b) => (
          <option key={b.merchantCode} value={b.merchantCode}>
            {b.merchantCode} · {b.name}
          </option>
        ))}
      </SelectField>
      {vendor ? (
        <SelectField
          label={t('admin.vendors.catalogueVendor')}
          value={vendor.code}
          onChange={(event) => {
            setVendor(event.target.value);
            resetWalletMode();
          }}
          data-testid="add-vendor"
        >
          {brand!.vendors.map((v) => (
            <option key={v.code} value={v.code}>
              {v.code} · {v.name} ({v.gameCategory})
            </option>
          ))}
        </SelectField>
      ) : (
        <p className={styles.help} data-testid="add-nothing">
          {t('admin.vendors.nothingToAdd')}
        </p>
      )}
      <IntegrationSettingsFields
        value={{ walletMode, launchUrlTemplate, transferApiUrl, enabled, maintenance }}
        onChange={(change) => setSettings((before) => ({ ...before, ...change }))}
        transferAllowed={vendor?.transferWallet ?? false}
      />
      <div className={styles.buttons}>
        <Button
          type="submit"
          busy={add.isPending}
          disabled={!vendor}
          data-testid="add-integration-submit"
        >
          {t('admin.vendors.add')}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('admin.vendors.cancel')}
        </Button>
      </div>
    </form>
  );
}
