import { AGENT_ENDPOINTS, AGENT_ROUTES, type TeamBetsPage } from '@banca/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { agentsQueryKey, periodParams, type PeriodFilter } from './keys';

export type TeamListQuery = PeriodFilter & {
  username?: string | undefined;
  pageNo: number;
  pageSize: number;
};

/** `GET /wps/agent/team-bets`: the team's bet records of a period, newest first. */
export const teamBetsQueryOptions = (query: TeamListQuery) =>
  queryOptions({
    queryKey: [...agentsQueryKey, 'team-bets', query],
    queryFn: ({ signal }) =>
      apiRequest<TeamBetsPage>(AGENT_ENDPOINTS.teamBets, {
        query: {
          ...periodParams(query),
          username: query.username,
          pageNo: query.pageNo,
          pageSize: query.pageSize,
        },
        schema: import.meta.env.DEV ? AGENT_ROUTES.teamBets.response : undefined,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
