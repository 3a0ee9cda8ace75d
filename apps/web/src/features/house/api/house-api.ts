import { ENDPOINTS, ROUTES, type HouseBet, type ResponseOf } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

/**
 * The house games' calls (docs/house.md). Answers are checked against their schemas in
 * development only, like the other features (`import.meta.env.DEV ? … : undefined` inline, so a
 * production build drops the check); ROUTES is read inside the calls, never when the module loads.
 */
const H = ENDPOINTS.house;
type R = typeof ROUTES.house;

export type HouseGames = ResponseOf<R['games']>;
export type Seeds = ResponseOf<R['seeds']>;
export type BetsPage = ResponseOf<R['bets']>;
export type DoubleState = ResponseOf<R['doubleState']>;
export type CrashState = ResponseOf<R['crashState']>;

export const houseKeys = {
  all: ['house'] as const,
  games: ['house', 'games'] as const,
  /** Under the member key: logging out drops them. */
  seeds: ['member', 'house', 'seeds'] as const,
  bets: (gameCode: string | undefined, pageNo: number) =>
    ['member', 'house', 'bets', gameCode ?? 'all', pageNo] as const,
  betsAll: ['member', 'house', 'bets'] as const,
  mines: (gameCode: string) => ['member', 'house', 'mines', gameCode] as const,
  double: (gameCode: string) => ['member', 'house', 'double', gameCode] as const,
  crash: (gameCode: string) => ['member', 'house', 'crash', gameCode] as const,
};
/** The header balance's query key (features/wallet: balance-keys.ts), refreshed after each bet. */
export const BALANCES_KEY = ['member', 'wallet', 'balances'] as const;

export const houseGamesQuery = () =>
  queryOptions({
    queryKey: houseKeys.games,
    queryFn: ({ signal }) =>
      apiRequest<HouseGames>(H.games, {
        schema: import.meta.env.DEV ? ROUTES.house.games.response : undefined,
        signal,
      }),
    staleTime: 30_000,
  });

export const seedsQuery = () =>
  queryOptions({
    queryKey: houseKeys.seeds,
    queryFn: ({ signal }) =>
      apiRequest<Seeds>(H.seeds, {
        schema: import.meta.env.DEV ? ROUTES.house.seeds.response : undefined,
        signal,
      }),
  });

export const betsQuery = (gameCode: string | undefined, pageNo: number) =>
  queryOptions({
    queryKey: houseKeys.bets(gameCode, pageNo),
    queryFn: ({ signal }) =>
      apiRequest<BetsPage>(H.bets, {
        query: { gameCode, pageNo, pageSize: 20 },
        schema: import.meta.env.DEV ? ROUTES.house.bets.response : undefined,
        signal,
      }),
  });

export const activeMinesQuery = (gameCode: string) =>
  queryOptions({
    queryKey: houseKeys.mines(gameCode),
    queryFn: ({ signal }) =>
      apiRequest<HouseBet | null>(H.minesActive, {
        query: { gameCode },
        schema: import.meta.env.DEV ? ROUTES.house.minesActive.response : undefined,
        signal,
      }),
  });

export type InstantEngine = 'dice' | 'limbo' | 'plinko';

/** One bet of an instant game: `POST /wps/house/{dice|limbo|plinko}`. */
export function playInstant(
  engine: InstantEngine,
  body: Record<string, unknown>,
): Promise<HouseBet> {
  return apiRequest<HouseBet>(H[engine], {
    body,
    schema: import.meta.env.DEV ? ROUTES.house[engine].response : undefined,
  });
}

export const startMines = (body: { gameCode: string; amountMinor: number; mines: number }) =>
  apiRequest<HouseBet>(H.mines, {
    body,
    schema: import.meta.env.DEV ? ROUTES.house.mines.response : undefined,
  });
export const revealMines = (body: { betId: number; tile: number }) =>
  apiRequest<HouseBet>(H.minesReveal, {
    body,
    schema: import.meta.env.DEV ? ROUTES.house.minesReveal.response : undefined,
  });
export const cashoutMines = (body: { betId: number }) =>
  apiRequest<HouseBet>(H.minesCashout, {
    body,
    schema: import.meta.env.DEV ? ROUTES.house.minesCashout.response : undefined,
  });

export const rotateSeeds = (clientSeed: string | undefined) =>
  apiRequest<ResponseOf<R['rotateSeeds']>>(H.rotateSeeds, {
    body: clientSeed === undefined ? {} : { clientSeed },
    schema: import.meta.env.DEV ? ROUTES.house.rotateSeeds.response : undefined,
  });

/** Double's shared round, read once; the socket keeps it current (house-live.ts). */
export const doubleStateQuery = (gameCode: string) =>
  queryOptions({
    queryKey: houseKeys.double(gameCode),
    queryFn: ({ signal }) =>
      apiRequest<DoubleState>(H.doubleState, {
        query: { gameCode },
        schema: import.meta.env.DEV ? ROUTES.house.doubleState.response : undefined,
        signal,
      }),
    staleTime: Infinity,
  });

export const betDouble = (body: {
  gameCode: string;
  amountMinor: number;
  pick: 'red' | 'black' | 'white';
}) =>
  apiRequest<ResponseOf<R['doubleBet']>>(H.doubleBet, {
    body,
    schema: import.meta.env.DEV ? ROUTES.house.doubleBet.response : undefined,
  });

/** Crash's shared round, read once; the socket keeps it current (house-live.ts). */
export const crashStateQuery = (gameCode: string) =>
  queryOptions({
    queryKey: houseKeys.crash(gameCode),
    queryFn: ({ signal }) =>
      apiRequest<CrashState>(H.crashState, {
        query: { gameCode },
        schema: import.meta.env.DEV ? ROUTES.house.crashState.response : undefined,
        signal,
      }),
    staleTime: Infinity,
  });

export const betCrash = (body: {
  gameCode: string;
  amountMinor: number;
  autoCashoutE2: number | null;
}) =>
  apiRequest<ResponseOf<R['crashBet']>>(H.crashBet, {
    body,
    schema: import.meta.env.DEV ? ROUTES.house.crashBet.response : undefined,
  });
export const cashoutCrash = (body: { gameCode: string }) =>
  apiRequest<ResponseOf<R['crashCashout']>>(H.crashCashout, {
    body,
    schema: import.meta.env.DEV ? ROUTES.house.crashCashout.response : undefined,
  });
