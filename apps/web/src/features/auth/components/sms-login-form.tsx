import type { RegisterFieldRule } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { Checkbox, FormAlert } from '@/components/form-field';
import { Spinner } from '@/components/spinner';
import { useLanguage } from '@/i18n';
import { countryQueryOptions } from '../api/get-country';
import { login } from '../api/login';
import { sendLoginSms } from '../api/send-login-sms';
import { useCompleteLogin, type LoginContext } from '../hooks/use-complete-login';
import { useRevalidateOnLanguage } from '../hooks/use-revalidate-on-language';
import { useSendAlert } from '../hooks/use-send-alert';
import { challengeOf, type LoginChallenge } from '../lib/login-challenge';
import { phoneDigits, ruleFor } from '../lib/field-rules';
import { fieldOfError } from '@/api/field-errors';
import { codeValidator, MobileCodeFields, mobileValidator } from './mobile-code-fields';

type Values = { mobileNum: string; verificationCode: string; remember: boolean };

const FIELD_BY_CODE = {
  phone_missing: 'mobileNum',
  phone_invalid_format: 'mobileNum',
  verification_code_invalid: 'verificationCode',
  verification_code_expired: 'verificationCode',
} as const;

/**
 * SMS login (docs/product.md §2, §5): the mobile number (a valid phone number, by the brand's
 * mobile rule) and the code sent to it. The send button counts down the code's lifetime.
 */
export function SmsLoginForm({
  rules,
  from,
  onChallenge,
}: {
  rules: readonly RegisterFieldRule[];
  from?: string;
  onChallenge: (challenge: LoginChallenge, context: LoginContext) => void;
}) {
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
    defaultValues: { mobileNum: '', verificationCode: '', remember: false },
  });
  const { register, handleSubmit, setError, trigger, getValues, formState } = form;
  const { errors, isSubmitting } = formState;
  useRevalidateOnLanguage(form);
  const mobileRule = ruleFor(rules, 'mobileNum');

  const sendCode = async () => {
    if (!(await trigger('mobileNum'))) return null;
    return send(() =>
      sendLoginSms({
        mobileNum: phoneDigits(getValues('mobileNum')),
        countryDialingCode: dialingCode,
      }),
    );
  };

  const submit = handleSubmit(
    async (values) => {
      setFormError(null);
      const context: LoginContext = { remember: values.remember, from };
      try {
        const response = await login({
          type: 'sms',
          mobileNum: phoneDigits(values.mobileNum),
          countryDialingCode: dialingCode,
          verificationCode: values.verificationCode.trim(),
          remember: values.remember,
        });
        await completeLogin(response, context);
      } catch (error) {
        const challenge = challengeOf(error);
        if (challenge) {
          onChallenge(challenge, context);
          return;
        }
        const field = fieldOfError(
          error,
          ['mobileNum', 'verificationCode'] as const,
          FIELD_BY_CODE,
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
      data-testid="sms-login-form"
    >
      <MobileCodeFields
        dialingCode={dialingCode}
        onSend={sendCode}
        testIds={{ mobile: 'sms-mobile', code: 'sms-code', send: 'sms-send-code' }}
        errors={{ mobile: errors.mobileNum?.message, code: errors.verificationCode?.message }}
        mobile={register('mobileNum', { validate: mobileValidator(mobileRule, language, t) })}
        code={register('verificationCode', { validate: codeValidator(t) })}
      />
      <div className="auth-form__row">
        <Checkbox label={t('auth.remember')} {...register('remember')} />
      </div>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <Button type="submit" size="lg" block disabled={isSubmitting} data-testid="sms-login-submit">
        {isSubmitting ? <Spinner sizePx={18} label={t('auth.loggingIn')} /> : null}
        {t('auth.loginButton')}
      </Button>
      {alert}
    </form>
  );
}
