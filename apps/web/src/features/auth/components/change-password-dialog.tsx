import type { PermissionInfo } from '@banca/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { FormAlert, PasswordField } from '@/components/form-field';
import { LockIcon, LogoutIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { useAuthDialogStore } from '@/stores/auth-dialog-store';
import { toast } from '@/stores/toast-store';
import { changePassword } from '../api/change-password';
import { memberInfoQueryKey } from '../api/get-member-info';
import { useFinishLogin } from '../hooks/use-complete-login';
import { useLogout } from '../hooks/use-logout';
import { useNewPasswordRules } from '../hooks/use-new-password-rules';
import { NewPasswordFields } from './new-password-fields';
import { useRevalidateOnLanguage } from '../hooks/use-revalidate-on-language';
import { fieldOfError } from '@/api/field-errors';

type Values = { oldPassword: string; newPassword: string; confirmNewPassword: string };
type FieldName = keyof Values;

/**
 * Change password (docs/product.md §4, §5, §7): the old password (unless just typed at a forced
 * login), the new one by the brand's rule, the confirmation. Success reloads member info, closes
 * and goes home. `forced` (weak default or expired password): the dialog cannot be dismissed and
 * its only other way out is logging out; success completes the held login.
 */
export function ChangePasswordDialog({
  info,
  forced,
  reason,
  knownPassword,
  agentLogin = false,
  onClose,
}: {
  info: PermissionInfo;
  forced: boolean;
  reason?: 'weak' | 'expired';
  knownPassword?: string;
  agentLogin?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const finishLogin = useFinishLogin();
  const logout = useLogout();
  const [formError, setFormError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const askOld = !(forced && knownPassword);
  const form = useForm<Values>({
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
  });
  const { register, handleSubmit, setError, getValues, formState } = form;
  const { errors, isSubmitting } = formState;
  useRevalidateOnLanguage(form);
  const passwordRules = useNewPasswordRules(info.register, () => getValues('newPassword'));

  const submit = handleSubmit(
    async (values) => {
      setFormError(null);
      try {
        await changePassword({
          oldPassword: askOld ? values.oldPassword : (knownPassword ?? ''),
          newPassword: values.newPassword,
          confirmNewPassword: values.confirmNewPassword,
        });
      } catch (error) {
        const fields: FieldName[] = askOld
          ? ['oldPassword', 'newPassword', 'confirmNewPassword']
          : ['newPassword', 'confirmNewPassword'];
        const field = fieldOfError(error, fields, {
          old_password_incorrect: askOld ? 'oldPassword' : undefined,
          password_unchanged: 'newPassword',
          password_too_common: 'newPassword',
          password_mismatch: 'confirmNewPassword',
        });
        if (field) setError(field, { message: errorMessage(error, t) }, { shouldFocus: true });
        else setFormError(errorMessage(error, t));
        return;
      }
      toast.success(t('changePassword.done'));
      if (forced) {
        try {
          await finishLogin({ remember: false, agentLogin, goHome: !agentLogin });
        } catch (error) {
          setFormError(errorMessage(error, t));
        }
        return;
      }
      // Spec §4: re-login info loads, the dialog closes and the product goes to /.
      await queryClient.invalidateQueries({ queryKey: memberInfoQueryKey });
      useAuthDialogStore.getState().close();
      void navigate('/');
    },
    () => setFormError(null),
  );

  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!forced}
      title={forced ? t('changePassword.forcedTitle') : t('changePassword.title')}
      data-testid="change-password-dialog"
    >
      {forced ? (
        <div className="auth-forced" data-testid="change-password-forced">
          <span className="auth-forced__icon">
            <LockIcon />
          </span>
          <p>
            {reason === 'expired'
              ? t('changePassword.expiredReason')
              : reason === 'weak'
                ? t('changePassword.weakReason')
                : t('changePassword.pendingReason')}
          </p>
        </div>
      ) : null}
      <form
        className="auth-form"
        onSubmit={(event) => void submit(event)}
        noValidate
        data-testid="change-password-form"
      >
        {askOld ? (
          <PasswordField
            label={t('changePassword.oldPassword')}
            placeholder={t('changePassword.oldPasswordPlaceholder')}
            autoComplete="current-password"
            maxLength={128}
            data-autofocus
            data-testid="change-old-password"
            error={errors.oldPassword?.message}
            {...register('oldPassword', {
              validate: (value) => (value ? true : t('auth.validation.oldPasswordRequired')),
            })}
          />
        ) : null}
        <NewPasswordFields
          testIdPrefix="change"
          maxLength={passwordRules.maxLength}
          autoFocus={!askOld}
          errors={{
            newPassword: errors.newPassword?.message,
            confirmation: errors.confirmNewPassword?.message,
          }}
          newPassword={register('newPassword', { validate: passwordRules.newPassword })}
          confirmation={register('confirmNewPassword', { validate: passwordRules.confirmation })}
        />
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <Button
          type="submit"
          size="lg"
          block
          busy={isSubmitting}
          disabled={leaving}
          data-testid="change-password-submit"
        >
          {t('changePassword.submit')}
        </Button>
        {forced ? (
          <Button
            variant="ghost"
            block
            disabled={isSubmitting || leaving}
            data-testid="change-password-logout"
            onClick={() => {
              setLeaving(true);
              void logout().finally(() => setLeaving(false));
            }}
          >
            {leaving ? <Spinner sizePx={18} /> : <LogoutIcon width={18} height={18} />}
            {t('auth.logout')}
          </Button>
        ) : null}
      </form>
    </Dialog>
  );
}
