import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { FormAlert, TextField } from '@/components/form-field';
import { Spinner } from '@/components/spinner';
import { sendContactCode } from '../../api/send-contact-code';

type Channel = 'email' | 'mobile';
type Asking = {
  channel: Channel;
  value: string;
  resolve: (code: string) => void;
  reject: (reason: unknown) => void;
  cause: unknown;
};

/** The channel a `contact_code_required` answer asks a code for, or null for any other error. */
export function contactCodeChannel(error: unknown): Channel | null {
  if (!isApiError(error) || error.code !== 'contact_code_required') return null;
  const channel = error.data?.channel;
  return channel === 'email' || channel === 'mobile' ? channel : null;
}

/**
 * A new e-mail or mobile is saved only with a code sent to it. `ask(error, value)` opens a
 * dialog that sends the code and resolves with what the member types; cancelling rejects with
 * the server's `contact_code_required`, which the caller shows like any other error.
 */
export function useContactCodeGate(): {
  ask: (channel: Channel, value: string, cause: unknown) => Promise<string>;
  dialog: ReactNode;
} {
  const [asking, setAsking] = useState<Asking | null>(null);
  const askingRef = useRef<Asking | null>(null);

  const ask = (channel: Channel, value: string, cause: unknown) =>
    new Promise<string>((resolve, reject) => {
      const next = { channel, value, resolve, reject, cause };
      askingRef.current = next;
      setAsking(next);
    });

  const close = (code: string | null) => {
    const current = askingRef.current;
    askingRef.current = null;
    setAsking(null);
    if (!current) return;
    if (code) current.resolve(code);
    else current.reject(current.cause);
  };

  const dialog = asking ? (
    <ContactCodeDialog
      key={`${asking.channel}:${asking.value}`}
      channel={asking.channel}
      value={asking.value}
      onCode={(code) => close(code)}
      onCancel={() => close(null)}
    />
  ) : null;
  return { ask, dialog };
}

function ContactCodeDialog(props: {
  channel: Channel;
  value: string;
  onCode: (code: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(true);
  const [sendError, setSendError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ code: string }>({
    defaultValues: { code: '' },
  });

  const send = async () => {
    setSending(true);
    setSendError(null);
    try {
      await sendContactCode(props.channel, props.value);
    } catch (error) {
      setSendError(errorMessage(error, t));
    } finally {
      setSending(false);
    }
  };

  // The first code goes out as the dialog opens: the member asked for the change already.
  const sentOnce = useRef(false);
  useEffect(() => {
    if (sentOnce.current) return;
    sentOnce.current = true;
    void send();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per dialog
  }, []);

  const submit = handleSubmit(({ code }) => props.onCode(code.trim()));

  return (
    <Dialog
      open
      onClose={props.onCancel}
      title={t(`security.contactCode.title.${props.channel}`)}
      size="sm"
      data-testid="contact-code-dialog"
    >
      <form className="card__form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="card__subtitle">{t('security.contactCode.text', { value: props.value })}</p>
        <TextField
          label={t('security.contactCode.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          data-testid="contact-code"
          error={formState.errors.code?.message}
          {...register('code', {
            validate: (value) =>
              /^\d{6}$/.test(value.trim()) ? true : t('security.contactCode.invalid'),
          })}
        />
        {sendError ? <FormAlert>{sendError}</FormAlert> : null}
        <div className="card__actions">
          <Button variant="ghost" onClick={() => void send()} disabled={sending}>
            {sending ? <Spinner sizePx={16} /> : null}
            {t('security.contactCode.resend')}
          </Button>
          <Button variant="ghost" onClick={props.onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" data-testid="contact-code-confirm">
            {t('security.contactCode.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
