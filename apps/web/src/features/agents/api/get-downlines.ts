import { AGENT_ENDPOINTS, AGENT_ROUTES, type DownlinePage } from '@banca/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { agentsQueryKey, periodParams, type PeriodFilter } from './keys';

export type DownlineQuery = PeriodFilter & {
  parentId?: number | undefined;
  username?: string | undefined;
  pageNo: number;
  pageSize: number;
};

/** `GET /wps/agent/downlines`: one level of the team with each downline's figures. */
export const downlinesQueryOptions = (query: DownlineQuery) =>
  queryOptions({
    queryKey: [...agentsQueryKey, 'downlines', query],
    queryFn: ({ signal }) =>
      apiRequest<DownlinePage>(AGENT_ENDPOINTS.downlines, {
        query: {
          ...periodParams(query),
          parentId: query.parentId,
          username: query.username,
          pageNo: query.pageNo,
          pageSize: query.pageSize,
        },
        schema: import.meta.env.DEV ? AGENT_ROUTES.downlines.response : undefined,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
