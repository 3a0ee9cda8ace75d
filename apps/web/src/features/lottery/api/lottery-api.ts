import {
  LOTTERY_ADMIN_ENDPOINTS as A,
  type LOTTERY_ADMIN_ROUTES,
  LOTTERY_ENDPOINTS as E,
  LOTTERY_ROUTES,
  type LotteryAddClosedDay,
  type LotteryBetRequest,
} from '@banca/contracts/lottery';
import { pathOf, type ResponseOf } from '@banca/contracts';
import type { LotteryPrizeMode } from '@banca/contracts/lottery-rules';
import { queryOptions } from '@tanstack/react-query';
import { adminRequest } from '@/api/admin-client';
import { apiRequest } from '@/api/client';

/**
 * The e-lottery's calls (docs/lottery.md). Answers are checked against their schemas in
 * development only, as the other features do.
 */
type R = typeof LOTTERY_ROUTES;
export type LotteryMenu = ResponseOf<R['menu']>;
export type LotteryState = ResponseOf<R['state']>;
export type LotteryResults = ResponseOf<R['results']>;
export type LotteryMyBets = ResponseOf<R['myBets']>;
export type LotteryBetResult = ResponseOf<R['bet']>;
export type LotteryAdminGames = ResponseOf<(typeof LOTTERY_ADMIN_ROUTES)['games']>;
export type LotteryAdminDraws = ResponseOf<(typeof LOTTERY_ADMIN_ROUTES)['draws']>;
export type LotteryLiability = ResponseOf<(typeof LOTTERY_ADMIN_ROUTES)['liability']>;

export const lotteryKeys = {
  menu: (mode: LotteryPrizeMode) => ['lottery', 'menu', mode] as const,
  /** Under the member key: the open bets in it are the member's. */
  state: (gameCode: string) => ['member', 'lottery', 'state', gameCode] as const,
  results: (gameCode: string, pageNo: number) => ['lottery', 'results', gameCode, pageNo] as const,
  resultsAll: ['lottery', 'results'] as const,
  myBets: (status: string, gameCode: string | undefined, pageNo: number) =>
    ['member', 'lottery', 'bets', status, gameCode ?? 'all', pageNo] as const,
  myBetsAll: ['member', 'lottery', 'bets'] as const,
  admin: ['admin', 'lottery'] as const,
  /** Every public lottery answer, and every member one (a settings change drops them all). */
  all: ['lottery'] as const,
  memberAll: ['member', 'lottery'] as const,
};
/** The header balance's query key (features/wallet), refreshed after a slip and a draw. */
export const BALANCES_KEY = ['member', 'wallet', 'balances'] as const;

export const menuQuery = (prizeMode: LotteryPrizeMode) =>
  queryOptions({
    queryKey: lotteryKeys.menu(prizeMode),
    queryFn: ({ signal }) =>
      apiRequest<LotteryMenu>(E.menu, {
        query: { prizeMode, device: 'WEB' },
        schema: import.meta.env.DEV ? LOTTERY_ROUTES.menu.response : undefined,
        signal,
      }),
    refetchInterval: 15_000,
  });

export const stateQuery = (gameCode: string) =>
  queryOptions({
    queryKey: lotteryKeys.state(gameCode),
    queryFn: ({ signal }) =>
      apiRequest<LotteryState>(E.state, {
        query: { gameCode },
        schema: import.meta.env.DEV ? LOTTERY_ROUTES.state.response : undefined,
        signal,
      }),
  });

export const resultsQuery = (gameCode: string, pageNo: number) =>
  queryOptions({
    queryKey: lotteryKeys.results(gameCode, pageNo),
    queryFn: ({ signal }) =>
      apiRequest<LotteryResults>(E.results, {
        query: { gameCode, pageNo, pageSize: 10 },
        schema: import.meta.env.DEV ? LOTTERY_ROUTES.results.response : undefined,
        signal,
      }),
  });

export const myBetsQuery = (
  status: 'open' | 'settled' | 'all',
  gameCode: string | undefined,
  pageNo: number,
) =>
  queryOptions({
    queryKey: lotteryKeys.myBets(status, gameCode, pageNo),
    queryFn: ({ signal }) =>
      apiRequest<LotteryMyBets>(E.myBets, {
        query: { status, gameCode, pageNo, pageSize: 10 },
        schema: import.meta.env.DEV ? LOTTERY_ROUTES.myBets.response : undefined,
        signal,
      }),
  });

export const placeBet = (body: LotteryBetRequest) =>
  apiRequest<LotteryBetResult>(E.bet, {
    body,
    schema: import.meta.env.DEV ? LOTTERY_ROUTES.bet.response : undefined,
  });

// ---- console ------------------------------------------------------------------------------

