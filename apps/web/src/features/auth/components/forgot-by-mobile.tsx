import type { PermissionInfo } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-field';
import { useLanguage } from '@/i18n';
import { countryQueryOptions } from '../api/get-country';
import { resetPassword } from '../api/reset-password';
import { sendResetSms } from '../api/send-reset-sms';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useNewPasswordRules } from '../hooks/use-new-password-rules';
import { NewPasswordFields } from './new-password-fields';
import { useRevalidateOnLanguage } from '../hooks/use-revalidate-on-language';
import { useSendAlert } from '../hooks/use-send-alert';
import { phoneDigits, ruleFor } from '../lib/field-rules';
import { fieldOfError } from '@/api/field-errors';
import { codeValidator, MobileCodeFields, mobileValidator } from './mobile-code-fields';

type Values = {
  mobileNum: string;
  verificationCode: string;
  newPassword: string;
  confirmNewPassword: string;
};

/**
 * Forgot password by phone (docs/product.md §4, §5): the mobile number (required, valid), a code by
 * SMS, and the new password with its rule → logged in automatically, home.
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
      <MobileCodeFields
        dialingCode={dialingCode}
        onSend={sendCode}
        testIds={{ mobile: 'forgot-mobile', code: 'forgot-mobile-code', send: 'forgot-send-sms' }}
        errors={{ mobile: errors.mobileNum?.message, code: errors.verificationCode?.message }}
        mobile={register('mobileNum', { validate: mobileValidator(mobileRule, language, t) })}
        code={register('verificationCode', { validate: codeValidator(t) })}
      />
      <NewPasswordFields
        testIdPrefix="forgot-mobile"
        maxLength={passwordRules.maxLength}
        errors={{
          newPassword: errors.newPassword?.message,
          confirmation: errors.confirmNewPassword?.message,
        }}
        newPassword={register('newPassword', { validate: passwordRules.newPassword })}
        confirmation={register('confirmNewPassword', { validate: passwordRules.confirmation })}
      />
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <Button type="submit" size="lg" block busy={isSubmitting} data-testid="forgot-mobile-submit">
        {t('forgot.resetSubmit')}
      </Button>
      {alert}
    </form>
  );
}
