import { isModuleEnabled, ModuleId, type PermissionInfo } from '@banca/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SmartphoneIcon, UserIcon } from '@/components/icons';
import { Tabs } from '@/components/tabs';
import type { LoginContext } from '../hooks/use-complete-login';
import type { LoginChallenge } from '../lib/login-challenge';
import { LoginVerificationStep } from './login-verification-step';
import { SmsLoginForm } from './sms-login-form';
import { UsernameLoginForm } from './username-login-form';

type LoginTab = 'username' | 'sms';

/**
 * The login forms (docs/product.md §2): a username tab and, when the brand has SMS_LOGIN, an SMS
 * tab (no tabs when only one applies). A login held for extra verification switches to that step.
 * Used by the login dialog and by the agent login page (`agentLogin`, username only).
 */
export function LoginPanel({
  info,
  agentLogin = false,
  from,
  onForgotPassword,
  onVerificationStep,
}: {
  info: PermissionInfo;
  agentLogin?: boolean;
  from?: string;
  onForgotPassword?: () => void;
  /** The login is held for extra verification (true) or back at the forms (false). */
  onVerificationStep?: (held: boolean) => void;
}) {
  const { t } = useTranslation();
  const smsLogin = !agentLogin && isModuleEnabled(info.whitelabel, ModuleId.smsLogin);
  const [tab, setTab] = useState<LoginTab>('username');
  const [held, setHeld] = useState<{ challenge: LoginChallenge; context: LoginContext } | null>(
    null,
  );

  if (held) {
    return (
      <LoginVerificationStep
        challenge={held.challenge}
        context={held.context}
        onBack={() => {
          setHeld(null);
          onVerificationStep?.(false);
        }}
      />
    );
  }
  const onChallenge = (challenge: LoginChallenge, context: LoginContext) => {
    setHeld({ challenge, context });
    onVerificationStep?.(true);
  };
  return (
    <div className="login-panel">
      {smsLogin ? (
        <Tabs
          label={t('auth.loginMethods')}
          items={[
            { key: 'username', label: t('auth.tabs.username'), icon: <UserIcon /> },
            { key: 'sms', label: t('auth.tabs.sms'), icon: <SmartphoneIcon /> },
          ]}
          selected={tab}
          onSelect={setTab}
          testIdPrefix="login-tab"
        />
      ) : null}
      {tab === 'sms' && smsLogin ? (
        <SmsLoginForm rules={info.register} from={from} onChallenge={onChallenge} />
      ) : (
        <UsernameLoginForm
          agentLogin={agentLogin}
          from={from}
          onChallenge={onChallenge}
          onForgotPassword={onForgotPassword}
        />
      )}
    </div>
  );
}
