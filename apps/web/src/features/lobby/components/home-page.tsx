import type { GameMenu } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { noticesQueryOptions } from '@/api/notices';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { AlertIcon, SparklesIcon } from '@/components/icons';
import { lazyArea } from '@/components/lazy-area';
import { Skeleton } from '@/components/skeleton';
import { loadCataloguePart, useLanguage } from '@/i18n';
import { useIdle } from '@/lib/use-idle';
import { openAuthDialog } from '@/stores/auth-dialog-store';
import { useSessionStore } from '@/stores/session-store';
import { gameMenusQueryOptions } from '../api/get-game-menus';
import { homeBannersFrom } from '../lib/home-banners';
import type { HomeTab } from '../lib/home-tabs';
import { BannerCarousel, BannerCarouselPlaceholder } from './banner-carousel';
import { HomeMenuTabs, homeTabPanelId } from './home-menu-tabs';
import { NoticeMarquee } from './notice-marquee';

type HomeContentProps = {
  tab: HomeTab;
  menus: readonly GameMenu[];
  onSelectTab: (tab: HomeTab) => void;
};

/**
 * Everything below the tabs is a split chunk with the lobby texts: home's first paint (the
 * banner, its largest element) needs neither. It is asked for once that paint is done and the
 * page is idle, so on a slow phone it does not compete with the banner and the app's own code.
 */
const HomeContent = lazyArea<HomeContentProps>(
  'GameListCenter',
  () =>
    Promise.all([import('./home/home-content'), loadCataloguePart('lobby')]).then(
      ([module]) => module,
    ),
  { fallback: () => <HomeSkeleton /> },
);

/**
 * The home lobby (docs/product.md §2): banner carousel, notice marquee, game menu tabs and what the
 * chosen tab shows (the home sections, favourites, hot games, or a category's lobby).
 */
export function HomePage({ onOpenNotices }: { onOpenNotices: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const menus = useQuery(gameMenusQueryOptions(language));
  // The banners come with the notices (the marquee below reads the same answer).
  const notices = useQuery(noticesQueryOptions(language));
  const isLoggedIn = useSessionStore((session) => session.isLoggedIn);
  const [tab, setTab] = useState<HomeTab>('home');
  const idle = useIdle();
  const hasMenus = menus.data !== undefined && menus.data.length > 0;
  const baseId = useId();

  const selectTab = (next: HomeTab) => {
    // The member's favourites need a login (docs/product.md §4); the tab stays as it was.
    if (next === 'favourites' && !isLoggedIn) {
      openAuthDialog({ kind: 'login' });
      return;
    }
    setTab(next);
  };

  return (
    <div className="home" data-testid="home-page">
      {notices.isPending ? (
        <BannerCarouselPlaceholder />
      ) : notices.data ? (
        // Without an answer (the call failed) there is simply no carousel.
        <BannerCarousel banners={homeBannersFrom(notices.data.banners)} />
      ) : null}
      <NoticeMarquee onOpen={onOpenNotices} />
      <HomeMenuTabs baseId={baseId} menus={menus.data} selected={tab} onSelect={selectTab} />
      <div
        id={homeTabPanelId(baseId)}
        role="tabpanel"
        aria-labelledby={`${baseId}-tab-${tab}`}
        className="home__panel"
        data-testid="home-panel"
        data-tab={tab}
      >
        {menus.isPending || (hasMenus && !idle) ? <HomeSkeleton /> : null}
        {menus.isError ? (
          <div className="home__error" role="alert">
            <EmptyState icon={<AlertIcon />} title={t('home.menusError')}>
              {errorMessage(menus.error, t)}
            </EmptyState>
            <Button variant="secondary" onClick={() => void menus.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : null}
        {menus.data?.length === 0 ? (
          <EmptyState icon={<SparklesIcon />} title={t('home.empty')} />
        ) : null}
        {hasMenus && idle ? (
          <HomeContent tab={tab} menus={menus.data} onSelectTab={selectTab} />
        ) : null}
      </div>
    </div>
  );
}

/** The sections' shape while their chunk and data load: a heading and a row of cards. */
function HomeSkeleton() {
  return (
    <div className="home-skeleton" aria-hidden="true" data-testid="home-skeleton">
      {Array.from({ length: 2 }, (_, section) => (
        <div key={section} className="home-skeleton__section">
          <Skeleton width={220} height={28} />
          <div className="home-skeleton__cards">
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} className="home-skeleton__card" radius={14} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
