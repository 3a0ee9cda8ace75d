import { AGENT_ENDPOINTS, AGENT_ROUTES, type UserLossPage } from '@banca/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { TeamListQuery } from './get-team-bets';
import { agentsQueryKey, periodParams } from './keys';

/** `GET /wps/agent/user-loss`: each team member's result of a period, biggest loss first. */
export const userLossQueryOptions = (query: TeamListQuery) =>
  queryOptions({
    queryKey: [...agentsQueryKey, 'user-loss', query],
    queryFn: ({ signal }) =>
      apiRequest<UserLossPage>(AGENT_ENDPOINTS.userLoss, {
        query: {
          ...periodParams(query),
          username: query.username,
          pageNo: query.pageNo,
          pageSize: query.pageSize,
        },
        schema: import.meta.env.DEV ? AGENT_ROUTES.userLoss.response : undefined,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
