import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/spinner';
import { useCountdown } from '../hooks/use-countdown';

/** Spec §4/§9: presses of a send-code button count at most once a second. */
export const SEND_CODE_THROTTLE_MS = 1_000;

/**
 * "Send code": asks `onSend` for a code and, when it was sent, stays disabled with a countdown
 * of the server's expiry (expiredMinutes × 60 s, docs/product.md §4). `onSend` shows its own errors
 * and answers null when nothing was sent. `initialSeconds` continues a countdown begun elsewhere
 * (the first send of a two-step form).
 */
export function SendCodeButton({
  onSend,
  disabled = false,
  label,
  initialSeconds = 0,
  'data-testid': testId = 'send-code',
}: {
  onSend: () => Promise<{ expiredMinutes: number } | null>;
  disabled?: boolean;
  label?: string;
  initialSeconds?: number;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  const { remainingSeconds, start } = useCountdown();
  useEffect(() => {
    if (initialSeconds > 0) start(initialSeconds);
  }, [initialSeconds, start]);
  const [sending, setSending] = useState(false);
  const lastPressMs = useRef(0);

  const press = async () => {
    const now = Date.now();
    if (now - lastPressMs.current < SEND_CODE_THROTTLE_MS) return;
    lastPressMs.current = now;
    setSending(true);
    try {
      const sent = await onSend();
      if (sent) start(sent.expiredMinutes * 60);
    } finally {
      setSending(false);
    }
  };

  const counting = remainingSeconds > 0;
  return (
    <button
      type="button"
      className="send-code-btn"
      onClick={() => void press()}
      disabled={disabled || sending || counting}
      title={counting ? t('auth.code.resendIn', { seconds: remainingSeconds }) : undefined}
      data-testid={testId}
      data-counting={counting || undefined}
    >
      {sending ? <Spinner sizePx={14} /> : null}
      {counting ? (
        // Short on screen so it fits a phone-width field; the title says it in full.
        <span aria-label={t('auth.code.resendIn', { seconds: remainingSeconds })}>
          {t('auth.code.countdown', { seconds: remainingSeconds })}
        </span>
      ) : (
        (label ?? t('auth.code.send'))
      )}
    </button>
  );
}
