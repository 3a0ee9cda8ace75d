import {
  ENDPOINTS,
  pathOf,
  ROUTES,
  type Leaderboard,
  type MissionBadge,
  type MissionCard,
  type MissionList,
} from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { missionsKey } from './keys';

export { refreshMissions } from './keys';

/**
 * `GET /wps/missions`: every mission with this period's progress. A mission that becomes
 * claimable is pushed (MISSION, app/live-updates.tsx), which reads it again at once; between
 * pushes the bars move by this slower poll (every 60 s while the page shows it).
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
    refetchInterval: 60_000,
  });

/**
 * `GET /wps/missions/badge`: the member menu's count, moved at once by the MISSION push; read
 * again every 5 minutes and on focus as a fallback (a socket that is down).
 */
export const missionBadgeQueryOptions = () =>
  queryOptions({
    queryKey: [...missionsKey, 'badge'],
    queryFn: ({ signal }) => apiRequest<MissionBadge>(ENDPOINTS.missions.badge, { signal }),
    staleTime: 10_000,
    refetchInterval: 300_000,
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
