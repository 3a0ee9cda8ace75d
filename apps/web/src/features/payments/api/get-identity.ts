import { ENDPOINTS, ROUTES, type IdentityStatus } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { withdrawQueryKey } from './withdraw-keys';

/** `GET /wps/payments/identity`: the member's verified CPF (masked) and the brand's profile. */
export const identityQueryOptions = () =>
  queryOptions({
    // Under the withdraw page's key: recording the CPF refreshes both.
    queryKey: [...withdrawQueryKey, 'identity'],
    queryFn: ({ signal }) =>
      apiRequest<IdentityStatus>(ENDPOINTS.withdrawals.identity, {
        schema: import.meta.env.DEV ? ROUTES.withdrawals.identity.response : undefined,
        signal,
      }),
    staleTime: 60_000,
  });
