import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { AlertDialog } from '@/components/alert-dialog';

/**
 * Sending an SMS or e-mail code: a failure shows the server's message in a warning dialog
 * with a confirm button (docs/product.md §8 "Failed SMS send"), and the send answers null.
 */
export function useSendAlert(): {
  send: <T>(sender: () => Promise<T>) => Promise<T | null>;
  alert: ReactNode;
} {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);
  const send = useCallback(
    async <T,>(sender: () => Promise<T>): Promise<T | null> => {
      try {
        return await sender();
      } catch (error) {
        setMessage(errorMessage(error, t));
        return null;
      }
    },
    [t],
  );
  const alert = (
    <AlertDialog
      open={message !== null}
      title={t('auth.code.sendFailedTitle')}
      onClose={() => setMessage(null)}
      data-testid="send-error-dialog"
    >
      {message}
    </AlertDialog>
  );
  return { send, alert };
}
