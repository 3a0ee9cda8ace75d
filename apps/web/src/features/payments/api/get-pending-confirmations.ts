import { ENDPOINTS, ROUTES, type ResponseOf } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { withdrawQueryKey } from './withdraw-keys';

export type PendingConfirmations = ResponseOf<typeof ROUTES.withdrawals.pendingConfirmations>;
/**
 * A payout lands while the page is open: the page asks again this often (the socket's
 * PAYMENT_CONFIRMATION refreshes the header; this keeps the page in step without it).
 */
const PENDING_REFETCH_MS = 15_000;

/** `GET /wps/payments/withdrawals/confirmations`: payouts waiting for the member's answer. */
export const pendingConfirmationsQueryOptions = () =>
  queryOptions({
    queryKey: [...withdrawQueryKey, 'confirmations'],
    queryFn: ({ signal }) =>
      apiRequest<PendingConfirmations>(ENDPOINTS.withdrawals.pendingConfirmations, {
        schema: import.meta.env.DEV ? ROUTES.withdrawals.pendingConfirmations.response : undefined,
        signal,
      }),
    refetchInterval: PENDING_REFETCH_MS,
  });
