import type { MemberInfo } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/button';
import {
  ChevronDownIcon,
  DiceIcon,
  LogoutIcon,
  ReceiptIcon,
  UserIcon,
  UsersIcon,
  WalletInIcon,
  WalletOutIcon,
} from '@/components/icons';
import { openAuthDialog } from '@/stores/auth-dialog-store';
import { useSessionStore } from '@/stores/session-store';
import { memberIconQueryOptions } from '../api/get-member-icon';

/**
 * The header's logged-in side (docs/product.md §2): the balance (the wallet feature's, composed in
 * by the layout), deposit, and the member button with its menu.
 */
export function HeaderAccount({ balance }: { balance?: ReactNode }) {
  const { t } = useTranslation();
  const member = useSessionStore((session) => session.member);
  if (!member) return null;
  return (
    <div className="account" data-testid="header-account">
      {balance}
      <Link
        to="/member?page=depositv2"
        className={buttonClassName({
          variant: 'primary',
          size: 'sm',
          className: 'account__deposit',
        })}
        data-testid="header-deposit"
      >
        <WalletInIcon width={18} height={18} />
        <span className="account__deposit-label">{t('header.deposit')}</span>
      </Link>
      <MemberMenu member={member} />
    </div>
  );
}

function Avatar({ url, name, size }: { url: string | undefined; name: string; size: number }) {
  return (
    <span className="avatar" style={{ width: size, height: size }} aria-hidden="true">
      {url ? <img src={url} alt="" width={size} height={size} /> : name.slice(0, 1).toUpperCase()}
    </span>
  );
}

type MenuEntry = { to: string; label: string; icon: ReactNode; testId: string };

/**
 * The member button and its drop-down (docs/product.md §2 member menu), a keyboard-friendly menu.
 */
function MemberMenu({ member }: { member: MemberInfo }) {
  const { t } = useTranslation();
  const icon = useQuery(memberIconQueryOptions());
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  // A trial account's generated name means nothing to the player.
  const name = member.isTrial ? t('account.trialName') : member.nickname || member.account;

  const entries: MenuEntry[] = [
    {
      to: '/member?page=securityCenter',
      label: t('memberPages.securityCenter'),
      icon: <UserIcon />,
      testId: 'menu-account',
    },
    ...(member.isAgent
      ? [{ to: '/agentHome', label: t('header.agent'), icon: <UsersIcon />, testId: 'menu-agent' }]
      : []),
    {
      to: '/member?page=withdraw',
      label: t('memberPages.withdraw'),
      icon: <WalletOutIcon />,
      testId: 'menu-withdraw',
    },
    {
      to: '/member?page=transactionHistory',
      label: t('memberPages.transactionHistory'),
      icon: <ReceiptIcon />,
      testId: 'menu-transactions',
    },
    {
      to: '/member?page=personalHistoryCopy',
      label: t('memberPages.personalHistoryCopy'),
      icon: <DiceIcon />,
      testId: 'menu-bets',
    },
  ];

  // Close on a click outside; focus the first entry on open.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(
      rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [],
    );
    const index = items.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    if (event.key === 'ArrowDown') next = items[(index + 1) % items.length];
    else if (event.key === 'ArrowUp') next = items[(index - 1 + items.length) % items.length];
    else if (event.key === 'Home') next = items[0];
    else if (event.key === 'End') next = items[items.length - 1];
    else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    } else if (event.key === 'Tab') setOpen(false);
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };

  return (
    <div className="member-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="member-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        data-testid="member-menu-button"
      >
        <Avatar url={icon.data?.iconUrl} name={name} size={34} />
        <span className="member-menu__who">
          <span className="member-menu__name" data-testid="header-member-name">
            {name}
          </span>
          {member.vip.enabled ? (
            <span className="member-menu__vip" data-testid="header-vip">
              {member.vip.label}
            </span>
          ) : null}
        </span>
        <ChevronDownIcon className="member-menu__chevron" />
      </button>
      {open ? (
        <div
          id={menuId}
          className="member-menu__panel"
          role="menu"
          aria-label={t('account.menuLabel')}
          onKeyDown={onMenuKeyDown}
          data-testid="member-menu"
        >
          <div className="member-menu__header">
            <Avatar url={icon.data?.iconUrl} name={name} size={44} />
            <div className="member-menu__header-text">
              <span className="member-menu__header-name">{name}</span>
              <span className="member-menu__header-account">
                {member.isTrial ? t('account.trial') : `@${member.account}`}
              </span>
            </div>
            {member.vip.enabled ? <span className="vip-chip">{member.vip.label}</span> : null}
          </div>
          {entries.map((entry) => (
            <Link
              key={entry.to}
              to={entry.to}
              role="menuitem"
              className="member-menu__item"
              onClick={() => setOpen(false)}
              data-testid={entry.testId}
            >
              {entry.icon}
              <span>{entry.label}</span>
            </Link>
          ))}
          <div className="member-menu__separator" role="separator" />
          <button
            type="button"
            role="menuitem"
            className="member-menu__item member-menu__item--danger"
            onClick={() => {
              setOpen(false);
              openAuthDialog({ kind: 'logout' });
            }}
            data-testid="menu-logout"
          >
            <LogoutIcon />
            <span>{t('auth.logout')}</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
