import type { GameCategory, GameMenu } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyArea } from '@/components/lazy-area';
import { useLanguage } from '@/i18n';
import { hotGamesQueryOptions } from '../../api/get-hot-games';
import { useFavourites } from '../../hooks/use-favourites';
import { useMember } from '../../hooks/use-member';
import { GAME_CENTER_CATEGORIES, type HomeTab } from '../../lib/home-tabs';
import { INITIAL_LOBBY_STATE, type LobbyState } from '../../lib/lobby-state';
import type { LobbyChange } from '../game-list/game-lobby';
import { GameGrid, GameGridSkeleton } from '../games/game-grid';
import { ListEmpty, ListError, ListLoginRequired } from '../games/list-states';
import { LobbyDialogs } from '../games/lobby-dialogs';
import { FlameIcon, HeartIcon } from '../lobby-icons';
import { HomeSections } from './home-sections';
import { SectionHead } from './section-head';

/** Full hot list of the hot tab: every hot game the server lists (at most 24). */
const HOT_TAB_SKELETON = 12;

/** A category tab's lobby loads when that tab is first chosen, not with the home sections. */
const GameLobby = lazyArea<{ category: GameCategory; state: LobbyState; onChange: LobbyChange }>(
  'GameListCenter',
  () => import('../game-list/game-lobby').then((module) => ({ default: module.GameLobby })),
  { fallback: () => <GameGridSkeleton count={HOT_TAB_SKELETON} /> },
);
const GameCenterView = lazyArea<{ category: GameCategory }>(
  'GameCenter',
  () =>
    import('../game-center/game-center-view').then((module) => ({
      default: module.GameCenterView,
    })),
  { fallback: () => <GameGridSkeleton count={HOT_TAB_SKELETON} /> },
);

/**
 * What the home tabs show below the banners (a split chunk: home's first paint does not wait
 * for it). Switching tabs never leaves home.
 */
export default function HomeContent({
  tab,
  menus,
  onSelectTab,
}: {
  tab: HomeTab;
  menus: readonly GameMenu[];
  onSelectTab: (tab: HomeTab) => void;
}) {
  return (
    <>
      {tab === 'home' ? (
        <HomeSections menus={menus} onShowHot={() => onSelectTab('hot')} />
      ) : tab === 'hot' ? (
        <HotTab />
      ) : tab === 'favourites' ? (
        <FavouritesTab />
      ) : GAME_CENTER_CATEGORIES.has(tab) ? (
        <GameCenterView key={tab} category={tab} />
      ) : (
        <CategoryTab key={tab} category={tab} />
      )}
      <LobbyDialogs />
    </>
  );
}

function HotTab() {
  const { t } = useTranslation();
  const language = useLanguage();
  const hot = useQuery(hotGamesQueryOptions(language));
  return (
    <section className="home-section" data-testid="home-hot-tab">
      <SectionHead
        icon={<FlameIcon />}
        title={t('lobby.sections.hot')}
        tagline={t('lobby.sections.hotTagline')}
      />
      {hot.isPending ? (
        <GameGridSkeleton count={HOT_TAB_SKELETON} />
      ) : hot.isError ? (
        <ListError error={hot.error} onRetry={() => void hot.refetch()} />
      ) : hot.data.length === 0 ? (
        <ListEmpty title={t('lobby.list.empty')} />
      ) : (
        <GameGrid games={hot.data} />
      )}
    </section>
  );
}

function FavouritesTab() {
  const { t } = useTranslation();
  const { isLoggedIn } = useMember();
  const favourites = useFavourites();
  return (
    <section className="home-section" data-testid="home-favourites-tab">
      <SectionHead
        icon={<HeartIcon />}
        title={t('lobby.sections.favourites')}
        tagline={t('lobby.sections.favouritesTagline')}
      />
      {!isLoggedIn ? (
        <ListLoginRequired text={t('lobby.sections.loginToSeeHint')} />
      ) : favourites.isPending ? (
        <GameGridSkeleton count={HOT_TAB_SKELETON} />
      ) : favourites.isError ? (
        <ListError error={favourites.error} onRetry={() => void favourites.refetch()} />
      ) : favourites.data.content.length === 0 ? (
        <ListEmpty
          icon={<HeartIcon />}
          title={t('lobby.sections.favouritesEmpty')}
          hint={t('lobby.sections.favouritesEmptyHint')}
        />
      ) : (
        <GameGrid games={favourites.data.content} />
      )}
    </section>
  );
}

/** A list category inside home: its lobby, with the state kept here rather than in the URL. */
function CategoryTab({ category }: { category: GameCategory }) {
  const [state, setState] = useState<LobbyState>(INITIAL_LOBBY_STATE);
  return <GameLobby category={category} state={state} onChange={setState} />;
}
