import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { HeadsetIcon, LogoutIcon } from '@/components/icons';
import { openAuthDialog } from '@/stores/auth-dialog-store';
import { useSessionStore } from '@/stores/session-store';
import { AGENT_CENTRE_LINKS, type AgentCentrePage } from '../centre-pages';
import { AgentClock } from './agent-clock';
import styles from './agent-centre.module.css';

export type AgentCentreLayoutProps = {
  /** The pages the brand has switched on, in menu order. */
  pages: readonly AgentCentrePage[];
  timeZone: string;
  /** Opens customer service, when the brand has one. */
  onCustomerService: (() => void) | null;
  /** The member's balance as text (the wallet's formatter, composed by the app). */
  balance?: ReactNode;
};

/**
 * The agent centre's frame (/agentHome/*): its menu (docs/product.md "The agent menu lists…"),
 * the brand's clock, who is signed in, and the page.
 */
export function AgentCentreLayout({
  pages,
  timeZone,
  onCustomerService,
  balance,
}: AgentCentreLayoutProps) {
  const { t } = useTranslation();
  const member = useSessionStore((session) => session.member);
  const menu = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the menu is a row that scrolls sideways: keep the open page's entry in view.
  useEffect(() => {
    menu.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.menuItem} ${styles.menuItemActive}` : styles.menuItem;
  return (
    <div className={styles.centre} data-testid="agent-home-page">
      <div className={styles.bar}>
        <div className={styles.who}>
          <strong data-testid="agent-home-member">{member?.nickname || member?.account}</strong>
          {balance !== undefined && (
            <span className={styles.balance}>
              {t('agents.balance')}: <span data-testid="agent-balance">{balance}</span>
            </span>
          )}
        </div>
        <AgentClock timeZone={timeZone} />
        <button
          type="button"
          className={styles.logout}
          onClick={() => openAuthDialog({ kind: 'logout' })}
          data-testid="agent-logout"
        >
          <LogoutIcon width={18} height={18} />
          {t('auth.logout')}
        </button>
      </div>
      <div className={styles.body}>
        <nav
          ref={menu}
          className={styles.menu}
          aria-label={t('agents.menuLabel')}
          data-testid="agent-menu"
        >
          {AGENT_CENTRE_LINKS.slice(0, 2).map(({ key, to, icon: MenuIcon }) => (
            <Link key={key} to={to} className={styles.menuItem}>
              <MenuIcon width={18} height={18} />
              {t(`agents.menu.${key}`)}
            </Link>
          ))}
          {pages.map(({ path, icon: MenuIcon }) => (
            <NavLink
              key={path}
              to={`/agentHome/${path}`}
              className={linkClass}
              data-testid={`agent-menu-${path}`}
            >
              <MenuIcon width={18} height={18} />
              {t(`agents.menu.${path}`)}
            </NavLink>
          ))}
          {AGENT_CENTRE_LINKS.slice(2).map(({ key, to, icon: MenuIcon }) => (
            <Link key={key} to={to} className={styles.menuItem}>
              <MenuIcon width={18} height={18} />
              {t(`agents.menu.${key}`)}
            </Link>
          ))}
          {onCustomerService && (
            <button type="button" className={styles.menuItem} onClick={onCustomerService}>
              <HeadsetIcon width={18} height={18} />
              {t('agents.menu.customerService')}
            </button>
          )}
        </nav>
        <section className={styles.page}>
          <Outlet />
        </section>
      </div>
    </div>
  );
}
