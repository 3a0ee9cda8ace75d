import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/form-field';

/**
 * The new password and its confirmation, as every password form asks them (forgot by e-mail,
 * forgot by SMS, change password). The caller registers both fields with the rules of
 * `useNewPasswordRules`; test ids are `<testIdPrefix>-new-password` and `-confirm-password`.
 */
export function NewPasswordFields({
  newPassword,
  confirmation,
  errors,
  maxLength,
  testIdPrefix,
  autoFocus = false,
}: {
  newPassword: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  errors: { newPassword?: string | undefined; confirmation?: string | undefined };
  maxLength: number;
  testIdPrefix: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t('forgot.newPassword')}
        placeholder={t('forgot.newPasswordPlaceholder')}
        autoComplete="new-password"
        maxLength={maxLength}
        data-autofocus={autoFocus || undefined}
        data-testid={`${testIdPrefix}-new-password`}
        error={errors.newPassword}
        {...newPassword}
      />
      <PasswordField
        label={t('forgot.confirmPassword')}
        placeholder={t('forgot.confirmPasswordPlaceholder')}
        autoComplete="new-password"
        maxLength={maxLength}
        data-testid={`${testIdPrefix}-confirm-password`}
        error={errors.confirmation}
        {...confirmation}
      />
    </>
  );
}