export const adminGamesQuery = () =>
  queryOptions({
    queryKey: [...lotteryKeys.admin, 'games'] as const,
    queryFn: ({ signal }) => adminRequest<LotteryAdminGames>(A.games, { signal }),
  });

export const adminDrawsQuery = (
  gameCode: string | undefined,
  pageNo: number,
  bets: 'any' | 'some' = 'any',
) =>
  queryOptions({
    queryKey: [...lotteryKeys.admin, 'draws', gameCode ?? 'all', bets, pageNo] as const,
    queryFn: ({ signal }) =>
      adminRequest<LotteryAdminDraws>(A.draws, {
        query: { gameCode, bets, pageNo, pageSize: 20 },
        signal,
      }),
    refetchInterval: 10_000,
  });

export const liabilityQuery = (drawId: number) =>
  queryOptions({
    queryKey: [...lotteryKeys.admin, 'liability', drawId] as const,
    queryFn: ({ signal }) =>
      adminRequest<LotteryLiability>(
        { ...A.liability, path: pathOf(A.liability, { drawId }) },
        { signal },
      ),
  });

export const updateGame = (
  gameCode: string,
  body: Record<string, number | boolean | string | number[] | null>,
) => adminRequest({ ...A.updateGame, path: pathOf(A.updateGame, { gameCode }) }, { body });

export const updateBetType = (
  gameCode: string,
  betType: string,
  body: { rtpBps?: number; enabled?: boolean; oddsTiersE4?: number[] },
) =>
  adminRequest(
    { ...A.updateBetType, path: pathOf(A.updateBetType, { gameCode, betType }) },
    { body },
  );

export const voidDraw = (drawId: number, reason: string) =>
  adminRequest<{ drawId: number; refundedSlips: number; refundedMinor: number }>(
    { ...A.voidDraw, path: pathOf(A.voidDraw, { drawId }) },
    { body: { reason } },
  );

// ---- VN/SEA results: double entry --------------------------------------------------------

export type LotteryAwaiting = ResponseOf<(typeof LOTTERY_ADMIN_ROUTES)['awaitingResults']>;
export type LotteryEntries = ResponseOf<(typeof LOTTERY_ADMIN_ROUTES)['resultEntries']>;
export type LotteryEnterAnswer = ResponseOf<(typeof LOTTERY_ADMIN_ROUTES)['enterResults']>;

export const awaitingResultsQuery = () =>
  queryOptions({
    queryKey: [...lotteryKeys.admin, 'awaiting'] as const,
    queryFn: ({ signal }) => adminRequest<LotteryAwaiting>(A.awaitingResults, { signal }),
    refetchInterval: 10_000,
  });

export const resultEntriesQuery = (drawId: number) =>
  queryOptions({
    queryKey: [...lotteryKeys.admin, 'entries', drawId] as const,
    queryFn: ({ signal }) =>
      adminRequest<LotteryEntries>(
        { ...A.resultEntries, path: pathOf(A.resultEntries, { drawId }) },
        { signal },
      ),
  });

export const enterResults = (drawId: number, sheet: Array<{ prize: string; values: string[] }>) =>
  adminRequest<LotteryEnterAnswer>(
    { ...A.enterResults, path: pathOf(A.enterResults, { drawId }) },
    { body: { sheet } },
  );

export const discardResults = (drawId: number) =>
  adminRequest<LotteryEnterAnswer>(
    { ...A.discardResults, path: pathOf(A.discardResults, { drawId }) },
    { body: {} },
  );

// ---- closed days (docs/lottery.md "Closed days") -----------------------------------------

export type LotteryClosedDays = ResponseOf<(typeof LOTTERY_ADMIN_ROUTES)['closedDays']>;
export type LotteryAddClosedDayAnswer = ResponseOf<(typeof LOTTERY_ADMIN_ROUTES)['addClosedDay']>;
export type LotteryRemoveClosedDayAnswer = ResponseOf<
  (typeof LOTTERY_ADMIN_ROUTES)['removeClosedDay']
>;

export const closedDaysQuery = (pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: [...lotteryKeys.admin, 'closed-days', pageNo, pageSize] as const,
    queryFn: ({ signal }) =>
      adminRequest<LotteryClosedDays>(A.closedDays, { query: { pageNo, pageSize }, signal }),
  });

export const addClosedDay = (body: LotteryAddClosedDay) =>
  adminRequest<LotteryAddClosedDayAnswer>(A.addClosedDay, { body });

export const removeClosedDay = (closedDayId: number) =>
  adminRequest<LotteryRemoveClosedDayAnswer>({
    ...A.removeClosedDay,
    path: pathOf(A.removeClosedDay, { closedDayId }),
  });
