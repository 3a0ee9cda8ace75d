import { ENDPOINTS, ROUTES, type HouseBet, type ResponseOf } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

/**
 * The house games' calls (docs/house.md). Lazy area only: schemas may be used freely here, the
 * home route never loads this file.
 */
const H = ENDPOINTS.house;
const R = ROUTES.house;

export type HouseGames = ResponseOf<typeof R.games>;
export type Seeds = ResponseOf<typeof R.seeds>;
export type BetsPage = ResponseOf<typeof R.bets>;
export type DoubleState = ResponseOf<typeof R.doubleState>;
export type CrashState = ResponseOf<typeof R.crashState>;

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
    queryFn: ({ signal }) => apiRequest<HouseGames>(H.games, { schema: R.games.response, signal }),
    staleTime: 30_000,
  });

export const seedsQuery = () =>
  queryOptions({
    queryKey: houseKeys.seeds,
    queryFn: ({ signal }) => apiRequest<Seeds>(H.seeds, { schema: R.seeds.response, signal }),
  });

export const betsQuery = (gameCode: string | undefined, pageNo: number) =>
  queryOptions({
    queryKey: houseKeys.bets(gameCode, pageNo),
    queryFn: ({ signal }) =>
      apiRequest<BetsPage>(H.bets, {
        query: { gameCode, pageNo, pageSize: 20 },
        schema: R.bets.response,
        signal,
      }),
  });

export const activeMinesQuery = (gameCode: string) =>
  queryOptions({
    queryKey: houseKeys.mines(gameCode),
    queryFn: ({ signal }) =>
      apiRequest<HouseBet | null>(H.minesActive, {
        query: { gameCode },
        schema: R.minesActive.response,
        signal,
      }),
  });

export type InstantEngine = 'dice' | 'limbo' | 'plinko';

/** One bet of an instant game: `POST /wps/house/{dice|limbo|plinko}`. */
export function playInstant(
  engine: InstantEngine,
  body: Record<string, unknown>,
): Promise<HouseBet> {
  return apiRequest<HouseBet>(H[engine], { body, schema: R[engine].response });
}

export const startMines = (body: { gameCode: string; amountMinor: number; mines: number }) =>
  apiRequest<HouseBet>(H.mines, { body, schema: R.mines.response });
export const revealMines = (body: { betId: number; tile: number }) =>
  apiRequest<HouseBet>(H.minesReveal, { body, schema: R.minesReveal.response });
export const cashoutMines = (body: { betId: number }) =>
  apiRequest<HouseBet>(H.minesCashout, { body, schema: R.minesCashout.response });

export const rotateSeeds = (clientSeed: string | undefined) =>
  apiRequest<ResponseOf<typeof R.rotateSeeds>>(H.rotateSeeds, {
    body: clientSeed === undefined ? {} : { clientSeed },
    schema: R.rotateSeeds.response,
  });

/** Double's shared round, read every second while the page is open (the round advances on reads). */
export const doubleStateQuery = (gameCode: string) =>
  queryOptions({
    queryKey: houseKeys.double(gameCode),
    queryFn: ({ signal }) =>
      apiRequest<DoubleState>(H.doubleState, {
        query: { gameCode },
        schema: R.doubleState.response,
        signal,
      }),
    refetchInterval: 1_000,
  });

export const betDouble = (body: {
  gameCode: string;
  amountMinor: number;
  pick: 'red' | 'black' | 'white';
}) =>
  apiRequest<ResponseOf<typeof R.doubleBet>>(H.doubleBet, { body, schema: R.doubleBet.response });

/** Crash's shared round, read twice a second while the page is open. */
export const crashStateQuery = (gameCode: string) =>
  queryOptions({
    queryKey: houseKeys.crash(gameCode),
    queryFn: ({ signal }) =>
      apiRequest<CrashState>(H.crashState, {
        query: { gameCode },
        schema: R.crashState.response,
        signal,
      }),
    refetchInterval: 500,
  });

export const betCrash = (body: {
  gameCode: string;
  amountMinor: number;
  autoCashoutE2: number | null;
}) => apiRequest<ResponseOf<typeof R.crashBet>>(H.crashBet, { body, schema: R.crashBet.response });
export const cashoutCrash = (body: { gameCode: string }) =>
  apiRequest<ResponseOf<typeof R.crashCashout>>(H.crashCashout, {
    body,
    schema: R.crashCashout.response,
  });
