import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { toastBottomPx } from '@/lib/toast-placement';
import { keptClearBoxes, TOAST_DURATION_MS, useToastStore, type Toast } from '@/stores/toast-store';
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from './icons';

/** Between the stack and an element kept clear that it rose above. */
const KEEP_CLEAR_GAP_PX = 12;

/**
 * The toast stack, bottom centre on phones and bottom right on wider screens. Rendered into
 * <body> so it stays visible (and announced) while a dialog makes the app root inert. While a
 * toast is shown, the stack rises above the elements kept clear of it (keepClearOfToasts: a
 * lottery slip's buttons, its bar on phones), measured each frame as they scroll or move.
 */
export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  const stackRef = useRef<HTMLDivElement>(null);
  const showing = toasts.length > 0;
  useEffect(() => {
    const stack = stackRef.current;
    if (!showing || !stack) return;
    // Its usual place is the style sheet's (it minds the phone's safe area): measured unmoved.
    const usualPx = parseFloat(getComputedStyle(stack).bottom) || 0;
    let frame = 0;
    let shownPx = usualPx;
    const place = () => {
      const box = stack.getBoundingClientRect();
      const bottomPx = toastBottomPx({
        viewportHeight: window.innerHeight,
        stack: { left: box.left, right: box.right, height: box.height },
        keepClear: keptClearBoxes(),
        marginPx: usualPx,
        gapPx: KEEP_CLEAR_GAP_PX,
      });
      if (bottomPx !== shownPx) {
        shownPx = bottomPx;
        if (bottomPx === usualPx) stack.style.removeProperty('bottom');
        else stack.style.bottom = `${bottomPx}px`;
      }
      frame = requestAnimationFrame(place);
    };
    place();
    return () => {
      cancelAnimationFrame(frame);
      stack.style.removeProperty('bottom');
    };
  }, [showing]);

  return createPortal(
    <div
      ref={stackRef}
      className="toaster"
      aria-live="polite"
      aria-relevant="additions"
      data-testid="toaster"
    >
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
