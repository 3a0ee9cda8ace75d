import { LOBBY_PAGE_SIZE, type GameCategory } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '@/components/pagination';
import { useLanguage } from '@/i18n';
import { openAuthDialog } from '@/stores/auth-dialog-store';
import { gamesQueryOptions } from '../../api/get-games';
import { lanesQueryOptions } from '../../api/get-lanes';
import { useMember } from '../../hooks/use-member';
import {
  INITIAL_LOBBY_STATE,
  lobbyParams,
  lobbyRequest,
  MEMBER_FILTERS,
  withClassify,
  withFilter,
  withSearch,
  withVendor,
  type LobbyFilter,
  type LobbyState,
} from '../../lib/lobby-state';
import { GameGrid, GameGridSkeleton } from '../games/game-grid';
import { ListEmpty, ListError, ListLoginRequired } from '../games/list-states';
import { ClassifyMenu } from './classify-menu';
import { FilterBar } from './filter-bar';
import { SearchBox } from './search-box';
import { VendorSelect } from './vendor-select';
import './game-list.css';
import styles from './game-lobby.module.css';

export type LobbyChange = (next: LobbyState, options?: { replace?: boolean }) => void;

/**
 * A category's lobby (docs/product.md §2 "Game list centre"): vendor drop-down, filter icons, name
 * search, classify menu, 18 games a page. The state lives with the caller (the URL on
 * /rng and friends, the home tab otherwise); the rules of docs/product.md §4 live in
 * lobby-state.ts.
 */
export function GameLobby({
  category,
  state,
  onChange,
}: {
  category: GameCategory;
  state: LobbyState;
  onChange: LobbyChange;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { isLoggedIn, username } = useMember();
  const top = useRef<HTMLElement>(null);
  const lanes = useQuery(lanesQueryOptions(language));
  const lane = lanes.data?.find((entry) => entry.title === category);
  const needsLogin = MEMBER_FILTERS.has(state.filter) && !isLoggedIn;
  const games = useQuery({
    ...gamesQueryOptions(lobbyRequest(category, state), language, username),
    enabled: !needsLogin,
  });
  const list = games.data;
  const current = list && !games.isPlaceholderData ? list : null;

  // A page above the total (an old link, a list that shrank) shows the last page instead.
  useEffect(() => {
    if (current && current.totalPages > 0 && state.page > current.totalPages)
      onChange({ ...state, page: current.totalPages }, { replace: true });
  }, [current, state, onChange]);

  const selectFilter = (filter: LobbyFilter) => {
    // Spec §4: FAV and RECENT need a login; the filter stays as it was.
    if (MEMBER_FILTERS.has(filter) && !isLoggedIn) {
      openAuthDialog({ kind: 'login' });
      return;
    }
    if (filter === state.filter && filter !== 'ALL') return;
    onChange(withFilter(state, filter));
  };

  const changePage = (page: number) => {
    onChange({ ...state, page });
    if (top.current && top.current.getBoundingClientRect().top < 0)
      top.current.scrollIntoView({ block: 'start' });
  };

  const filtered =
    state.vendor !== null ||
    state.classify !== null ||
    state.search !== '' ||
    state.filter !== 'ALL';

  return (
    <section
      ref={top}
      className="game-lobby"
      data-testid="game-lobby"
      data-category={category}
      // What is on screen, for the browser journeys: the state's query, and whether its list is in.
      data-query={lobbyParams(state).toString()}
      aria-busy={games.isFetching}
    >
      <div className="game-lobby__toolbar">
        <VendorSelect
          vendors={lane?.cards ?? []}
          selected={state.vendor}
          onSelect={(vendor) => onChange(withVendor(state, vendor))}
        />
        <FilterBar selected={state.filter} onSelect={selectFilter} />
        <SearchBox value={state.search} onSearch={(text) => onChange(withSearch(state, text))} />
      </div>
      <ClassifyMenu
        lane={lane}
        pending={lanes.isPending}
        vendor={state.vendor}
        selected={state.classify}
        onSelect={(classify) => onChange(withClassify(state, classify))}
      />
      {!needsLogin && games.isPending ? (
        // Holds the summary's line while the first page loads (no layout shift).
        <p className="game-lobby__summary" aria-hidden="true" />
      ) : null}
      {list && !needsLogin ? (
        <p className="game-lobby__summary" aria-live="polite">
          <strong data-testid="games-total" data-total={list.totalCount}>
            {t('lobby.list.total', { count: list.totalCount })}
          </strong>
          {state.search ? (
            <span data-testid="search-summary">
              {t('lobby.search.resultsFor', { query: state.search })}
            </span>
          ) : null}
          {list.totalPages > 1 ? (
            <span data-testid="page-summary">
              {t('lobby.list.pageOf', { page: state.page, total: list.totalPages })}
            </span>
          ) : null}
        </p>
      ) : null}

      {needsLogin ? (
        <ListLoginRequired text={t('lobby.list.loginRequired')} />
      ) : games.isPending ? (
        <GameGridSkeleton count={LOBBY_PAGE_SIZE} />
      ) : games.isError && !list ? (
        <ListError error={games.error} onRetry={() => void games.refetch()} />
      ) : list && list.games.length === 0 && !games.isPlaceholderData ? (
        <ListEmpty
          title={t('lobby.list.empty')}
          hint={filtered ? t('lobby.list.emptyHint') : undefined}
          onReset={filtered ? () => onChange(INITIAL_LOBBY_STATE) : undefined}
        />
      ) : list ? (
        <div
          className={
            games.isPlaceholderData ? 'game-lobby__results is-stale' : 'game-lobby__results'
          }
        >
          <GameGrid games={list.games} eager />
        </div>
      ) : null}

      {list && !needsLogin ? (
        <Pagination
          page={state.page}
          totalPages={list.totalPages}
          onChange={changePage}
          className={styles.pagination}
        />
      ) : null}
    </section>
  );
}
