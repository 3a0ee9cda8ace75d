import type { Language, RegisterFieldRule } from '@banca/contracts';
import type { TFunction } from 'i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form-field';
import { phoneDigits, validateWithRule } from '../lib/field-rules';
import { SendCodeButton } from './send-code-button';

/** The mobile number check of every SMS form: required, then the brand's mobile rule. */
export function mobileValidator(
  rule: RegisterFieldRule,
  language: Language,
  t: TFunction,
): (value: string) => true | string {
  return (value) => {
    const digits = phoneDigits(value);
    if (!digits) return t('auth.validation.mobileRequired');
    return validateWithRule(rule, digits, language) === null
      ? true
      : t('auth.validation.mobileInvalid');
  };
}

/** A code is required; its form is the server's to judge. */
export function codeValidator(t: TFunction): (value: string) => true | string {
  return (value) => (value.trim() ? true : t('auth.validation.codeRequired'));
}

/**
 * Mobile number (with the country's dialing code in front) and the SMS code with its
 * send-code button, as the SMS login and the forgot-by-SMS forms ask them. The caller
 * registers both fields (`mobileValidator`, `codeValidator`) and sends the code in `onSend`.
 */
export function MobileCodeFields({
  mobile,
  code,
  errors,
  dialingCode,
  onSend,
  testIds,
}: {
  mobile: UseFormRegisterReturn;
  code: UseFormRegisterReturn;
  errors: { mobile?: string | undefined; code?: string | undefined };
  dialingCode: string;
  onSend: () => Promise<{ expiredMinutes: number } | null>;
  testIds: { mobile: string; code: string; send: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('auth.fields.mobile')}
        placeholder={t('auth.placeholders.mobile')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={20}
        prefix={dialingCode || null}
        data-autofocus
        data-testid={testIds.mobile}
        error={errors.mobile}
        {...mobile}
      />
      <TextField
        label={t('auth.fields.code')}
        placeholder={t('auth.placeholders.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={255}
        data-testid={testIds.code}
        error={errors.code}
        trailing={<SendCodeButton onSend={onSend} data-testid={testIds.send} />}
        {...code}
      />
    </>
  );
}
