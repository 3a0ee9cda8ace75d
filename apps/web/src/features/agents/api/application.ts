import { AGENT_ENDPOINTS, AGENT_ROUTES } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { agentsQueryKey } from './keys';

export type MyApplication = {
  isAgent: boolean;
  application: {
    id: number;
    status: 'pending' | 'approved' | 'rejected';
    message: string;
    contact: string;
    decisionNote: string | null;
    createdAt: string;
    decidedAt: string | null;
  } | null;
};

/** `GET /wps/agent/application`: the member's latest affiliate application. */
export const applicationQueryOptions = () =>
  queryOptions({
    queryKey: [...agentsQueryKey, 'application'],
    queryFn: ({ signal }) =>
      apiRequest<MyApplication>(AGENT_ENDPOINTS.application, {
        schema: import.meta.env.DEV ? AGENT_ROUTES.application.response : undefined,
        signal,
      }),
  });

/** `POST /wps/agent/application`: apply to become an agent. */
export function applyForAgent(input: { message: string; contact?: string }) {
  return apiRequest<NonNullable<MyApplication['application']>>(AGENT_ENDPOINTS.apply, {
    body: input,
  });
}
