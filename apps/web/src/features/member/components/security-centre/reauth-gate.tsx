import { useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { TextField } from '@/components/form-field';
import { Spinner } from '@/components/spinner';
import { reauthenticate } from '../../api/reauthenticate';

type Waiting = { resolve: () => void; reject: (reason: unknown) => void; cause: unknown };

/**
 * Changes of a recovery channel (e-mail, mobile, authenticator) answer `reauth_required` until
 * the session proves its owner again. `guard(action)` runs the action; on that answer it asks
 * for the password in a dialog, re-authenticates, and runs the action once more. Cancelling
 * rejects with the server's original error, which the caller shows as it shows any other.
 */
export function useReauthGate(): {
  guard: <T>(action: () => Promise<T>) => Promise<T>;
  dialog: ReactNode;
} {
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const waitingRef = useRef<Waiting | null>(null);

  const ask = (cause: unknown) =>
    new Promise<void>((resolve, reject) => {
      const next = { resolve, reject, cause };
      waitingRef.current = next;
      setWaiting(next);
    });

  const close = (outcome: 'confirmed' | 'cancelled') => {
    const current = waitingRef.current;
    waitingRef.current = null;
    setWaiting(null);
    if (!current) return;
    if (outcome === 'confirmed') current.resolve();
    else current.reject(current.cause);
  };

  async function guard<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (!isApiError(error) || error.code !== 'reauth_required') throw error;
      await ask(error);
      return action();
    }
  }

  const dialog = (
    <ReauthDialog
      open={waiting !== null}
      onConfirmed={() => close('confirmed')}
      onCancel={() => close('cancelled')}
    />
  );
  return { guard, dialog };
}

function ReauthDialog(props: { open: boolean; onConfirmed: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, reset, formState } = useForm<{ password: string }>({
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ password }) => {
    try {
      await reauthenticate(password);
      reset();
      props.onConfirmed();
    } catch (error) {
      setError('password', { message: errorMessage(error, t) }, { shouldFocus: true });
    }
  });

  const cancel = () => {
    reset();
    props.onCancel();
  };

  return (
    <Dialog
      open={props.open}
      onClose={cancel}
      title={t('security.reauth.title')}
      size="sm"
      data-testid="reauth-dialog"
    >
      <form className="card__form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="card__subtitle">{t('security.reauth.text')}</p>
        <TextField
          label={t('security.reauth.password')}
          type="password"
          autoComplete="current-password"
          autoFocus
          data-testid="reauth-password"
          error={errors.password?.message}
          {...register('password', {
            validate: (value) => (value.length > 0 ? true : t('security.reauth.required')),
          })}
        />
        <div className="card__actions">
          <Button variant="ghost" onClick={cancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={isSubmitting} data-testid="reauth-confirm">
            {isSubmitting ? <Spinner sizePx={16} /> : null}
            {t('security.reauth.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
