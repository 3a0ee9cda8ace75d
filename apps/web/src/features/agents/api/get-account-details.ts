import { AGENT_ENDPOINTS, AGENT_ROUTES, type AccountDetailsPage } from '@banca/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import type { TeamListQuery } from './get-team-bets';
import { agentsQueryKey, periodParams } from './keys';

export type AccountDetailKind = AccountDetailsPage['rows'][number]['kind'];

/** `GET /wps/agent/account-details`: the team's deposits, withdrawals and agent transfers. */
export const accountDetailsQueryOptions = (
  query: TeamListQuery & { kind?: AccountDetailKind | undefined },
) =>
  queryOptions({
    queryKey: [...agentsQueryKey, 'account-details', query],
    queryFn: ({ signal }) =>
      apiRequest<AccountDetailsPage>(AGENT_ENDPOINTS.accountDetails, {
        query: {
          ...periodParams(query),
          username: query.username,
          kind: query.kind,
          pageNo: query.pageNo,
          pageSize: query.pageSize,
        },
        schema: import.meta.env.DEV ? AGENT_ROUTES.accountDetails.response : undefined,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
