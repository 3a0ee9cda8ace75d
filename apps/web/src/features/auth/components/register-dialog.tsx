import type { PermissionInfo } from '@banca/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { EmptyState } from '@/components/empty-state';
import { AlertIcon, SmartphoneIcon, UserIcon } from '@/components/icons';
import { Tabs } from '@/components/tabs';
import { openAuthDialog } from '@/stores/auth-dialog-store';
import type { RegisterMode } from '../lib/field-rules';
import { RegisterForm } from './register-form';

/**
 * The register dialog (docs/product.md §2): a username tab and a mobile tab, each shown only when
 * the brand enables it (USERNAMEREG3, MOBILENUMREG3); no tabs when only one is.
 */
export function RegisterDialog({
  info,
  referralCode,
  onClose,
}: {
  info: PermissionInfo;
  referralCode?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const modes: RegisterMode[] = [];
  if (info.siteFlags.USERNAMEREG3) modes.push('username');
  if (info.siteFlags.MOBILENUMREG3) modes.push('mobile');
  const [chosen, setChosen] = useState<RegisterMode | null>(null);
  const mode = chosen && modes.includes(chosen) ? chosen : modes[0];

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('auth.registerTitle')}
      size="wide"
      data-testid="register-dialog"
    >
      <p className="auth-lead">{t('register.lead')}</p>
      {modes.length > 1 && mode ? (
        <Tabs
          label={t('register.methods')}
          items={[
            { key: 'username', label: t('register.tabs.username'), icon: <UserIcon /> },
            { key: 'mobile', label: t('register.tabs.mobile'), icon: <SmartphoneIcon /> },
          ]}
          selected={mode}
          onSelect={setChosen}
          testIdPrefix="register-tab"
        />
      ) : null}
      {mode ? (
        <RegisterForm
          key={mode}
          info={info}
          mode={mode}
          referralCode={referralCode}
          onLogin={() => openAuthDialog({ kind: 'login' })}
        />
      ) : (
        <EmptyState icon={<AlertIcon />} title={t('register.closedTitle')}>
          {t('register.closed')}
        </EmptyState>
      )}
    </Dialog>
  );
}
