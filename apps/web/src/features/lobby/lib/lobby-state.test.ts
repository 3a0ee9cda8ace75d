import { describe, expect, it } from 'vitest';
import {
  INITIAL_LOBBY_STATE,
  lobbyParams,
  lobbyRequest,
  parseLobbyParams,
  withClassify,
  withFilter,
  withSearch,
  withVendor,
  type LobbyState,
} from './lobby-state';

const browsing: LobbyState = {
  filter: 'HOT',
  vendor: 'PG',
  classify: 'MEGAWAYS',
  search: 'dragon',
  page: 4,
};

describe('lobby state (docs/product.md §4)', () => {
  it('ALL resets vendor, classify, search and page', () => {
    expect(withFilter(browsing, 'ALL')).toEqual(INITIAL_LOBBY_STATE);
  });

  it('another filter keeps vendor and classify, resets the page and clears the search', () => {
    expect(withFilter(browsing, 'FAV')).toEqual({
      filter: 'FAV',
      vendor: 'PG',
      classify: 'MEGAWAYS',
      search: '',
      page: 1,
    });
  });

  it('a vendor or classify change resets the page and clears the search', () => {
    expect(withVendor(browsing, 'JDB')).toMatchObject({ vendor: 'JDB', search: '', page: 1 });
    expect(withVendor(browsing, null)).toMatchObject({ vendor: null, classify: 'MEGAWAYS' });
    expect(withClassify(browsing, 'JACKPOT')).toMatchObject({
      classify: 'JACKPOT',
      filter: 'HOT',
      search: '',
      page: 1,
    });
  });

  it('a search is trimmed and starts on page 1', () => {
    expect(withSearch(browsing, '  gold  ')).toMatchObject({
      search: 'gold',
      page: 1,
      vendor: 'PG',
    });
    expect(withSearch(browsing, '   ')).toMatchObject({ search: '' });
  });
});

describe('lobby state in the URL', () => {
  it('round-trips, leaving defaults out and other parameters alone', () => {
    const params = lobbyParams(browsing, new URLSearchParams('tab=RNG'));
    expect(params.toString()).toBe(
      'tab=RNG&filter=HOT&vassalage=PG&classify=MEGAWAYS&q=dragon&page=4',
    );
    expect(parseLobbyParams(params)).toEqual(browsing);
    expect(lobbyParams(INITIAL_LOBBY_STATE).toString()).toBe('');
  });

  it('falls back to defaults for junk', () => {
    expect(parseLobbyParams(new URLSearchParams('filter=NOPE&page=-3&q=%20%20'))).toEqual(
      INITIAL_LOBBY_STATE,
    );
    expect(parseLobbyParams(new URLSearchParams('page=2.5')).page).toBe(1);
    expect(parseLobbyParams(new URLSearchParams('filter=fav')).filter).toBe('FAV');
  });
});

describe('lobbyRequest', () => {
  it('asks for 18 games of the category with the state’s narrowing', () => {
    expect(lobbyRequest('RNG', browsing)).toEqual({
      gameType: 'RNG',
      vassalage: 'PG',
      gameClassify: 'MEGAWAYS',
      gameName: 'dragon',
      selectType: 'HOT',
      pageNo: 4,
      pageSize: 18,
    });
    expect(lobbyRequest('LIVE', INITIAL_LOBBY_STATE)).toEqual({
      gameType: 'LIVE',
      vassalage: undefined,
      gameClassify: undefined,
      gameName: undefined,
      selectType: 'ALL',
      pageNo: 1,
      pageSize: 18,
    });
  });
});
