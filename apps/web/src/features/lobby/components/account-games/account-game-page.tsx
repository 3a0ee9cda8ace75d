import { LOBBY_PAGE_SIZE, type GameCard } from '@banca/contracts';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useSearchParams } from 'react-router';
import { buttonClassName } from '@/components/button';
import { Pagination } from '@/components/pagination';
import { useLanguage } from '@/i18n';
import { favouritesQueryOptions } from '../../api/get-favourites';
import { recentGamesQueryOptions } from '../../api/get-recent-games';
import { useMember } from '../../hooks/use-member';
import { parseLobbyParams } from '../../lib/lobby-state';
import { GameGrid, GameGridSkeleton } from '../games/game-grid';
import { ListEmpty, ListError } from '../games/list-states';
import { LobbyDialogs } from '../games/lobby-dialogs';
import { SectionHead } from '../home/section-head';
import { ClockIcon, HeartIcon } from '../lobby-icons';
import '../game-list/game-list.css';
import styles from '../game-list/game-lobby.module.css';

type AccountList = 'favorite' | 'recent';
type Page = { games: GameCard[]; totalPages: number; totalCount: number };

/**
 * Account games (/favorite, /recent; docs/product.md §2): the member's favourite or recent games,
 * 18 a page (`?page=`). The route's guard has already asked a visitor to log in.
 */
export default function AccountGamePage({ list }: { list: AccountList }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { username } = useMember();
  const [params, setParams] = useSearchParams();
  const page = parseLobbyParams(params).page;
  const member = username ?? '';

  const favourites = useQuery({
    ...favouritesQueryOptions(member, language, { pageNo: page, pageSize: LOBBY_PAGE_SIZE }),
    enabled: list === 'favorite' && username !== null,
    select: (data): Page => ({
      games: data.content,
      totalPages: data.totalPages,
      totalCount: data.totalCount,
    }),
  });
  const recent = useQuery({
    ...recentGamesQueryOptions(member, language, { page, pageSize: LOBBY_PAGE_SIZE }),
    enabled: list === 'recent' && username !== null,
    select: (data): Page => ({
      games: data.list,
      totalPages: data.totalPages,
      totalCount: data.totalCount,
    }),
  });
  const query: UseQueryResult<Page> = list === 'favorite' ? favourites : recent;
  const data = query.data;

  const setPage = (next: number, replace = false) =>
    setParams(next > 1 ? { page: String(next) } : {}, { replace });

  // A page above the total (the last favourite of a page removed, an old link) shows the last one.
  useEffect(() => {
    if (data && !query.isPlaceholderData && page > Math.max(1, data.totalPages))
      setParams(data.totalPages > 1 ? { page: String(data.totalPages) } : {}, { replace: true });
  }, [data, query.isPlaceholderData, page, setParams]);

  const favorite = list === 'favorite';
  return (
    <div className="lobby-page" data-testid="account-game-page" data-list={list}>
      <SectionHead
        level={1}
        icon={favorite ? <HeartIcon /> : <ClockIcon />}
        title={t(favorite ? 'lobby.account.favoriteTitle' : 'lobby.account.recentTitle')}
        count={data ? t('lobby.list.total', { count: data.totalCount }) : undefined}
      />
      <nav className="account-games__switch" aria-label={t('lobby.account.listsLabel')}>
        <NavLink to="/favorite" className="chip" data-testid="account-favorite-link">
          <HeartIcon />
          {t('lobby.account.favoriteTitle')}
        </NavLink>
        <NavLink to="/recent" className="chip" data-testid="account-recent-link">
          <ClockIcon />
          {t('lobby.account.recentTitle')}
        </NavLink>
      </nav>
      {query.isPending ? (
        <GameGridSkeleton count={LOBBY_PAGE_SIZE} />
      ) : query.isError && !data ? (
        <ListError error={query.error} onRetry={() => void query.refetch()} />
      ) : data && data.games.length === 0 ? (
        <div className="account-games__empty">
          <ListEmpty
            icon={favorite ? <HeartIcon /> : <ClockIcon />}
            title={t(favorite ? 'lobby.sections.favouritesEmpty' : 'lobby.sections.recentEmpty')}
            hint={t(
              favorite ? 'lobby.sections.favouritesEmptyHint' : 'lobby.sections.recentEmptyHint',
            )}
          />
          <Link to="/rng" className={buttonClassName({ variant: 'primary' })}>
            {t('lobby.account.browse')}
          </Link>
        </div>
      ) : data ? (
        <>
          <div className={query.isPlaceholderData ? 'is-stale' : undefined}>
            <GameGrid games={data.games} eager data-testid="account-games-grid" />
          </div>
          <Pagination
            page={page}
            totalPages={data.totalPages}
            onChange={(next) => setPage(next)}
            className={styles.pagination}
          />
        </>
      ) : null}
      <LobbyDialogs />
    </div>
  );
}
