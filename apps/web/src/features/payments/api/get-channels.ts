import { ENDPOINTS, ROUTES, type ResponseOf } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { paymentsQueryKey } from './keys';

export type DepositChannels = ResponseOf<typeof ROUTES.payments.channels>;

/** `GET /wps/payments/channels`: the brand's deposit channels; they change only when an operator edits them. */
export const channelsQueryOptions = () =>
  queryOptions({
    queryKey: [...paymentsQueryKey, 'channels'],
    queryFn: ({ signal }) =>
      apiRequest<DepositChannels>(ENDPOINTS.payments.channels, {
        schema: import.meta.env.DEV ? ROUTES.payments.channels.response : undefined,
        signal,
      }),
    staleTime: 5 * 60_000,
  });
