import type { GameMenu, PermissionInfo } from '@banca/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { BellIcon, MenuIcon, UsersIcon, WalletInIcon, WalletOutIcon } from '@/components/icons';
import { keepClearOfToasts } from '@/stores/toast-store';
import { NoticeDialog } from './notice-dialog';
import { ServiceMenu } from './service-menu';
import { TopNav } from './top-nav';

export type HeaderProps = {
  info: PermissionInfo;
  menus: GameMenu[];
  menusLoading: boolean;
  /** The logged-in (or still restoring) account area; null shows the login and sign-up buttons. */
  account: ReactNode;
  onLogin: () => void;
  onRegister: () => void;
  /** The pointer or focus is on a login or sign-up button: a good moment to preload the dialogs. */
  onAuthIntent: () => void;
  /** Game pages hide the side menu and so its toggle. */
  sideMenu: { controls: string; expanded: boolean; onToggle: () => void } | null;
  /** Opens the built-in support chat (a customer-service channel of csType SUPPORT_CHAT). */
  onSupportChat: () => void;
  /** The support chat's unread answers, on the service icon. */
  serviceBadge?: ReactNode;
};

/**
 * The header (docs/product.md §2): brand, shortcuts, notice and service icons, auth buttons, top
 * nav.
 */
export function Header({
  info,
  menus,
  menusLoading,
  account,
  onLogin,
  onRegister,
  onAuthIntent,
  sideMenu,
  onSupportChat,
  serviceBadge,
}: HeaderProps) {
  const { t } = useTranslation();
  const [noticesOpen, setNoticesOpen] = useState(false);
  const brand = info.theme.logoText || info.brandName;

  return (
    <header className="site-header" ref={keepClearOfToasts}>
      <div className="site-header__bar">
        {sideMenu ? (
          <button
            type="button"
            className="icon-btn site-header__toggle"
            aria-label={t('header.toggleMenu')}
            aria-controls={sideMenu.controls}
            aria-expanded={sideMenu.expanded}
            onClick={sideMenu.onToggle}
            data-testid="side-menu-toggle"
          >
            <MenuIcon />
          </button>
        ) : null}
        <Link to="/" className="brand-logo" aria-label={t('header.logoLink', { brand })}>
          <span className="brand-logo__mark" aria-hidden="true">
            {brand.slice(0, 1)}
          </span>
          <span className="brand-logo__text">{brand}</span>
        </Link>

        <nav className="site-header__shortcuts" aria-label={t('header.shortcuts')}>
          <Link to="/member?page=depositv2" className="shortcut">
            <WalletInIcon />
            <span>{t('header.deposit')}</span>
          </Link>
          <Link to="/member?page=withdraw" className="shortcut">
            <WalletOutIcon />
            <span>{t('header.withdraw')}</span>
          </Link>
          <Link to="/agent" className="shortcut">
            <UsersIcon />
            <span>{t('header.agent')}</span>
          </Link>
        </nav>

        <div className="site-header__actions">
          <button
            type="button"
            className="icon-btn"
            aria-label={t('header.notices')}
            title={t('header.notices')}
            onClick={() => setNoticesOpen(true)}
            data-testid="header-notices"
          >
            <BellIcon />
          </button>
          <ServiceMenu info={info} onSupportChat={onSupportChat} badge={serviceBadge} />
          {account ?? (
            <div className="site-header__auth" onPointerEnter={onAuthIntent} onFocus={onAuthIntent}>
              <Button variant="secondary" onClick={onLogin} data-testid="header-login">
                {t('header.login')}
              </Button>
              <Button variant="primary" onClick={onRegister} data-testid="header-register">
                {t('header.register')}
              </Button>
            </div>
          )}
        </div>
      </div>
      <TopNav menus={menus} loading={menusLoading} />
      <NoticeDialog open={noticesOpen} onClose={() => setNoticesOpen(false)} />
    </header>
  );
}
