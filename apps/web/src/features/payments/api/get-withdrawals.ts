import { ENDPOINTS, ROUTES, type ResponseOf, type WithdrawalRecordStatus } from '@banca/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { withdrawalsQueryKey } from './withdraw-keys';

export type WithdrawalPage = ResponseOf<typeof ROUTES.withdrawals.list>;
/** Withdrawal records per page. */
export const WITHDRAWAL_RECORDS_PAGE_SIZE = 10;

/** `GET /wps/payments/withdrawals`: the member's withdrawals, newest first. */
export const withdrawalsQueryOptions = (status: WithdrawalRecordStatus | null, pageNo: number) =>
  queryOptions({
    queryKey: [...withdrawalsQueryKey, status, pageNo],
    queryFn: ({ signal }) =>
      apiRequest<WithdrawalPage>(ENDPOINTS.withdrawals.list, {
        query: { status: status ?? undefined, pageNo, pageSize: WITHDRAWAL_RECORDS_PAGE_SIZE },
        schema: import.meta.env.DEV ? ROUTES.withdrawals.list.response : undefined,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
