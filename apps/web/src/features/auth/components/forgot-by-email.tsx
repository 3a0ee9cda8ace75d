import type { PermissionInfo } from '@banca/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { FormAlert, TextField } from '@/components/form-field';
import { useLanguage } from '@/i18n';
import { resetPassword } from '../api/reset-password';
import { sendResetEmail } from '../api/send-reset-email';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useNewPasswordRules } from '../hooks/use-new-password-rules';
import { NewPasswordFields } from './new-password-fields';
import { useRevalidateOnLanguage } from '../hooks/use-revalidate-on-language';
import { useSendAlert } from '../hooks/use-send-alert';
import { ruleFor, validateWithRule } from '../lib/field-rules';
import { fieldOfError } from '@/api/field-errors';
import { SendCodeButton } from './send-code-button';

type Sent = { username: string; email: string; expiredMinutes: number };

/**
 * Forgot password by e-mail: username and e-mail (both required, each with its rule) → a
 * code by e-mail → the code and a new password → logged in, home.
 */
export function ForgotByEmail({ info }: { info: PermissionInfo }) {
  const [sent, setSent] = useState<Sent | null>(null);
  return sent ? (
    <ResetWithEmailCode info={info} sent={sent} onRestart={() => setSent(null)} />
  ) : (
    <RequestEmailCode info={info} onSent={setSent} />
  );
}

function RequestEmailCode({
  info,
  onSent,
}: {
  info: PermissionInfo;
  onSent: (sent: Sent) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<{ username: string; email: string }>({
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues: { username: '', email: '' },
  });
  const { register, handleSubmit, formState } = form;
  const { errors, isSubmitting } = formState;
  useRevalidateOnLanguage(form);
  const usernameRule = ruleFor(info.register, 'username');
  const emailRule = ruleFor(info.register, 'email');

  const submit = handleSubmit(
    async (values) => {
      setFormError(null);
      const request = { username: values.username.trim(), email: values.email.trim() };
      try {
        const { expiredMinutes } = await sendResetEmail(request);
        onSent({ ...request, expiredMinutes });
      } catch (error) {
        setFormError(errorMessage(error, t));
      }
    },
    () => setFormError(null),
  );

  return (
    <form
      className="auth-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="forgot-email-form"
    >
      <p className="auth-form__note">{t('forgot.emailIntro')}</p>
      <TextField
        label={t('auth.fields.username')}
        placeholder={t('auth.placeholders.username')}
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={usernameRule.maxLength}
        data-autofocus
        data-testid="forgot-username"
        error={errors.username?.message}
        {...register('username', {
          validate: (value) =>
            validateWithRule(usernameRule, value.trim(), language, { required: true }) ?? true,
        })}
      />
      <TextField
        label={t('forgot.email')}
        placeholder={t('register.placeholders.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={emailRule.maxLength}
        data-testid="forgot-email"
        error={errors.email?.message}
        {...register('email', {
          validate: (value) =>
            validateWithRule(emailRule, value.trim(), language, { required: true }) ?? true,
        })}
      />
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <Button type="submit" size="lg" block busy={isSubmitting} data-testid="forgot-email-submit">
        {t('forgot.sendEmailCode')}
      </Button>
    </form>
  );
}

type ResetValues = { verificationCode: string; newPassword: string; confirmNewPassword: string };

function ResetWithEmailCode({
  info,
  sent,
  onRestart,
}: {
  info: PermissionInfo;
  sent: Sent;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const { send, alert } = useSendAlert();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ResetValues>({
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues: { verificationCode: '', newPassword: '', confirmNewPassword: '' },
  });
  const { register, handleSubmit, setError, getValues, formState } = form;
  const { errors, isSubmitting } = formState;
  useRevalidateOnLanguage(form);
  const passwordRules = useNewPasswordRules(info.register, () => getValues('newPassword'));

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const response = await resetPassword({
        username: sent.username,
        email: sent.email,
        verificationCode: values.verificationCode.trim(),
        newPassword: values.newPassword,
        confirmNewPassword: values.confirmNewPassword,
      });
      await completeLogin(response, { remember: false, goHome: true });
    } catch (error) {
      const field = fieldOfError(
        error,
        ['verificationCode', 'newPassword', 'confirmNewPassword'] as const,
        {
          verification_code_invalid: 'verificationCode',
          verification_code_expired: 'verificationCode',
          password_too_common: 'newPassword',
          password_mismatch: 'confirmNewPassword',
        },
      );
      if (field) setError(field, { message: errorMessage(error, t) }, { shouldFocus: true });
      else setFormError(errorMessage(error, t));
    }
  });

  return (
    <form
      className="auth-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="forgot-reset-form"
    >
      <FormAlert tone="success" data-testid="forgot-email-sent">
        {t('forgot.emailSent', { email: sent.email })}
      </FormAlert>
      <TextField
        label={t('auth.fields.code')}
        placeholder={t('auth.placeholders.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={255}
        data-autofocus
        data-testid="forgot-code"
        error={errors.verificationCode?.message}
        trailing={
          <SendCodeButton
            label={t('auth.code.resend')}
            initialSeconds={sent.expiredMinutes * 60}
            onSend={() =>
              send(() => sendResetEmail({ username: sent.username, email: sent.email }))
            }
            data-testid="forgot-resend"
          />
        }
        {...register('verificationCode', {
          validate: (value) => (value.trim() ? true : t('auth.validation.codeRequired')),
        })}
      />
      <NewPasswordFields
        testIdPrefix="forgot"
        maxLength={passwordRules.maxLength}
        errors={{
          newPassword: errors.newPassword?.message,
          confirmation: errors.confirmNewPassword?.message,
        }}
        newPassword={register('newPassword', { validate: passwordRules.newPassword })}
        confirmation={register('confirmNewPassword', { validate: passwordRules.confirmation })}
      />
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <Button type="submit" size="lg" block busy={isSubmitting} data-testid="forgot-reset-submit">
        {t('forgot.resetSubmit')}
      </Button>
      <Button variant="ghost" block onClick={onRestart}>
        {t('forgot.changeEmail')}
      </Button>
      {alert}
    </form>
  );
}
