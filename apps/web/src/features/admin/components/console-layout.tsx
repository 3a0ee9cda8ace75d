import type { Operator } from '@banca/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { CloseIcon, LogoutIcon, MenuIcon } from '@/components/icons';
import { LanguageSelect } from '@/components/language-select';
import type { DeskDefinition } from '@/lib/admin-desks';
import { logout } from '../api/session';
import styles from './console.module.css';

/** Languages the console speaks (its catalogue part exists in these). */
const CONSOLE_LANGUAGES = ['pt-BR', 'en'] as const;

/**
 * The console's frame: a sidebar with the desks the operator may open, a top bar with who is
 * signed in, the language and logout. Phones get the sidebar as a drawer.
 */
export function ConsoleLayout({
  operator,
  desks,
  children,
}: {
  operator: Operator;
  desks: readonly DeskDefinition[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const signOut = async () => {
    try {
      await logout();
    } finally {
      queryClient.removeQueries({ queryKey: ['admin'] });
      void navigate('/admin/login', { replace: true });
    }
  };

  return (
    <div className={styles.shell} data-testid="admin-console">
      <a className={styles.skip} href="#admin-main">
        {t('admin.skipToContent')}
      </a>
      <header className={styles.topBar}>
        <button
          type="button"
          className={styles.menuButton}
          onClick={() => setMenuOpen((open) => !open)}
          aria-expanded={menuOpen}
          aria-controls="admin-sidebar"
          aria-label={menuOpen ? t('admin.layout.closeMenu') : t('admin.layout.openMenu')}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <span className={styles.brand}>{t('admin.brand')}</span>
        <div
          className={styles.who}
          data-testid="admin-operator"
          title={t('admin.layout.signedInAs', { name: operator.displayName })}
        >
          <span className={styles.avatar} aria-hidden="true">
            {operator.displayName.slice(0, 1).toUpperCase()}
          </span>
          <span className={styles.whoText}>
            <strong>{operator.displayName}</strong>
            <small>{operator.roles.map((role) => t(`admin.roles.${role}`)).join(' · ')}</small>
          </span>
        </div>
        <LanguageSelect languages={CONSOLE_LANGUAGES} className={styles.language} />
        <button
          type="button"
          className={styles.logout}
          onClick={() => void signOut()}
          data-testid="admin-logout"
        >
          <LogoutIcon width={18} height={18} />
          <span>{t('admin.layout.logout')}</span>
        </button>
      </header>
      <nav
        id="admin-sidebar"
        className={styles.sidebar}
        data-open={menuOpen || undefined}
        aria-label={t('admin.layout.desks')}
      >
        <p className={styles.sidebarTitle}>{t('admin.layout.desks')}</p>
        <ul>
          {desks.map((desk) => {
            const Icon = desk.icon;
            return (
              <li key={desk.id}>
                <NavLink
                  to={`/admin/${desk.id}`}
                  className={({ isActive }) =>
                    isActive ? `${styles.deskLink} ${styles.active}` : styles.deskLink
                  }
                  onClick={() => setMenuOpen(false)}
                  data-testid={`desk-link-${desk.id}`}
                >
                  <Icon width={20} height={20} aria-hidden="true" />
                  {t(`admin.desks.${desk.title}`)}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      {menuOpen ? (
        <button
          type="button"
          className={styles.scrim}
          aria-label={t('admin.layout.closeMenu')}
          onClick={() => setMenuOpen(false)}
        />
      ) : null}
      <main id="admin-main" className={styles.main}>
        {children}
      </main>
    </div>
  );
}
