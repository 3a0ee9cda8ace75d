import type { PermissionInfo } from '@banca/contracts';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HeadsetIcon } from '@/components/icons';
import {
  customerServiceChannels,
  openExternalChannel,
  type CustomerServiceChannel,
} from '@/lib/customer-service';
import styles from './service-menu.module.css';

/**
 * The header's service icon (docs/product.md §2): the brand's customer-service channels. One
 * channel opens at once; several open a small menu (built-in chat, live chat in the 440x750
 * window, WhatsApp, Telegram…). Nothing when the brand lists none.
 */
export function ServiceMenu({
  info,
  onSupportChat,
  badge,
}: {
  info: PermissionInfo;
  /** Opens the built-in support chat (or asks a visitor to log in first). */
  onSupportChat: () => void;
  /** The support chat's unread answers, on the icon's corner. */
  badge?: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const channels = customerServiceChannels(info.customerService);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  if (channels.length === 0) return null;

  const choose = (channel: CustomerServiceChannel) => {
    setOpen(false);
    if (channel.kind === 'chat') onSupportChat();
    else openExternalChannel(channel);
  };
  const label = t('header.customerService');

  return (
    <div
      ref={root}
      className={`site-header__service ${styles.root}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          root.current?.querySelector('button')?.focus();
        }
      }}
    >
      <button
        type="button"
        className="icon-btn"
        aria-label={label}
        title={label}
        aria-haspopup={channels.length > 1 ? 'menu' : undefined}
        aria-expanded={channels.length > 1 ? open : undefined}
        aria-controls={channels.length > 1 ? menuId : undefined}
        onClick={() => (channels.length === 1 ? choose(channels[0]!) : setOpen(!open))}
        data-testid="header-service"
      >
        <HeadsetIcon />
      </button>
      {badge}
      {open ? (
        <ul id={menuId} className={styles.menu} role="menu" aria-label={label}>
          {channels.map((channel) => (
            <li key={`${channel.csType}:${channel.label}`} role="none">
              <button
                type="button"
                role="menuitem"
                className={styles.item}
                onClick={() => choose(channel)}
                data-testid={`service-channel-${channel.csType}`}
                // The first item takes the focus, so the keyboard goes on from the icon.
                autoFocus={channel === channels[0]}
              >
                <span className={styles.dot} data-kind={channel.csType} aria-hidden="true" />
                {channel.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
