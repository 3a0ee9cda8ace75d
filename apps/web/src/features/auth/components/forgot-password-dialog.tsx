import { isModuleEnabled, ModuleId, type PermissionInfo } from '@banca/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { HeadsetIcon, MailIcon, SmartphoneIcon } from '@/components/icons';
import { Tabs } from '@/components/tabs';
import { customerServiceUrl, openCustomerService } from '@/lib/customer-service';
import { openAuthDialog } from '@/stores/auth-dialog-store';
import { ForgotByEmail } from './forgot-by-email';
import { ForgotByMobile } from './forgot-by-mobile';

type Method = 'email' | 'mobile';

/**
 * Forgot password (docs/product.md §2): e-mail and mobile tabs (mobile only with SMS_LOGIN), and a
 * way to customer service for whoever can use neither.
 */
export function ForgotPasswordDialog({
  info,
  onClose,
}: {
  info: PermissionInfo;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mobileEnabled = isModuleEnabled(info.whitelabel, ModuleId.smsLogin);
  const [method, setMethod] = useState<Method>('email');
  const hasCustomerService = customerServiceUrl(info.customerService) !== null;

  return (
    <Dialog open onClose={onClose} title={t('forgot.title')} data-testid="forgot-dialog">
      {mobileEnabled ? (
        <Tabs
          label={t('forgot.methods')}
          items={[
            { key: 'email', label: t('forgot.tabs.email'), icon: <MailIcon /> },
            { key: 'mobile', label: t('forgot.tabs.mobile'), icon: <SmartphoneIcon /> },
          ]}
          selected={method}
          onSelect={setMethod}
          testIdPrefix="forgot-tab"
        />
      ) : null}
      {method === 'mobile' && mobileEnabled ? (
        <ForgotByMobile info={info} />
      ) : (
        <ForgotByEmail info={info} />
      )}
      <div className="auth-help">
        {hasCustomerService ? (
          <button
            type="button"
            className="auth-help__service"
            onClick={() => openCustomerService(info.customerService)}
            data-testid="forgot-customer-service"
          >
            <HeadsetIcon />
            <span>
              <strong>{t('forgot.serviceTitle')}</strong>
              <span>{t('forgot.serviceText')}</span>
            </span>
          </button>
        ) : null}
        <p className="auth-switch">
          {t('forgot.remembered')}{' '}
          <button
            type="button"
            className="link-btn"
            onClick={() => openAuthDialog({ kind: 'login' })}
          >
            {t('forgot.toLogin')}
          </button>
        </p>
      </div>
    </Dialog>
  );
}
