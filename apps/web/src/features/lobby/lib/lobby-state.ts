import { GAME_NAME_SEARCH_MAX, LOBBY_PAGE_SIZE, type GameCategory } from '@banca/contracts';
import type { GamesRequest } from '../api/get-games';

/** The lobby's filter icons (docs/product.md §4 "Lobby filter"); NEW has no icon of its own. */
export const LOBBY_FILTERS = ['ALL', 'HOT', 'FAV', 'RECENT'] as const;
export type LobbyFilter = (typeof LOBBY_FILTERS)[number];

/** Filters that show the member's own games and so need a login (docs/product.md §4). */
export const MEMBER_FILTERS: ReadonlySet<LobbyFilter> = new Set(['FAV', 'RECENT']);

/** What a category lobby shows: one page of its games, narrowed by filter, vendor, classify, name. */
export type LobbyState = {
  filter: LobbyFilter;
  vendor: string | null;
  classify: string | null;
  /** Already trimmed; empty shows every name. */
  search: string;
  page: number;
};

export const INITIAL_LOBBY_STATE: LobbyState = {
  filter: 'ALL',
  vendor: null,
  classify: null,
  search: '',
  page: 1,
};

/**
 * Spec §4: ALL resets vendor and classify; any filter change resets the page to 1 and clears
 * the search.
 */
export function withFilter(state: LobbyState, filter: LobbyFilter): LobbyState {
  if (filter === 'ALL') return { ...INITIAL_LOBBY_STATE };
  return { ...state, filter, search: '', page: 1 };
}

/** Spec §4: a vendor change resets the page to 1 and clears the search. */
export function withVendor(state: LobbyState, vendor: string | null): LobbyState {
  return { ...state, vendor, search: '', page: 1 };
}

/** Spec §4: a classify change resets the page to 1 and clears the search. */
export function withClassify(state: LobbyState, classify: string | null): LobbyState {
  return { ...state, classify, search: '', page: 1 };
}

/** Spec §5: the search text is trimmed; a new search starts on page 1, empty shows all. */
export function withSearch(state: LobbyState, text: string): LobbyState {
  return { ...state, search: normaliseSearch(text), page: 1 };
}

export function normaliseSearch(text: string): string {
  return text.trim().slice(0, GAME_NAME_SEARCH_MAX);
}

/** URL query names of the lobby state (`vassalage` is the spec's own, used by /rng links). */
const PARAM = {
  filter: 'filter',
  vendor: 'vassalage',
  classify: 'classify',
  search: 'q',
  page: 'page',
} as const;

/** Reads the lobby state from a URL query; anything unknown or malformed falls back to the default. */
export function parseLobbyParams(params: URLSearchParams): LobbyState {
  const filter = params.get(PARAM.filter)?.toUpperCase();
  const page = Number(params.get(PARAM.page));
  return {
    filter: LOBBY_FILTERS.find((known) => known === filter) ?? 'ALL',
    vendor: params.get(PARAM.vendor) || null,
    classify: params.get(PARAM.classify) || null,
    search: normaliseSearch(params.get(PARAM.search) ?? ''),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * The lobby state as a URL query, defaults left out so a plain /rng stays plain. Other
 * parameters of `base` are kept.
 */
export function lobbyParams(state: LobbyState, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const name of Object.values(PARAM)) params.delete(name);
  if (state.filter !== 'ALL') params.set(PARAM.filter, state.filter);
  if (state.vendor) params.set(PARAM.vendor, state.vendor);
  if (state.classify) params.set(PARAM.classify, state.classify);
  if (state.search) params.set(PARAM.search, state.search);
  if (state.page > 1) params.set(PARAM.page, String(state.page));
  return params;
}

/** The game list request of a category lobby in this state. */
export function lobbyRequest(category: GameCategory, state: LobbyState): GamesRequest {
  return {
    gameType: category,
    vassalage: state.vendor ?? undefined,
    gameClassify: state.classify ?? undefined,
    gameName: state.search || undefined,
    selectType: state.filter,
    pageNo: state.page,
    pageSize: LOBBY_PAGE_SIZE,
  };
}
