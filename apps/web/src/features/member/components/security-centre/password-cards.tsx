import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { fieldOfError, issueMessage } from '@/api/field-errors';
import { Button } from '@/components/button';
import { FormAlert, PasswordField } from '@/components/form-field';
import { KeyIcon, LockIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { openAuthDialog } from '@/stores/auth-dialog-store';
import { toast } from '@/stores/toast-store';
import { profileQueryKey } from '../../api/get-profile';
import { setPaymentPassword } from '../../api/set-payment-password';

/** The login password: changed in the change-password dialog (docs/product.md §7). */
export function LoginPasswordCard() {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="login-password-title">
      <header className="card__header">
        <span className="card__icon">
          <LockIcon />
        </span>
        <div>
          <h2 id="login-password-title" className="card__title">
            {t('security.loginPassword.title')}
          </h2>
          <p className="card__subtitle">{t('security.loginPassword.text')}</p>
        </div>
      </header>
      <div className="card__actions">
        <Button
          variant="secondary"
          onClick={() => openAuthDialog({ kind: 'changePassword', forced: false })}
          data-testid="open-change-password"
        >
          {t('security.loginPassword.change')}
        </Button>
      </div>
    </section>
  );
}

/** Facts §1: the payment (withdraw) password is 6 digits. */
const PAYMENT_PASSWORD_PATTERN = /^\d{6}$/;

type Values = { proof: string; paymentPassword: string; confirmPaymentPassword: string };

/**
 * The payment (withdraw) password: set the first time with the login password as proof,
 * changed later with the old payment password.
 */
export function PaymentPasswordCard({ isSet }: { isSet: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, getValues, formState } = useForm<Values>({
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues: { proof: '', paymentPassword: '', confirmPaymentPassword: '' },
  });
  const { errors, isSubmitting } = formState;

  const close = () => {
    setEditing(false);
    setFormError(null);
    reset();
  };

  const submit = handleSubmit(
    async (values) => {
      setFormError(null);
      const passwords = {
        paymentPassword: values.paymentPassword,
        confirmPaymentPassword: values.confirmPaymentPassword,
      };
      try {
        await setPaymentPassword(
          isSet
            ? { oldPaymentPassword: values.proof, ...passwords }
            : { loginPassword: values.proof, ...passwords },
        );
        await queryClient.invalidateQueries({ queryKey: profileQueryKey });
        toast.success(isSet ? t('security.payment.changed') : t('security.payment.set'));
        close();
      } catch (error) {
        const field = fieldOfError(
          error,
          ['proof', 'paymentPassword', 'confirmPaymentPassword'] as const,
          {
            old_password_incorrect: 'proof',
            password_mismatch: 'confirmPaymentPassword',
            validation_failed: 'paymentPassword',
          },
        );
        const message = issueMessage(error) ?? errorMessage(error, t);
        if (field) setError(field, { message }, { shouldFocus: true });
        else setFormError(message);
      }
    },
    () => setFormError(null),
  );

  const sixDigits = (value: string) =>
    PAYMENT_PASSWORD_PATTERN.test(value) ? true : t('security.payment.sixDigits');

  return (
    <section
      className="card"
      aria-labelledby="payment-password-title"
      data-testid="payment-password-card"
    >
      <header className="card__header">
        <span className="card__icon">
          <KeyIcon />
        </span>
        <div>
          <h2 id="payment-password-title" className="card__title">
            {t('security.payment.title')}
            <span
              className={isSet ? 'status-chip is-on' : 'status-chip'}
              data-testid="payment-password-status"
            >
              {isSet ? t('security.statusSet') : t('security.statusNotSet')}
            </span>
          </h2>
          <p className="card__subtitle">{t('security.payment.text')}</p>
        </div>
      </header>
      {editing ? (
        <form className="card__form" onSubmit={(event) => void submit(event)} noValidate>
          <PasswordField
            label={isSet ? t('security.payment.old') : t('security.payment.loginPassword')}
            autoComplete={isSet ? 'off' : 'current-password'}
            inputMode={isSet ? 'numeric' : undefined}
            maxLength={isSet ? 6 : 128}
            autoFocus
            data-testid="payment-proof"
            error={errors.proof?.message}
            {...register('proof', {
              validate: (value) => (value ? true : t('security.payment.proofRequired')),
            })}
          />
          <PasswordField
            label={t('security.payment.new')}
            placeholder={t('security.payment.placeholder')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            data-testid="payment-new"
            error={errors.paymentPassword?.message}
            {...register('paymentPassword', { validate: sixDigits })}
          />
          <PasswordField
            label={t('security.payment.confirm')}
            placeholder={t('security.payment.placeholder')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            data-testid="payment-confirm"
            error={errors.confirmPaymentPassword?.message}
            {...register('confirmPaymentPassword', {
              validate: (value) =>
                value === getValues('paymentPassword')
                  ? true
                  : t('auth.validation.passwordMismatch'),
            })}
          />
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <div className="card__actions">
            <Button variant="ghost" onClick={close} disabled={isSubmitting}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={isSubmitting} data-testid="payment-save">
              {isSubmitting ? <Spinner sizePx={16} /> : null}
              {t('common.save')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="card__actions">
          <Button variant="secondary" onClick={() => setEditing(true)} data-testid="payment-edit">
            {isSet ? t('security.payment.changeAction') : t('security.payment.setAction')}
          </Button>
        </div>
      )}
    </section>
  );
}
