import { isModuleEnabled, ModuleId, type Language, type PermissionInfo } from '@banca/contracts';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '@/components/button';
import {
  CoinsBackIcon,
  CrownIcon,
  GiftIcon,
  HeadsetIcon,
  HomeIcon,
  PhoneDownloadIcon,
  UsersIcon,
  WalletInIcon,
  WalletOutIcon,
} from '@/components/icons';
import { LanguageSelect } from '@/components/language-select';
import {
  customerServiceChannels,
  openExternalChannel,
  type CustomerServiceChannel,
} from '@/lib/customer-service';
import { Skeleton } from '@/components/skeleton';

/** The QR generator is only needed once the menu shows; keep it out of the first bundle. */
import { SideMenuPromotions } from './side-menu-promotions';
const AppDownload = lazy(() => import('./app-download'));

/**
 * Side-menu promotions list length (docs/product.md §9); promotions arrive with the promotions
 * issue.
 */
export const SIDE_MENU_PROMOTIONS_MAX = 6;

export type SideMenuProps = {
  id: string;
  info: PermissionInfo;
  languages: Language[];
  /** `docked` beside the content on wide screens, `drawer` over it on narrow ones. */
  mode: 'docked' | 'drawer';
  open: boolean;
  onClose: () => void;
  /** The promotions list (the rewards feature's, composed by the app); else the notices' titles. */
  promotions?: ReactNode;
  /** Opens the built-in support chat (a customer-service channel of csType SUPPORT_CHAT). */
  onSupportChat: () => void;
};

/**
 * The side menu (docs/product.md §2): home, reward centre, VIP, manual rebate (when its module is
 * on), promotions, app download QR codes, customer service and the language picker.
 */
export function SideMenu({
  id,
  info,
  languages,
  mode,
  open,
  onClose,
  promotions,
  onSupportChat,
}: SideMenuProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const panelRef = useRef<HTMLElement>(null);
  const manualRebate = isModuleEnabled(info.whitelabel, ModuleId.manualRebate);
  const drawer = mode === 'drawer';

  // A drawer closes when the player navigates or presses Escape, and takes focus when opened.
  const lastPath = useRef(location.pathname + location.search);
  useEffect(() => {
    const path = location.pathname + location.search;
    if (path !== lastPath.current && drawer && open) onClose();
    lastPath.current = path;
  }, [location, drawer, open, onClose]);
  useEffect(() => {
    const panel = panelRef.current;
    if (!drawer || !open || !panel) return;
    panel.querySelector<HTMLElement>('a, button, select')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      // Closing with focus inside the drawer hands focus back to the menu button.
      if (panel.contains(document.activeElement)) {
        document.querySelector<HTMLElement>(`[aria-controls="${id}"]`)?.focus();
      }
    };
  }, [drawer, open, onClose, id]);

  const itemClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? 'side-menu__item is-active' : 'side-menu__item';
  const isMemberPage = (page: string) =>
    location.pathname === '/member' && new URLSearchParams(location.search).get('page') === page;
  const memberItem = (page: string) =>
    isMemberPage(page) ? 'side-menu__item is-active' : 'side-menu__item';

  const openChannel = (channel: CustomerServiceChannel) => {
    if (channel.kind === 'chat') {
      if (drawer) onClose();
      onSupportChat();
    } else openExternalChannel(channel);
  };

  return (
    <>
      {drawer ? (
        <div
          className={open ? 'side-menu-backdrop is-open' : 'side-menu-backdrop'}
          onClick={onClose}
          aria-hidden="true"
        />
      ) : null}
      <aside
        ref={panelRef}
        id={id}
        className={['side-menu', `side-menu--${mode}`, open && 'is-open'].filter(Boolean).join(' ')}
        aria-label={t('sideMenu.label')}
        data-testid="side-menu"
        data-open={open}
      >
        <nav className="side-menu__section">
          <ul>
            <li>
              <NavLink to="/" end className={itemClass}>
                <HomeIcon />
                <span>{t('sideMenu.home')}</span>
              </NavLink>
            </li>
            <li>
              <Link to="/member?page=rewardCenter" className={memberItem('rewardCenter')}>
                <GiftIcon />
                <span>{t('sideMenu.rewardCenter')}</span>
              </Link>
            </li>
            <li>
              <Link to="/member?page=securityCenter" className={memberItem('securityCenter')}>
                <CrownIcon />
                <span>{t('sideMenu.vip')}</span>
              </Link>
            </li>
            {manualRebate ? (
              <li>
                <Link
                  to="/member?page=manualRebate"
                  className={memberItem('manualRebate')}
                  data-testid="side-menu-manual-rebate"
                >
                  <CoinsBackIcon />
                  <span>{t('sideMenu.manualRebate')}</span>
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>

        <div className="side-menu__section side-menu__shortcuts">
          <p className="side-menu__heading">{t('sideMenu.shortcuts')}</p>
          <div className="side-menu__shortcut-row">
            <Link to="/member?page=depositv2" className="side-menu__shortcut">
              <WalletInIcon />
              <span>{t('header.deposit')}</span>
            </Link>
            <Link to="/member?page=withdraw" className="side-menu__shortcut">
              <WalletOutIcon />
              <span>{t('header.withdraw')}</span>
            </Link>
            <Link to="/agent" className="side-menu__shortcut">
              <UsersIcon />
              <span>{t('header.agent')}</span>
            </Link>
          </div>
        </div>

        <section className="side-menu__section" aria-labelledby={`${id}-promotions`}>
          <div className="side-menu__heading-row">
            <h2 id={`${id}-promotions`} className="side-menu__heading">
              {t('sideMenu.promotions')}
            </h2>
            <Link to="/promotions" className="side-menu__more">
              {t('sideMenu.seeAllPromotions')}
            </Link>
          </div>
          {promotions ?? <SideMenuPromotions />}
        </section>

        <section className="side-menu__section" aria-labelledby={`${id}-download`}>
          <h2 id={`${id}-download`} className="side-menu__heading side-menu__heading--icon">
            <PhoneDownloadIcon />
            {t('sideMenu.appDownload')}
          </h2>
          {/* Rendered only while the menu shows, so a closed drawer never loads the QR chunk. */}
          {open ? (
            <Suspense fallback={<AppDownloadPlaceholder />}>
              <AppDownload />
            </Suspense>
          ) : (
            <AppDownloadPlaceholder />
          )}
        </section>

        <div className="side-menu__section side-menu__footer">
          {customerServiceChannels(info.customerService).map((channel, index) => (
            <Button
              key={`${channel.csType}:${channel.label}`}
              variant="secondary"
              block
              onClick={() => openChannel(channel)}
              data-testid={`side-menu-service-${channel.csType}`}
            >
              <HeadsetIcon width={18} height={18} />
              {/* The first channel is "customer service"; the others are named by the brand. */}
              {index === 0 ? t('sideMenu.customerService') : channel.label}
            </Button>
          ))}
          <LanguageSelect languages={languages} />
        </div>
      </aside>
    </>
  );
}

function AppDownloadPlaceholder() {
  return (
    <div className="app-download">
      <div className="app-download__codes">
        <Skeleton width={120} height={146} radius={10} />
        <Skeleton width={120} height={146} radius={10} />
      </div>
    </div>
  );
}
