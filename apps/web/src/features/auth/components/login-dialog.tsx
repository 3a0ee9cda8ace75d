import { isModuleEnabled, ModuleId, type PermissionInfo } from '@banca/contracts';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-field';
import { GamepadIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { openAuthDialog } from '@/stores/auth-dialog-store';
import { login } from '../api/login';
import { loginFreePlay } from '../api/login-free-play';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { LoginPanel } from './login-panel';

/**
 * The two third-party sign-in providers of docs/product.md §2 (shown only with THIRD_PARTY_LOGIN).
 */
const THIRD_PARTY_PROVIDERS = ['google', 'facebook'] as const;

/**
 * The login dialog (docs/product.md §2): the login forms, links to register and forgot password,
 * the terms link, and — when the brand has them — third-party sign-in and free play.
 */
export function LoginDialog({
  info,
  from,
  onClose,
}: {
  info: PermissionInfo;
  from?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const freePlay = isModuleEnabled(info.whitelabel, ModuleId.freePlay);
  const thirdParty = isModuleEnabled(info.whitelabel, ModuleId.thirdPartyLogin);
  const [busy, setBusy] = useState<'freePlay' | 'thirdParty' | null>(null);
  const [error, setError] = useState<string | null>(null);
  // While a login is held for verification, other ways in would only distract.
  const [held, setHeld] = useState(false);

  const run = async (kind: 'freePlay' | 'thirdParty', action: () => Promise<void>) => {
    setBusy(kind);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(errorMessage(failure, t));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog open onClose={onClose} title={t('auth.loginTitle')} data-testid="login-dialog">
      <p className="auth-lead">{t('auth.loginLead')}</p>
      <LoginPanel
        info={info}
        from={from}
        onForgotPassword={() => openAuthDialog({ kind: 'forgotPassword' })}
        onVerificationStep={setHeld}
      />
      {error ? <FormAlert>{error}</FormAlert> : null}
      {thirdParty && !held ? (
        <div className="auth-third-party">
          <p className="auth-divider">
            <span>{t('auth.orContinueWith')}</span>
          </p>
          <div className="auth-third-party__buttons">
            {THIRD_PARTY_PROVIDERS.map((provider) => (
              <Button
                key={provider}
                variant="secondary"
                disabled={busy !== null}
                data-testid={`login-${provider}`}
                onClick={() =>
                  void run('thirdParty', async () => {
                    // Without a provider adapter the server answers feature_disabled, shown as is.
                    await completeLogin(await login({ type: 'firebase', remember: false }), {
                      remember: false,
                      from,
                    });
                  })
                }
              >
                {t(`auth.providers.${provider}`)}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
      {freePlay && !held ? (
        <Button
          variant="outline"
          block
          className="auth-free-play"
          disabled={busy !== null}
          data-testid="login-free-play"
          onClick={() =>
            void run('freePlay', async () => {
              await completeLogin(await loginFreePlay(), { remember: false, from });
            })
          }
        >
          {busy === 'freePlay' ? <Spinner sizePx={18} /> : <GamepadIcon width={18} height={18} />}
          {t('auth.freePlay')}
        </Button>
      ) : null}
      {held ? null : (
        <p className="auth-switch">
          {t('auth.noAccount')}{' '}
          <button
            type="button"
            className="link-btn"
            onClick={() => openAuthDialog({ kind: 'register' })}
            data-testid="login-to-register"
          >
            {t('auth.toRegister')}
          </button>
        </p>
      )}
      <p className="auth-terms">
        <Trans
          t={t}
          i18nKey="auth.termsNotice"
          components={{
            terms: (
              <a
                href="/help#term"
                target="_blank"
                rel="noopener noreferrer"
                className="text-link"
              />
            ),
          }}
        />
      </p>
    </Dialog>
  );
}
