import type { RegisterFieldRule } from '@banca/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n';
import { ruleFor, validateWithRule } from '../lib/field-rules';

/**
 * Checks for a new password and its confirmation (docs/product.md §5): the brand's `password` rule
 * via checkFieldRule (required), then the confirmation required and equal ("the two entries are
 * inconsistent"). The server applies the same rule, plus its list of common passwords.
 */
export function useNewPasswordRules(
  rules: readonly RegisterFieldRule[],
  currentNewPassword: () => string | undefined,
): {
  newPassword: (value: string) => true | string;
  confirmation: (value: string) => true | string;
  maxLength: number;
} {
  const { t } = useTranslation();
  const language = useLanguage();
  const rule = ruleFor(rules, 'password');
  return {
    newPassword: (value) => validateWithRule(rule, value, language, { required: true }) ?? true,
    confirmation: (value) => {
      if (!value) return t('auth.validation.confirmRequired');
      return value === currentNewPassword() ? true : t('auth.validation.passwordMismatch');
    },
    maxLength: rule.maxLength,
  };
}
