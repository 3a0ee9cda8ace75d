import {
  ENDPOINTS,
  pathOf,
  ROUTES,
  type Leaderboard,
  type MissionBadge,
  type MissionCard,
  type MissionList,
} from '@banca/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

const missionsKey = ['rewards', 'missions'] as const;

/**
 * `GET /wps/missions`: every mission with this period's progress. Read again every 15 s while
 * the page shows it: settled rounds move the bars.
 */
export const missionsQueryOptions = () =>
  queryOptions({
    queryKey: [...missionsKey, 'list'],
    queryFn: ({ signal }) =>
      apiRequest<MissionList>(ENDPOINTS.missions.list, {
        schema: import.meta.env.DEV ? ROUTES.missions.list.response : undefined,
        signal,
      }),
    staleTime: 5_000,
    refetchInterval: 15_000,
  });

/** `GET /wps/missions/badge`: the member menu's count, read each minute and on focus. */
export const missionBadgeQueryOptions = () =>
  queryOptions({
    queryKey: [...missionsKey, 'badge'],
    queryFn: ({ signal }) => apiRequest<MissionBadge>(ENDPOINTS.missions.badge, { signal }),
    staleTime: 10_000,
    refetchInterval: 60_000,
  });

export const leaderboardQueryOptions = (period: 'week' | 'month') =>
  queryOptions({
    queryKey: [...missionsKey, 'leaderboard', period],
    queryFn: ({ signal }) =>
      apiRequest<Leaderboard>(ENDPOINTS.missions.leaderboard, {
        query: { period },
        schema: import.meta.env.DEV ? ROUTES.missions.leaderboard.response : undefined,
        signal,
      }),
    staleTime: 30_000,
  });

/** `POST /wps/missions/:id/claim`: the reward of a completed mission. */
export function claimMission(id: number): Promise<MissionCard> {
  return apiRequest<MissionCard>(
    { ...ENDPOINTS.missions.claim, path: pathOf(ENDPOINTS.missions.claim, { id }) },
    { body: {} },
  );
}

/** After a claim: the list, the badge and the leaderboard move. */
export function refreshMissions(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: missionsKey });
}
