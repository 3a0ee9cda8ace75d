import type { GameCard, GameList } from '@banca/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { favouritesQueryOptions, type FavouriteList } from '../api/get-favourites';
import { gamesQueryOptions } from '../api/get-games';
import { applyFavouriteChange } from './favourite-cache';

const game = (nodeId: number): GameCard => ({
  nodeId,
  gameCode: `G${nodeId}`,
  gameName: `Game ${nodeId}`,
  displayName: `Jogo ${nodeId}`,
  gameType: 'RNG',
  vassalage: 'PG',
  vendorName: 'PG Studios',
  iconUrl: `/lgw/art/game/${nodeId}.svg`,
  isHot: 0,
  isNew: 0,
  isGame: 'GAME',
  classify: 'SLOT_VIDEO',
  maintenance: false,
  rtp: 96.5,
});

const favourites = (...ids: number[]): FavouriteList => ({
  content: ids.map(game),
  pageNum: 1,
  totalPages: ids.length ? 1 : 0,
  totalCount: ids.length,
});

function setUp() {
  const client = new QueryClient();
  const all = favouritesQueryOptions('ana', 'pt-BR').queryKey;
  const page2 = favouritesQueryOptions('ana', 'pt-BR', { pageNo: 2, pageSize: 18 }).queryKey;
  const favLobby = gamesQueryOptions(
    { gameType: 'RNG', selectType: 'FAV', pageNo: 1, pageSize: 18 },
    'pt-BR',
    'ana',
  ).queryKey;
  const otherMember = favouritesQueryOptions('bia', 'pt-BR').queryKey;
  client.setQueryData(all, favourites(1, 2));
  client.setQueryData(page2, favourites(7, 2));
  client.setQueryData<GameList>(favLobby, {
    games: [game(2), game(1)],
    pageNo: 1,
    pageSize: 18,
    totalCount: 2,
    totalPages: 1,
  });
  client.setQueryData(otherMember, favourites(2));
  const ids = (key: readonly unknown[]) =>
    (client.getQueryData<FavouriteList>(key)?.content ?? []).map((item) => item.nodeId);
  return { client, all, page2, favLobby, otherMember, ids };
}

describe('applyFavouriteChange (docs/product.md §4 optimistic favourites)', () => {
  it('adds a new favourite to the front of the full list only', () => {
    const { client, all, page2, ids } = setUp();
    applyFavouriteChange(client, { game: game(3), add: true, username: 'ana' });
    expect(ids(all)).toEqual([3, 1, 2]);
    expect(client.getQueryData<FavouriteList>(all)?.totalCount).toBe(3);
    expect(ids(page2)).toEqual([7, 2]);
  });

  it('ignores an addition already present', () => {
    const { client, all, ids } = setUp();
    applyFavouriteChange(client, { game: game(2), add: true, username: 'ana' });
    expect(ids(all)).toEqual([1, 2]);
    expect(client.getQueryData<FavouriteList>(all)?.totalCount).toBe(2);
  });

  it('removes from every list of that member, FAV lobby lists included, and no one else’s', () => {
    const { client, all, page2, favLobby, otherMember, ids } = setUp();
    applyFavouriteChange(client, { game: game(2), add: false, username: 'ana' });
    expect(ids(all)).toEqual([1]);
    expect(ids(page2)).toEqual([7]);
    expect(client.getQueryData<GameList>(favLobby)?.games.map((item) => item.nodeId)).toEqual([1]);
    expect(ids(otherMember)).toEqual([2]);
  });

  it('is undone by the opposite change (the rollback after a failed request)', () => {
    const { client, all, ids } = setUp();
    const change = { game: game(3), add: true, username: 'ana' };
    applyFavouriteChange(client, change);
    applyFavouriteChange(client, { ...change, add: false });
    expect(ids(all)).toEqual([1, 2]);
    expect(client.getQueryData<FavouriteList>(all)?.totalCount).toBe(2);
  });
});
