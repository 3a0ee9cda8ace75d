import type { StaffRole } from '@banca/contracts';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { InfoIcon } from '@/components/icons';
import { Tabs } from '@/components/tabs';
import type { DeskProps } from '@/lib/admin-desks';
import { IntegrationsTab } from './integrations-tab';
import { KeysTab } from './keys-tab';
import { TransfersTab } from './transfers-tab';
import styles from './vendors-desk.module.css';

type TabKey = 'integrations' | 'keys' | 'transfers';

/** Who sees each tab (the server's roles, modules/vendors/desk-routes.ts). */
const TAB_ROLES: Record<TabKey, readonly StaffRole[]> = {
  integrations: ['owner', 'support', 'risk'],
  keys: ['owner', 'support', 'risk'],
  transfers: ['owner', 'support', 'risk', 'finance'],
};

/**
 * The Vendors desk (docs/pam.md "Configuration per brand"): each brand's vendor integrations,
 * the /pam API keys and the transfers to transfer-wallet vendors, one tab each. The tab is in the
 * address (`?tab=keys`); changing it starts the tab's table afresh.
 */
export default function VendorsDesk({ operator }: DeskProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const has = (roles: readonly StaffRole[]) => roles.some((role) => operator.roles.includes(role));
  const tabs = (['integrations', 'keys', 'transfers'] as const).filter((key) =>
    has(TAB_ROLES[key]),
  );
  const asked = search.get('tab');
  const tab: TabKey = tabs.find((key) => key === asked) ?? tabs[0] ?? 'transfers';
  const isOwner = operator.roles.includes('owner');

  return (
    <div className={styles.desk} data-testid="vendors-desk">
      <header className={styles.heading}>
        <h1>{t('admin.vendors.title')}</h1>
        <p>{t('admin.vendors.subtitle')}</p>
      </header>
      <Tabs
        items={tabs.map((key) => ({ key, label: t(`admin.vendors.tabs.${key}`) }))}
        selected={tab}
        onSelect={(key) => setSearch(new URLSearchParams({ tab: key }), { replace: true })}
        label={t('admin.vendors.title')}
        testIdPrefix="vendors-tab"
      />
      {tab !== 'transfers' ? (
        <p className={styles.note}>
          <InfoIcon aria-hidden="true" />
          {t('admin.vendors.cacheNote')}
        </p>
      ) : null}
      {tab === 'integrations' ? <IntegrationsTab canEdit={isOwner} /> : null}
      {tab === 'keys' ? <KeysTab canEdit={isOwner} /> : null}
      {tab === 'transfers' ? <TransfersTab canReconcile={has(['owner', 'finance'])} /> : null}
    </div>
  );
}
