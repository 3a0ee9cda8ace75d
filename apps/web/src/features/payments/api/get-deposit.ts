import { ENDPOINTS, pathOf, ROUTES, type Deposit } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { depositQueryKey } from './keys';

/**
 * How often an open deposit is asked about. The PSP's webhook usually credits within a second
 * or two of the payment; every 3 s keeps the wait short without loading the server (realtime
 * /ws pushes the DEPOSIT event when it is connected, and this stays as the fallback).
 */
export const DEPOSIT_POLL_MS = 3_000;

/** `GET /wps/payments/deposits/:id`, polled while the deposit is pending. */
export const depositQueryOptions = (id: number) =>
  queryOptions({
    queryKey: depositQueryKey(id),
    queryFn: ({ signal }) =>
      apiRequest<Deposit>(
        { ...ENDPOINTS.payments.deposit, path: pathOf(ENDPOINTS.payments.deposit, { id }) },
        {
          schema: import.meta.env.DEV ? ROUTES.payments.deposit.response : undefined,
          signal,
        },
      ),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? DEPOSIT_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
