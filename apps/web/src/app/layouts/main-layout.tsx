import { SUPPORT_CHAT_CS_TYPE, type GameMenu, type PermissionInfo } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { contractsPopupChunk } from '@/features/agents/contracts/popup-chunk';
import { headerAccountChunk, HeaderAccountSkeleton, preloadAuthDialogs } from '@/features/auth';
import { AnnouncementPopupHost, helpCenterQueryOptions } from '@/features/content';
import { supportChatChunk } from '@/features/content/support';
import { gameMenusQueryOptions } from '@/features/lobby';
import { inboxBadgeChunk } from '@/features/messages';
import { SideMenuPromotionList } from '@/features/rewards';
import { footerChunk, Header, SideMenu, useSideMenuStore } from '@/features/shell';
import { useSystemInfo } from '@/features/system';
import { headerBalanceChunk } from '@/features/wallet';
import { selectableLanguages, useLanguage } from '@/i18n';
import { useIdle } from '@/lib/use-idle';
import { useLazyModule } from '@/lib/use-lazy-module';
import { DESKTOP_MEDIA_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { openAuthDialog } from '@/stores/auth-dialog-store';
import { useSessionStore } from '@/stores/session-store';
import { closeSupportChat, openSupportChat } from '@/stores/support-chat-store';

const SIDE_MENU_ID = 'side-menu';

/**
 * The main layout (docs/product.md §2): header with top navigation, side menu, content, footer.
 * Game pages (/seamless, lottery pages) use it with the side menu hidden.
 */
export function MainLayout({ gamePage = false }: { gamePage?: boolean }) {
  const { t } = useTranslation();
  const info = useSystemInfo();
  const language = useLanguage();
  const menus = useQuery(gameMenusQueryOptions(language));
  const isDesktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  const dockedOpen = useSideMenuStore((menu) => menu.dockedOpen);
  const drawerOpen = useSideMenuStore((menu) => menu.drawerOpen);
  const toggle = useSideMenuStore((menu) => menu.toggle);
  const closeDrawer = useSideMenuStore((menu) => menu.closeDrawer);
  const sessionStatus = useSessionStore((session) => session.status);
  const sideMenuOpen = isDesktop ? dockedOpen : drawerOpen;
  const supportChat = useSupportChat(info);

  return (
    <div className={gamePage ? 'shell shell--game' : 'shell'}>
      <a
        href="#main-content"
        className="skip-link"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        {t('a11y.skipToContent')}
      </a>
      <Header
        info={info}
        menus={menus.data ?? []}
        menusLoading={menus.isPending}
        account={
          sessionStatus === 'loggedIn' || sessionStatus === 'restoring' ? (
            <Account loggedIn={sessionStatus === 'loggedIn'} />
          ) : null
        }
        onLogin={() => openAuthDialog({ kind: 'login' })}
        onRegister={() => openAuthDialog({ kind: 'register' })}
        onAuthIntent={preloadAuthDialogs}
        sideMenu={
          gamePage
            ? null
            : { controls: SIDE_MENU_ID, expanded: sideMenuOpen, onToggle: () => toggle(isDesktop) }
        }
        onSupportChat={supportChat.open}
        serviceBadge={supportChat.badge}
      />
      <div className="shell__body">
        {gamePage ? null : (
          <SideMenu
            id={SIDE_MENU_ID}
            info={info}
            languages={selectableLanguages(info.languages, language)}
            mode={isDesktop ? 'docked' : 'drawer'}
            open={sideMenuOpen}
            onClose={closeDrawer}
            promotions={<SideMenuPromotionList />}
            onSupportChat={supportChat.open}
          />
        )}
        <div className="shell__main">
          <main id="main-content" className="shell__content" tabIndex={-1}>
            <Outlet />
          </main>
          <IdleFooter info={info} menus={menus.data ?? []} />
        </div>
      </div>
      {supportChat.host}
      {/* Announcements wait for pages around play: a game page is not interrupted. */}
      {gamePage ? null : <AnnouncementPopupHost />}
    </div>
  );
}

/**
 * The built-in support chat (docs/support.md), when the brand offers it (a customer-service
 * channel of csType SUPPORT_CHAT): its chunk loads once a real member is logged in, for the
 * service icon's badge and the chat panel. A visitor is asked to log in, a trial member to
 * register first (trial accounts have no chat).
 */
function useSupportChat(info: PermissionInfo) {
  const status = useSessionStore((session) => session.status);
  const isTrial = useSessionStore((session) => session.isTrial);
  const offered = info.customerService.some((entry) => entry.csType === SUPPORT_CHAT_CS_TYPE);
  const member = offered && status === 'loggedIn' && !isTrial;
  const chunk = useLazyModule(supportChatChunk, member).module;
  // Logged out with the chat open: the next member to log in on this tab starts with it shut.
  useEffect(() => {
    if (!member) closeSupportChat();
  }, [member]);
  const open = () => {
    if (status !== 'loggedIn') openAuthDialog({ kind: 'login' });
    else if (isTrial) openAuthDialog({ kind: 'trialNotice' });
    else openSupportChat();
  };
  return {
    open,
    badge: member && chunk ? <chunk.SupportBadge /> : null,
    host: member && chunk ? <chunk.SupportChatHost /> : null,
  };
}

/**
 * The footer is below the fold on every page: it and its help topics wait until the page has
 * painted and gone idle, so the first paint does not pay for them.
 */
function IdleFooter({ info, menus }: { info: PermissionInfo; menus: GameMenu[] }) {
  const language = useLanguage();
  const idle = useIdle();
  const helpTopics = useQuery({ ...helpCenterQueryOptions(language), enabled: idle });
  const Footer = useLazyModule(footerChunk, idle).module?.Footer;
  return Footer ? <Footer info={info} menus={menus} helpTopics={helpTopics.data ?? []} /> : null;
}

/**
 * The header's account side for a member: their balance and menu (split chunks, asked for as
 * soon as a session is being restored), and their shape until those and the member are in.
 */
function Account({ loggedIn }: { loggedIn: boolean }) {
  const HeaderAccount = useLazyModule(headerAccountChunk, true).module?.HeaderAccount;
  const HeaderBalance = useLazyModule(headerBalanceChunk, true).module?.HeaderBalance;
  // Trial members have no inbox (docs/product.md §4).
  const isTrial = useSessionStore((session) => session.isTrial);
  const InboxBadge = useLazyModule(inboxBadgeChunk, loggedIn && !isTrial).module?.InboxBadge;
  // Contract offers from an upline wait in a popup (agent policy on, not trial: spec §3).
  const info = useSystemInfo();
  const withContracts = loggedIn && !isTrial && Boolean(info.siteFlags.AGENTPOLICY3);
  const ContractsPopup = useLazyModule(contractsPopupChunk, withContracts).module?.default;
  return loggedIn && HeaderAccount && HeaderBalance ? (
    <>
      <HeaderAccount
        balance={
          <>
            {InboxBadge && !isTrial ? <InboxBadge /> : null}
            <HeaderBalance />
          </>
        }
      />
      {ContractsPopup && withContracts ? <ContractsPopup currency={info.currency} /> : null}
    </>
  ) : (
    <HeaderAccountSkeleton />
  );
}
