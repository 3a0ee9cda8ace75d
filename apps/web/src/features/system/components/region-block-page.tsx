import type { SystemStatusPayload } from '@banca/contracts';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { HeadsetIcon } from '@/components/icons';
import { customerServiceUrl, openCustomerService } from '@/lib/customer-service';
import { RegionBlockArt } from './status-art';

/**
 * Shown instead of the whole site to visitors from a restricted region (status 2,
 * docs/product.md §8).
 */
export function RegionBlockPage({ status }: { status: SystemStatusPayload }) {
  const { t } = useTranslation();
  const { info, location } = status;
  return (
    <main className="status-screen" data-testid="region-block-page">
      <section className="status-screen__card" aria-labelledby="region-block-title">
        <p className="status-screen__brand">{info.theme.logoText || info.brandName}</p>
        <RegionBlockArt />
        <h1 id="region-block-title" className="status-screen__title">
          {t('regionBlock.title')}
        </h1>
        <p className="status-screen__text">
          <Trans
            i18nKey="regionBlock.message"
            values={{ ip: location.ip }}
            components={{ ip: <strong className="status-screen__ip" data-testid="visitor-ip" /> }}
          />
        </p>
        <p className="status-screen__text">{t('regionBlock.apology')}</p>
        {customerServiceUrl(info.customerService) ? (
          <div className="status-screen__actions">
            <Button
              variant="primary"
              size="lg"
              onClick={() => openCustomerService(info.customerService)}
            >
              <HeadsetIcon width={20} height={20} />
              {t('regionBlock.customerService')}
            </Button>
          </div>
        ) : null}
      </section>
    </main>
  );
}
