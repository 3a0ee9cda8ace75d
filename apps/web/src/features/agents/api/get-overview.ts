import { AGENT_ENDPOINTS, AGENT_ROUTES, type TeamOverview } from '@banca/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { agentsQueryKey, periodParams, type PeriodFilter } from './keys';

/** `GET /wps/agent/overview`: the team's figures of a period, with one entry per day. */
export const overviewQueryOptions = (filter: PeriodFilter) =>
  queryOptions({
    queryKey: [...agentsQueryKey, 'overview', filter],
    queryFn: ({ signal }) =>
      apiRequest<TeamOverview>(AGENT_ENDPOINTS.overview, {
        query: periodParams(filter),
        schema: import.meta.env.DEV ? AGENT_ROUTES.overview.response : undefined,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
