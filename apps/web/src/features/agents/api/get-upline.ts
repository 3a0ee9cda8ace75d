import { AGENT_ENDPOINTS, AGENT_ROUTES, type UplineInfo } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { agentsQueryKey } from './keys';

/** `GET /wps/agent/upline`: the member's upline, balance and transfer limits. */
export const uplineQueryOptions = () =>
  queryOptions({
    queryKey: [...agentsQueryKey, 'upline'],
    queryFn: ({ signal }) =>
      apiRequest<UplineInfo>(AGENT_ENDPOINTS.upline, {
        schema: import.meta.env.DEV ? AGENT_ROUTES.upline.response : undefined,
        signal,
      }),
  });
