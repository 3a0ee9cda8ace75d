import {
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/**
 * Open dialogs, innermost last. While any is open the app root is inert (nothing behind can be
 * clicked, focused or read) and the page does not scroll; only the innermost reacts to Escape.
 */
const openDialogs: symbol[] = [];

function setBackgroundLocked(locked: boolean): void {
  const root = document.getElementById('root');
  if (root) root.inert = locked;
  document.documentElement.style.overflow = locked ? 'hidden' : '';
}

function focusables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.offsetParent !== null || element === document.activeElement,
  );
}

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'wide' | 'lg';
  /**
   * False for a dialog the player must answer (a forced password change): no close button,
   * and Escape or a click on the backdrop do nothing. The dialog offers its own way out.
   */
  dismissible?: boolean;
  'data-testid'?: string;
};

/**
 * Modal dialog: focus moves in on open and back to the opener on close, Tab cycles inside,
 * Escape and a click on the backdrop close it.
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return createPortal(<OpenDialog {...props} />, document.body);
}

function OpenDialog({
  onClose,
  title,
  children,
  size = 'md',
  dismissible = true,
  'data-testid': testId,
}: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeFromEscape = useEffectEvent(() => {
    if (dismissible) onClose();
  });

  useEffect(() => {
    const token = Symbol('dialog');
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openDialogs.push(token);
    setBackgroundLocked(true);

    const panel = panelRef.current;
    if (panel) {
      const preferred = panel.querySelector<HTMLElement>('[data-autofocus]');
      const body = panel.querySelector<HTMLElement>('.dialog__body');
      (preferred ?? (body && focusables(body)[0]) ?? panel).focus();
    }

    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && openDialogs[openDialogs.length - 1] === token) {
        event.stopPropagation();
        closeFromEscape();
      }
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openDialogs.splice(openDialogs.indexOf(token), 1);
      if (openDialogs.length === 0) setBackgroundLocked(false);
      // Back to where the player was, unless that control has gone.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = focusables(panelRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (dismissible && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        className={size === 'md' ? 'dialog' : `dialog dialog--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={trapTab}
        data-testid={testId}
      >
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {dismissible ? (
            <button
              type="button"
              className="icon-btn"
              onClick={onClose}
              aria-label={t('common.close')}
              data-testid="dialog-close"
            >
              <CloseIcon />
            </button>
          ) : null}
        </div>
        <div className="dialog__body">{children}</div>
      </div>
    </div>
  );
}
