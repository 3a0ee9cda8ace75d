import type { PermissionInfo, RegisterField, RegisterRequest } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type HTMLAttributes } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { isApiError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { Checkbox, FormAlert, PasswordField, TextField } from '@/components/form-field';
import { Spinner } from '@/components/spinner';
import { useLanguage } from '@/i18n';
import { deviceId } from '@/lib/device-id';
import { checkAffiliate } from '../api/check-affiliate';
import { countryQueryOptions } from '../api/get-country';
import { register as registerMember } from '../api/register';
import { sendRegisterSms } from '../api/send-register-sms';
import { useCaptcha } from '../hooks/use-captcha';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useRevalidateOnLanguage } from '../hooks/use-revalidate-on-language';
import { useSendAlert } from '../hooks/use-send-alert';
import {
  phoneDigits,
  registerFields,
  validateWithRule,
  type RegisterFieldSpec,
  type RegisterMode,
} from '../lib/field-rules';
import { fieldOfError } from '@/api/field-errors';
import { CaptchaField } from './captcha-field';
import { SendCodeButton } from './send-code-button';

type Values = {
  fields: Partial<Record<string, string>>;
  acceptTerms: boolean;
  ageConfirmed: boolean;
};

/** How each field is typed in: keyboard, autofill hint, masked or not. */
const INPUTS: Partial<
  Record<
    string,
    {
      kind?: 'password' | 'phone';
      type?: string;
      inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
      autoComplete?: string;
    }
  >
