import type { GameCategory, GameMenu } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CategoryIcon } from '@/components/category-icon';
import { ArrowRightIcon } from '@/components/icons';
import { Progressive } from '@/components/progressive';
import { useLanguage } from '@/i18n';
import { CATEGORY_ROUTES } from '@/lib/game-categories';
import { hotGamesQueryOptions } from '../../api/get-hot-games';
import { recentGamesQueryOptions } from '../../api/get-recent-games';
import { useFavourites } from '../../hooks/use-favourites';
import { useMember } from '../../hooks/use-member';
import { useVendorLobby } from '../../hooks/use-vendor-lobby';
import { HOME_SECTION_SIZE, homeHotList } from '../../lib/game-format';
import { GameRail, GameRailSkeleton } from '../games/game-rail';
import { ListEmpty, ListError } from '../games/list-states';
import { ClockIcon, FlameIcon, HeartIcon } from '../lobby-icons';
import { CategorySection } from './category-section';
import { GameSection } from './game-section';
import { SectionHead } from './section-head';
import styles from './home-sections.module.css';
import { WinnerBoard } from './winner-board';

/** Home's own order for the sections the spec names first (§2); other categories follow. */
const LEADING_CATEGORIES: GameCategory[] = ['SPORTS', 'BGS', 'RNG', 'LIVE'];
/** House games show as game cards (one vendor); every other category as vendor cards. */
const HOUSE_CATEGORY: GameCategory = 'BGS';
/** Sections rendered with the page: what fills a first screen, phone or desktop. */
const SECTIONS_AT_FIRST = 2;

/**
 * The home tab (docs/product.md §2): hot games, the member's favourites, sports, house games,
 * casino, live and the other categories, recent games, and the winner board.
 */
export function HomeSections({
  menus,
  onShowHot,
}: {
  menus: readonly GameMenu[];
  onShowHot: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { isLoggedIn } = useMember();
  const hot = useQuery(hotGamesQueryOptions(language));
  const house = useQuery({
    ...hotGamesQueryOptions(language, { gameType: HOUSE_CATEGORY }),
    enabled: menus.some((menu) => menu.gameCategory === HOUSE_CATEGORY),
  });
  const { enter, pendingVendor } = useVendorLobby();
  const ordered = [
    ...LEADING_CATEGORIES.flatMap((category) =>
      menus.filter((menu) => menu.gameCategory === category),
    ),
    ...menus.filter((menu) => !LEADING_CATEGORIES.includes(menu.gameCategory)),
  ];

  const sections: ReactNode[] = [
    <GameSection
      key="hot"
      id="hot"
      testId="home-hot"
      icon={<FlameIcon />}
      title={t('lobby.sections.hot')}
      tagline={t('lobby.sections.hotTagline')}
      action={
        <button
          type="button"
          className="home-section__all"
          onClick={onShowHot}
          data-testid="home-hot-all"
        >
          {t('lobby.sections.seeAll')}
          <ArrowRightIcon />
        </button>
      }
      query={hot}
      games={hot.data ? homeHotList(hot.data) : undefined}
      skeletonCount={HOME_SECTION_SIZE}
      empty={{ title: t('lobby.list.empty') }}
    />,
    isLoggedIn ? <FavouritesSection key="favourites" /> : null,
    ...ordered.map((menu) =>
      menu.gameCategory === HOUSE_CATEGORY ? (
        <GameSection
          key={menu.gameCategory}
          id="house"
          testId="home-house"
          category={HOUSE_CATEGORY}
          icon={<CategoryIcon category={HOUSE_CATEGORY} />}
          title={t('lobby.sections.house')}
          tagline={t(`categoryTaglines.${HOUSE_CATEGORY}`)}
          action={<SeeAllLink to={CATEGORY_ROUTES[HOUSE_CATEGORY]} />}
          query={house}
          games={house.data ? homeHotList(house.data) : undefined}
          skeletonCount={HOME_SECTION_SIZE}
          empty={{ title: t('lobby.list.empty') }}
        />
      ) : (
        <CategorySection
          key={menu.gameCategory}
          menu={menu}
          // Spec §9: sports vendors are cut to 6.
          limit={menu.gameCategory === 'SPORTS' ? HOME_SECTION_SIZE : undefined}
          onEnter={enter}
          enteringVendor={pendingVendor}
        />
      ),
    ),
    isLoggedIn ? <RecentSection key="recent" /> : null,
    <WinnerBoard key="winners" />,
  ].filter((section) => section !== null);
  return (
    <div className={styles.sections} data-testid="home-sections">
      {/* The first screen's sections render with the page; the others follow one by one
          while the browser is idle, all of them within moments of loading. */}
      <Progressive parts={sections} initial={SECTIONS_AT_FIRST} />
    </div>
  );
}

function SeeAllLink({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="home-section__all">
      {t('lobby.sections.seeAll')}
      <ArrowRightIcon />
    </Link>
  );
}

/** The member's favourites (docs/product.md §9: up to 99), in a horizontal scroller. */
function FavouritesSection() {
  const { t } = useTranslation();
  const favourites = useFavourites();
  const headingId = 'home-section-favourites';
  const games = favourites.data?.content ?? [];
  return (
    <section className="home-section" aria-labelledby={headingId} data-testid="home-favourites">
      <SectionHead
        id={headingId}
        icon={<HeartIcon />}
        title={t('lobby.sections.favourites')}
        tagline={t('lobby.sections.favouritesTagline')}
        action={<SeeAllLink to="/favorite" />}
      />
      {favourites.isPending ? (
        <GameRailSkeleton />
      ) : favourites.isError ? (
        <ListError error={favourites.error} onRetry={() => void favourites.refetch()} />
      ) : games.length === 0 ? (
        <ListEmpty
          icon={<HeartIcon />}
          title={t('lobby.sections.favouritesEmpty')}
          hint={t('lobby.sections.favouritesEmptyHint')}
        />
      ) : (
        <GameRail
          games={games}
          label={t('lobby.sections.favourites')}
          data-testid="favourites-rail"
        />
      )}
    </section>
  );
}

/** The member's last six games (docs/product.md §9). */
function RecentSection() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { username } = useMember();
  const recent = useQuery({
    ...recentGamesQueryOptions(username ?? '', language, { page: 1, pageSize: HOME_SECTION_SIZE }),
    enabled: username !== null,
  });
  return (
    <GameSection
      id="recent"
      testId="home-recent"
      icon={<ClockIcon />}
      title={t('lobby.sections.recent')}
      tagline={t('lobby.sections.recentTagline')}
      action={<SeeAllLink to="/recent" />}
      query={recent}
      games={recent.data?.list}
      skeletonCount={HOME_SECTION_SIZE}
      empty={{
        icon: <ClockIcon />,
        title: t('lobby.sections.recentEmpty'),
        hint: t('lobby.sections.recentEmptyHint'),
      }}
    />
  );
}
