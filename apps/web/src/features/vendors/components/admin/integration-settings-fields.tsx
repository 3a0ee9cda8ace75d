import { useTranslation } from 'react-i18next';
import { Checkbox, TextField } from '@/components/form-field';
import styles from './vendors-desk.module.css';

/** What an operator sets on a brand's integration of a vendor, adding it or editing it. */
export type IntegrationSettings = {
  walletMode: 'seamless' | 'transfer';
  launchUrlTemplate: string;
  transferApiUrl: string;
  enabled: boolean;
  maintenance: boolean;
};

/**
 * The integration's settings as form fields, shared by the "Add integration" and the edit
 * forms: wallet mode (transfer only where the catalogue gives the vendor a wallet of its own),
 * launch URL template, transfer API URL (transfer mode), enabled, maintenance.
 */
export function IntegrationSettingsFields({
  value,
  onChange,
  transferAllowed = true,
}: {
  value: IntegrationSettings;
  onChange: (change: Partial<IntegrationSettings>) => void;
  transferAllowed?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <fieldset className={styles.radioRow}>
        <legend>{t('admin.vendors.walletMode')}</legend>
        {(['seamless', 'transfer'] as const).map((mode) => (
          <label key={mode}>
            <input
              type="radio"
              name="walletMode"
              value={mode}
              checked={value.walletMode === mode}
              disabled={mode === 'transfer' && !transferAllowed}
              onChange={() => onChange({ walletMode: mode })}
            />
            {t(`admin.vendors.walletModes.${mode}`)}
          </label>
        ))}
      </fieldset>
      {transferAllowed ? null : <p className={styles.help}>{t('admin.vendors.seamlessOnly')}</p>}
      <TextField
        label={t('admin.vendors.launchTemplate')}
        value={value.launchUrlTemplate}
        maxLength={500}
        spellCheck={false}
        autoComplete="off"
        placeholder="https://games.example.com/{vendor}/{game}?token={token}&lang={lang}"
        hint={t('admin.vendors.launchTemplateHint')}
        onChange={(event) => onChange({ launchUrlTemplate: event.target.value })}
        data-testid="launch-template"
      />
      {value.walletMode === 'transfer' ? (
        <TextField
          label={t('admin.vendors.transferApiUrl')}
          value={value.transferApiUrl}
          maxLength={500}
          spellCheck={false}
          autoComplete="off"
          hint={t('admin.vendors.transferApiUrlHint')}
          onChange={(event) => onChange({ transferApiUrl: event.target.value })}
          data-testid="transfer-api-url"
        />
      ) : null}
      <Checkbox
        label={t('admin.vendors.enabledLabel')}
        checked={value.enabled}
        onChange={(event) => onChange({ enabled: event.target.checked })}
        data-testid="integration-enabled"
      />
      <Checkbox
        label={t('admin.vendors.maintenanceLabel')}
        checked={value.maintenance}
        onChange={(event) => onChange({ maintenance: event.target.checked })}
        data-testid="integration-maintenance"
      />
      <p className={styles.help}>{t('admin.vendors.cacheNote')}</p>
    </>
  );
}