> = {
  username: { autoComplete: 'username' },
  password: { kind: 'password', autoComplete: 'new-password' },
  confirmPassword: { kind: 'password', autoComplete: 'new-password' },
  paymentPassword: { kind: 'password', inputMode: 'numeric', autoComplete: 'off' },
  mobileNum: { kind: 'phone' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  payeeName: { autoComplete: 'name' },
  whatsapp: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  verificationCode: { inputMode: 'numeric', autoComplete: 'one-time-code' },
  idNumber: { inputMode: 'numeric' },
  qqNum: { inputMode: 'numeric' },
};

/** Fields that take the whole row of the two-column layout. */
const WIDE_FIELDS = new Set(['username', 'mobileNum', 'verificationCode', 'captcha']);

/** Phone numbers: checked and sent without the separators people type. */
const PHONE_FIELDS = new Set(['mobileNum', 'whatsapp']);

/** Fields whose value is sent as typed (spaces in a password are the player's choice). */
const UNTRIMMED = new Set(['password', 'confirmPassword', 'paymentPassword']);

/**
 * Server codes that belong beside a field. `login_fields_required` means the identity is
 * missing: the username, or in mobile mode the number.
 */
const fieldByCode = (mode: RegisterMode) =>
  ({
    username_taken: 'username',
    mobile_taken: 'mobileNum',
    invitation_code_error: 'affiliateCode',
    password_mismatch: 'confirmPassword',
    password_too_common: 'password',
    phone_missing: 'mobileNum',
    phone_invalid_format: 'mobileNum',
    verification_code_invalid: 'verificationCode',
    verification_code_expired: 'verificationCode',
    captcha_required: 'captcha',
    captcha_invalid: 'captcha',
    login_fields_required: mode === 'mobile' ? 'mobileNum' : 'username',
  }) as const;

/** The invitation code an agent's link carries (`?affiliateCode=`), if the page has one. */
function affiliateCodeInLink(): string | undefined {
  const code = new URLSearchParams(window.location.search).get('affiliateCode')?.trim();
  return code ? code.slice(0, 32) : undefined;
}

/**
 * Registration (docs/product.md §2, §4, §5): the brand's enabled fields with its rules, checked on
 * blur and on submit by the same `checkFieldRule` as the server; the affiliate code checked first;
 * terms, privacy and age confirmed. Success logs the new member in and goes home.
 */
export function RegisterForm({
  info,
  mode,
  referralCode,
  onLogin,
}: {
  info: PermissionInfo;
  mode: RegisterMode;
  referralCode?: string;
  onLogin: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const country = useQuery(countryQueryOptions());
  const dialingCode = country.data?.countryDialingCode ?? '';
  const completeLogin = useCompleteLogin();
  const { send, alert } = useSendAlert();
  const specs = registerFields(info.register, mode, info.siteFlags);
  const captchaShown = specs.some((spec) => spec.field === 'captcha');
  const captcha = useCaptcha(captchaShown);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'onBlur',
    reValidateMode: 'onChange',
    shouldUnregister: true,
    defaultValues: {
      fields: {
        ...(referralCode ? { referralCode } : {}),
        // An agent's invitation link (/register?affiliateCode=…, docs/agents.md) fills its code in.
        ...(affiliateCodeInLink() ? { affiliateCode: affiliateCodeInLink() } : {}),
      },
      acceptTerms: false,
      ageConfirmed: false,
    },
  });
  const { register, handleSubmit, setError, trigger, getValues, getFieldState, formState } = form;
  const { errors, isSubmitting } = formState;
  useRevalidateOnLanguage(form);

  const validate = (spec: RegisterFieldSpec) => (raw: string | undefined) => {
    const value = raw ?? '';
    if (spec.field === 'confirmPassword') {
      if (!value) return t('auth.validation.confirmRequired');
      return value === getValues('fields.password') ? true : t('auth.validation.passwordMismatch');
    }
    if (spec.field === 'captcha') return value.trim() ? true : t('auth.validation.captchaRequired');
    const checked = PHONE_FIELDS.has(spec.field) ? phoneDigits(value) : value;
    return validateWithRule(spec.rule, checked, language, { required: spec.required }) ?? true;
  };

  const sendCode = async () => {
    if (!(await trigger('fields.mobileNum'))) return null;
    return send(() =>
      sendRegisterSms({
        mobileNo: phoneDigits(getValues('fields.mobileNum') ?? ''),
        countryDialingCode: dialingCode,
      }),
    );
  };

  const submit = handleSubmit(
    async (values) => {
      setFormError(null);
      const fields = values.fields;
      // The affiliate code is checked first (docs/product.md §4); a bad one stops the registration
      // there.
      const affiliateCode = fields.affiliateCode?.trim();
      if (affiliateCode) {
        try {
          await checkAffiliate({ code: affiliateCode, domain: window.location.host });
        } catch (error) {
          setError(
            'fields.affiliateCode',
            { message: errorMessage(error, t) },
            { shouldFocus: true },
          );
          return;
        }
      }
      const payload: Record<string, unknown> = {};
      for (const { field } of specs) {
        const value = fields[field];
        if (field === 'captcha' || value === undefined || value.trim() === '') continue;
        payload[field] = PHONE_FIELDS.has(field)
          ? phoneDigits(value)
          : UNTRIMMED.has(field)
            ? value
            : value.trim();
      }
      if (payload.mobileNum) payload.countryDialingCode = dialingCode;
      if (captchaShown && captcha.captcha) {
        payload.captcha = fields.captcha?.trim();
        payload.captchaId = captcha.captcha.id;
      }
      const request: RegisterRequest = {
        ...(payload as RegisterRequest),
        acceptTerms: true,
        login: true,
        remember: false,
        domain: window.location.host,
        registerUrl: window.location.href,
        registerMethod: 'WEB',
        deviceId: await deviceId(),
      };
      try {
        const response = await registerMember(mode, request);
        await completeLogin(response, { remember: false, goHome: true });
      } catch (error) {
        if (captchaShown) captcha.reload();
        if (isApiError(error) && error.code === 'terms_not_accepted') {
          setError('acceptTerms', { message: error.message }, { shouldFocus: true });
          return;
        }
        const shown = specs.map((spec) => spec.field);
        const field = fieldOfError(error, shown, fieldByCode(mode));
        if (field)
          setError(`fields.${field}`, { message: errorMessage(error, t) }, { shouldFocus: true });
        else setFormError(errorMessage(error, t));
      }
    },
    () => setFormError(null),
  );

  const renderField = (spec: RegisterFieldSpec, index: number) => {
    const { field } = spec;
    const name = `fields.${field}` as const;
    const input = INPUTS[field] ?? {};
    const error = errors.fields?.[field]?.message;
    const key = field as RegisterField;
    const label = spec.required ? (
      t(`register.fields.${key}`)
    ) : (
      <>
        {t(`register.fields.${key}`)} <span className="field__optional">{t('form.optional')}</span>
      </>
    );
    const registered = register(name, {
      validate: validate(spec),
      onChange:
        field === 'password'
          ? () => {
              if (getFieldState('fields.confirmPassword').isTouched)
                void trigger('fields.confirmPassword');
            }
          : undefined,
    });
    const common = {
      label,
      placeholder: t(`register.placeholders.${key}`),
      error,
      maxLength: spec.rule.maxLength,
      autoCapitalize: 'off',
      spellCheck: false,
      'data-testid': `register-${field}`,
      // The dialog puts the cursor in the first field.
      'data-autofocus': index === 0 ? true : undefined,
      className: WIDE_FIELDS.has(field) ? 'field--wide' : undefined,
    };
    if (field === 'captcha') {
      return (
        <CaptchaField
          key={field}
          state={captcha}
          {...common}
          {...registered}
          className="field--wide"
        />
      );
    }
    if (input.kind === 'password') {
      return (
        <PasswordField
          key={field}
          {...common}
          inputMode={input.inputMode}
          autoComplete={input.autoComplete}
          {...registered}
        />
      );
    }
    return (
      <TextField
        key={field}
        {...common}
        type={input.kind === 'phone' ? 'tel' : (input.type ?? 'text')}
        inputMode={input.kind === 'phone' ? 'tel' : input.inputMode}
        autoComplete={input.kind === 'phone' ? 'tel-national' : input.autoComplete}
        prefix={input.kind === 'phone' && dialingCode ? dialingCode : undefined}
        trailing={
          field === 'verificationCode' ? (
            <SendCodeButton onSend={sendCode} data-testid="register-send-code" />
          ) : undefined
        }
        {...registered}
      />
    );
  };

  // Opened in a new tab so the form keeps what the player typed; Trans fills in the text.
  const termsLink = (href: string) => (
    <a href={href} target="_blank" rel="noopener noreferrer" className="text-link" />
  );

  return (
    <form
      className="auth-form register-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="register-form"
      data-mode={mode}
    >
      <div className="register-form__grid">{specs.map(renderField)}</div>
      <div className="register-form__consents">
        <Checkbox
          data-testid="register-terms"
          error={errors.acceptTerms?.message}
          label={
            <Trans
              t={t}
              i18nKey="register.acceptTerms"
              components={{ terms: termsLink('/help#term'), privacy: termsLink('/help#privacy') }}
            />
          }
          {...register('acceptTerms', {
            validate: (checked) => (checked ? true : t('auth.validation.termsRequired')),
          })}
        />
        <Checkbox
          data-testid="register-age"
          error={errors.ageConfirmed?.message}
          label={t('register.ageConfirmation', { age: info.ageConfirmation })}
          {...register('ageConfirmed', {
            validate: (checked) =>
              checked ? true : t('auth.validation.ageRequired', { age: info.ageConfirmation }),
          })}
        />
      </div>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <Button type="submit" size="lg" block disabled={isSubmitting} data-testid="register-submit">
        {isSubmitting ? <Spinner sizePx={18} label={t('register.submitting')} /> : null}
        {t('register.submit')}
      </Button>
      <p className="auth-switch">
        {t('register.haveAccount')}{' '}
        <button
          type="button"
          className="link-btn"
          onClick={onLogin}
          data-testid="register-to-login"
        >
          {t('register.toLogin')}
        </button>
      </p>
      {alert}
    </form>
  );
}
