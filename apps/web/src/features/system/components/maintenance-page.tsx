import type { SystemStatusPayload } from '@banca/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { HeadsetIcon, RefreshIcon } from '@/components/icons';
import { customerServiceUrl, openCustomerService } from '@/lib/customer-service';
import { MaintenanceArt } from './status-art';

/**
 * Shown instead of the whole site while the system is in maintenance (status 1,
 * docs/product.md §8).
 */
export function MaintenancePage({ status }: { status: SystemStatusPayload }) {
  const { t } = useTranslation();
  const { info, maintenanceNote } = status;
  const hasCustomerService = customerServiceUrl(info.customerService) !== null;
  return (
    <main className="status-screen" data-testid="maintenance-page">
      <section className="status-screen__card" aria-labelledby="maintenance-title">
        <p className="status-screen__brand">{info.theme.logoText || info.brandName}</p>
        <MaintenanceArt />
        <h1 id="maintenance-title" className="status-screen__title">
          {t('maintenance.title')}
        </h1>
        <p className="status-screen__text">{t('maintenance.message')}</p>
        {maintenanceNote ? <p className="status-screen__note">{maintenanceNote}</p> : null}
        <p className="status-screen__text">{t('maintenance.refreshHint')}</p>
        <div className="status-screen__actions">
          {hasCustomerService ? (
            <Button
              variant="secondary"
              size="lg"
              onClick={() => openCustomerService(info.customerService)}
            >
              <HeadsetIcon width={20} height={20} />
              {t('maintenance.customerService')}
            </Button>
          ) : null}
          <Button variant="primary" size="lg" onClick={() => window.location.reload()}>
            <RefreshIcon width={20} height={20} />
            {t('maintenance.refresh')}
          </Button>
        </div>
      </section>
    </main>
  );
}
