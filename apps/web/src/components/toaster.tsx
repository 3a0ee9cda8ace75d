import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS, useToastStore, type Toast } from '@/stores/toast-store';
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from './icons';

/**
 * The toast stack, bottom centre on phones and bottom right on wider screens. Rendered into
 * <body> so it stays visible (and announced) while a dialog makes the app root inert.
 */
export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  return createPortal(
    <div className="toaster" aria-live="polite" aria-relevant="additions">
      {toasts.map((item) => (
        <ToastItem key={item.id} toast={item} />
      ))}
    </div>,
    document.body,
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const dismiss = useToastStore((state) => state.dismiss);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), TOAST_DURATION_MS[toast.tone]);
    return () => clearTimeout(timer);
  }, [toast.id, toast.tone, dismiss]);
  const Icon =
    toast.tone === 'success' ? CheckCircleIcon : toast.tone === 'error' ? AlertIcon : InfoIcon;
  return (
    <div
      className={`toast toast--${toast.tone}`}
      role={toast.tone === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      data-tone={toast.tone}
    >
      <Icon className="toast__icon" />
      <p className="toast__message">{toast.message}</p>
      <button
        type="button"
        className="toast__close"
        aria-label={t('common.close')}
        onClick={() => dismiss(toast.id)}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
