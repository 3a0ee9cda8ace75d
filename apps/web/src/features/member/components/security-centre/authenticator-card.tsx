import { useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { FormAlert, TextField } from '@/components/form-field';
import { CopyIcon, ShieldIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { toast } from '@/stores/toast-store';
import { disableTotp } from '../../api/disable-totp';
import { enableTotp } from '../../api/enable-totp';
import { profileQueryKey } from '../../api/get-profile';
import { startTotpSetup } from '../../api/start-totp-setup';
import { useReauthGate } from './reauth-gate';

/** Authenticator codes are 6 digits (RFC 6238 as the apps use it). */
const TOTP_CODE_PATTERN = /^\d{6}$/;
/** Size of the setup QR code; big enough for a phone camera at arm's length. */
const QR_SIZE_PX = 168;

/** The secret in groups of four, the way people copy it by hand. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * The authenticator app (Google Authenticator and the like): set up with a QR code (or the
 * secret typed in) and a first code; turned off with a current code. Login verification can
 * then ask for it (docs/product.md §1).
 */
export function AuthenticatorCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [starting, setStarting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // Turning the authenticator on or off needs the password again (a stolen session cannot).
  const reauth = useReauthGate();
  const { register, handleSubmit, setError, reset, formState } = useForm<{ code: string }>({
    mode: 'onSubmit',
    defaultValues: { code: '' },
  });
  const { errors, isSubmitting } = formState;

  const start = async () => {
    setStarting(true);
    setFormError(null);
    try {
      setSetup(await startTotpSetup());
    } catch (error) {
      setFormError(errorMessage(error, t));
    } finally {
      setStarting(false);
    }
  };

  const finish = async (message: string) => {
    await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    setSetup(null);
    reset();
    toast.success(message);
  };

  const submit = handleSubmit(
    async ({ code }) => {
      setFormError(null);
      try {
        if (enabled) {
          await reauth.guard(() => disableTotp(code.trim()));
          await finish(t('security.totp.disabled'));
        } else {
          await reauth.guard(() => enableTotp(code.trim()));
          await finish(t('security.totp.enabled'));
        }
      } catch (error) {
        setError('code', { message: errorMessage(error, t) }, { shouldFocus: true });
      }
    },
    () => setFormError(null),
  );

  const codeField = (
    <TextField
      label={t('security.totp.code')}
      placeholder={t('security.totp.codePlaceholder')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      data-testid="totp-code"
      error={errors.code?.message}
      {...register('code', {
        validate: (value) =>
          TOTP_CODE_PATTERN.test(value.trim()) ? true : t('security.totp.codeInvalid'),
      })}
    />
  );

  return (
    <section className="card" aria-labelledby="totp-title" data-testid="totp-card">
      <header className="card__header">
        <span className="card__icon">
          <ShieldIcon />
        </span>
        <div>
          <h2 id="totp-title" className="card__title">
            {t('security.totp.title')}
            <span
              className={enabled ? 'status-chip is-on' : 'status-chip'}
              data-testid="totp-status"
            >
              {enabled ? t('security.statusOn') : t('security.statusOff')}
            </span>
          </h2>
          <p className="card__subtitle">
            {enabled ? t('security.totp.onText') : t('security.totp.offText')}
          </p>
        </div>
      </header>
      {enabled ? (
        <form className="card__form" onSubmit={(event) => void submit(event)} noValidate>
          {codeField}
          <div className="card__actions">
            <Button
              type="submit"
              variant="outline"
              disabled={isSubmitting}
              data-testid="totp-disable"
            >
              {isSubmitting ? <Spinner sizePx={16} /> : null}
              {t('security.totp.disable')}
            </Button>
          </div>
        </form>
      ) : setup ? (
        <form className="card__form" onSubmit={(event) => void submit(event)} noValidate>
          <ol className="totp-setup">
            <li>{t('security.totp.step1')}</li>
            <li>{t('security.totp.step2')}</li>
          </ol>
          <div className="totp-setup__qr" data-testid="totp-qr">
            <QRCodeSVG
              value={setup.otpauthUrl}
              size={QR_SIZE_PX}
              marginSize={2}
              title={t('security.totp.qrTitle')}
            />
          </div>
          <div className="totp-setup__secret">
            <span className="totp-setup__secret-label">{t('security.totp.secret')}</span>
            <code data-testid="totp-secret">{groupSecret(setup.secret)}</code>
            <button
              type="button"
              className="field__icon-btn"
              aria-label={t('security.totp.copySecret')}
              onClick={() =>
                navigator.clipboard.writeText(setup.secret).then(
                  () => toast.success(t('security.copied')),
                  () => toast.error(t('security.copyFailed')),
                )
              }
            >
              <CopyIcon />
            </button>
          </div>
          <p className="totp-setup__step">{t('security.totp.step3')}</p>
          {codeField}
          <div className="card__actions">
            <Button
              variant="ghost"
              disabled={isSubmitting}
              onClick={() => {
                setSetup(null);
                reset();
              }}
            >
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={isSubmitting} data-testid="totp-enable">
              {isSubmitting ? <Spinner sizePx={16} /> : null}
              {t('security.totp.enable')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="card__actions">
          <Button
            variant="secondary"
            onClick={() => void start()}
            disabled={starting}
            data-testid="totp-setup"
          >
            {starting ? <Spinner sizePx={16} /> : null}
            {t('security.totp.setup')}
          </Button>
        </div>
      )}
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      {reauth.dialog}
    </section>
  );
}
