import type { LoginVerificationMethod } from '@banca/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { FormAlert, TextField } from '@/components/form-field';
import { ChevronLeftIcon, KeyIcon, MailIcon, ShieldIcon, SmartphoneIcon } from '@/components/icons';
import { Tabs } from '@/components/tabs';
import { sendLoginVerification } from '../api/send-login-verification';
import { verifyLogin } from '../api/verify-login';
import { useCompleteLogin, type LoginContext } from '../hooks/use-complete-login';
import { useSendAlert } from '../hooks/use-send-alert';
import type { LoginChallenge } from '../lib/login-challenge';
import { SendCodeButton } from './send-code-button';

const METHOD_ICONS: Record<LoginVerificationMethod, typeof MailIcon> = {
  sms: SmartphoneIcon,
  email: MailIcon,
  bankName: ShieldIcon,
  totp: KeyIcon,
};

/**
 * Extra verification of a login from an IP the member never used (docs/product.md §1): a code by
 * SMS or e-mail, the bank account holder's name, or an authenticator code, whichever the member
 * has.
 */
export function LoginVerificationStep({
  challenge,
  context,
  onBack,
}: {
  challenge: LoginChallenge;
  context: LoginContext;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const { send, alert } = useSendAlert();
  const [method, setMethod] = useState<LoginVerificationMethod>(challenge.methods[0] ?? 'sms');
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<{ code: string }>({
    mode: 'onBlur',
    defaultValues: { code: '' },
  });
  const { errors, isSubmitting } = formState;

  const destination =
    method === 'sms' ? challenge.maskedMobile : method === 'email' ? challenge.maskedEmail : null;

  const submit = handleSubmit(
    async ({ code }) => {
      setFormError(null);
      try {
        const response = await verifyLogin({
          pendingToken: challenge.pendingToken,
          method,
          code: code.trim(),
        });
        await completeLogin(response, context);
      } catch (error) {
        if (isApiError(error) && error.code === 'verification_failed')
          setError('code', { message: errorMessage(error, t) }, { shouldFocus: true });
        else setFormError(errorMessage(error, t));
      }
    },
    () => setFormError(null),
  );

  return (
    <div className="auth-verify" data-testid="login-verification">
      <div className="auth-verify__intro">
        <span className="auth-verify__icon">
          <ShieldIcon />
        </span>
        <div>
          <p className="auth-verify__title">{t('auth.verify.title')}</p>
          <p className="auth-verify__text">{t('auth.verify.intro')}</p>
        </div>
      </div>
      {challenge.methods.length > 1 ? (
        <Tabs
          label={t('auth.verify.methodsLabel')}
          items={challenge.methods.map((key) => {
            const Icon = METHOD_ICONS[key];
            return { key, label: t(`auth.verify.methods.${key}`), icon: <Icon /> };
          })}
          selected={method}
          onSelect={(next) => {
            setMethod(next);
            setFormError(null);
            reset({ code: '' });
          }}
          testIdPrefix="verify-method"
        />
      ) : null}
      <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
        {destination ? (
          <p className="auth-form__note">{t('auth.verify.sentTo', { destination })}</p>
        ) : null}
        <TextField
          key={method}
          label={t(`auth.verify.fields.${method}`)}
          placeholder={t(`auth.verify.placeholders.${method}`)}
          inputMode={method === 'bankName' ? 'text' : 'numeric'}
          autoComplete={method === 'bankName' ? 'name' : 'one-time-code'}
          maxLength={255}
          data-autofocus
          data-testid="verify-code"
          error={errors.code?.message}
          trailing={
            method === 'sms' || method === 'email' ? (
              <SendCodeButton
                key={method}
                onSend={() =>
                  send(() =>
                    sendLoginVerification({
                      pendingToken: challenge.pendingToken,
                      method: method === 'sms' ? 'sms' : 'email',
                    }),
                  )
                }
                data-testid="verify-send-code"
              />
            ) : null
          }
          {...register('code', {
            validate: (value) => (value.trim() ? true : t('auth.validation.codeRequired')),
          })}
        />
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <Button type="submit" size="lg" block busy={isSubmitting} data-testid="verify-submit">
          {t('auth.verify.submit')}
        </Button>
        <Button variant="ghost" block onClick={onBack}>
          <ChevronLeftIcon width={18} height={18} />
          {t('auth.verify.back')}
        </Button>
      </form>
      {alert}
    </div>
  );
}
