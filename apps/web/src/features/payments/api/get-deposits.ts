import { ENDPOINTS, ROUTES, type DepositStatus, type ResponseOf } from '@banca/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { depositsQueryKey } from './keys';

export type DepositPage = ResponseOf<typeof ROUTES.payments.deposits>;
/** Deposit records per page. */
export const DEPOSIT_RECORDS_PAGE_SIZE = 10;

/** `GET /wps/payments/deposits`: the member's deposit records, newest first. */
export const depositsQueryOptions = (status: DepositStatus | null, pageNo: number) =>
  queryOptions({
    queryKey: [...depositsQueryKey, status, pageNo],
    queryFn: ({ signal }) =>
      apiRequest<DepositPage>(ENDPOINTS.payments.deposits, {
        query: { status: status ?? undefined, pageNo, pageSize: DEPOSIT_RECORDS_PAGE_SIZE },
        schema: import.meta.env.DEV ? ROUTES.payments.deposits.response : undefined,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
