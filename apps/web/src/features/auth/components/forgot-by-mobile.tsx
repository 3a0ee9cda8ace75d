import type { PermissionInfo } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { FormAlert, PasswordField, TextField } from '@/components/form-field';
import { Spinner } from '@/components/spinner';
import { useLanguage } from '@/i18n';
import { countryQueryOptions } from '../api/get-country';
import { resetPassword } from '../api/reset-password';
import { sendResetSms } from '../api/send-reset-sms';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useNewPasswordRules } from '../hooks/use-new-password-rules';
import { useRevalidateOnLanguage } from '../hooks/use-revalidate-on-language';
import { useSendAlert } from '../hooks/use-send-alert';
import { phoneDigits, ruleFor, validateWithRule } from '../lib/field-rules';
import { fieldOfError } from '@/api/field-errors';
import { SendCodeButton } from './send-code-button';

type Values = {
  mobileNum: string;
  verificationCode: string;
  newPassword: string;
  confirmNewPassword: string;
};

/**
 * Forgot password by phone (spec §4, §5): the mobile number (required, valid), a code by SMS,
 * and the new password with its rule → logged in automatically, home.
 */
export function ForgotByMobile({ info }: { info: PermissionInfo }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const country = useQuery(countryQueryOptions());
  const dialingCode = country.data?.countryDialingCode ?? '';
  const completeLogin = useCompleteLogin();
  const { send, alert } = useSendAlert();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues: { mobileNum: '', verificationCode: '', newPassword: '', confirmNewPassword: '' },
  });
  const { register, handleSubmit, setError, trigger, getValues, formState } = form;
  const { errors, isSubmitting } = formState;
  useRevalidateOnLanguage(form);
  const mobileRule = ruleFor(info.register, 'mobileNum');
  const passwordRules = useNewPasswordRules(info.register, () => getValues('newPassword'));

  const sendCode = async () => {
    if (!(await trigger('mobileNum'))) return null;
    return send(() =>
      sendResetSms({
        mobileNum: phoneDigits(getValues('mobileNum')),
        countryDialingCode: dialingCode,
      }),
    );
  };

  const submit = handleSubmit(
    async (values) => {
      setFormError(null);
      try {
        const response = await resetPassword({
          mobileNum: phoneDigits(values.mobileNum),
          countryDialingCode: dialingCode,
          verificationCode: values.verificationCode.trim(),
          newPassword: values.newPassword,
          confirmNewPassword: values.confirmNewPassword,
        });
        await completeLogin(response, { remember: false, goHome: true });
      } catch (error) {
        const field = fieldOfError(
          error,
          ['mobileNum', 'verificationCode', 'newPassword', 'confirmNewPassword'] as const,
          {
            phone_missing: 'mobileNum',
            phone_invalid_format: 'mobileNum',
            verification_code_invalid: 'verificationCode',
            verification_code_expired: 'verificationCode',
            password_too_common: 'newPassword',
            password_mismatch: 'confirmNewPassword',
          },
        );
        if (field) setError(field, { message: errorMessage(error, t) }, { shouldFocus: true });
        else setFormError(errorMessage(error, t));
      }
    },
    () => setFormError(null),
  );

  return (
    <form
      className="auth-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="forgot-mobile-form"
    >
      <p className="auth-form__note">{t('forgot.mobileIntro')}</p>
      <TextField
        label={t('auth.fields.mobile')}
        placeholder={t('auth.placeholders.mobile')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={20}
        prefix={dialingCode || null}
        data-autofocus
        data-testid="forgot-mobile"
        error={errors.mobileNum?.message}
        {...register('mobileNum', {
          validate: (value) => {
            const digits = phoneDigits(value);
            if (!digits) return t('auth.validation.mobileRequired');
            return validateWithRule(mobileRule, digits, language) === null
              ? true
              : t('auth.validation.mobileInvalid');
          },
        })}
      />
      <TextField
        label={t('auth.fields.code')}
        placeholder={t('auth.placeholders.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={255}
        data-testid="forgot-mobile-code"
        error={errors.verificationCode?.message}
        trailing={<SendCodeButton onSend={sendCode} data-testid="forgot-send-sms" />}
        {...register('verificationCode', {
          validate: (value) => (value.trim() ? true : t('auth.validation.codeRequired')),
        })}
      />
      <PasswordField
        label={t('forgot.newPassword')}
        placeholder={t('forgot.newPasswordPlaceholder')}
        autoComplete="new-password"
        maxLength={passwordRules.maxLength}
        data-testid="forgot-mobile-new-password"
        error={errors.newPassword?.message}
        {...register('newPassword', { validate: passwordRules.newPassword })}
      />
      <PasswordField
        label={t('forgot.confirmPassword')}
        placeholder={t('forgot.confirmPasswordPlaceholder')}
        autoComplete="new-password"
        maxLength={passwordRules.maxLength}
        data-testid="forgot-mobile-confirm-password"
        error={errors.confirmNewPassword?.message}
        {...register('confirmNewPassword', { validate: passwordRules.confirmation })}
      />
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <Button
        type="submit"
        size="lg"
        block
        disabled={isSubmitting}
        data-testid="forgot-mobile-submit"
      >
        {isSubmitting ? <Spinner sizePx={18} /> : null}
        {t('forgot.resetSubmit')}
      </Button>
      {alert}
    </form>
  );
}
