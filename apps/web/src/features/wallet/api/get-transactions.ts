import {
  ENDPOINTS,
  ROUTES,
  type ResponseOf,
  type Transaction,
  type TRANSACTION_TYPES,
} from '@banca/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { walletQueryKey } from './get-balances';

export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export type TransactionsPage = ResponseOf<typeof ROUTES.wallet.transactions>;
export type { Transaction };

/** Rows per page of the account record (the server allows up to RECORD_PAGE_SIZE_MAX). */
export const RECORD_PAGE_SIZE = 20;

/** What the account record is filtered by; the CSV export takes the same minus the page. */
export type TransactionsFilter = {
  type: TransactionType | null;
  /** ISO 8601 instants with offset (see lib/date-range.ts). */
  from: string;
  to: string;
};

export const transactionsQueryKey = [...walletQueryKey, 'transactions'] as const;

/** The filter as query parameters: no `type` means every type. */
export function filterParams(filter: TransactionsFilter) {
  return { type: filter.type ?? undefined, from: filter.from, to: filter.to };
}

/**
 * `GET /wps/wallet/transactions`: one page of the account record, newest first. The previous
 * page stays on screen while the next one loads, so paging does not flash a skeleton.
 */
export const transactionsQueryOptions = (filter: TransactionsFilter, pageNo: number) =>
  queryOptions({
    queryKey: [...transactionsQueryKey, filter, pageNo],
    queryFn: ({ signal }) =>
      apiRequest<TransactionsPage>(ENDPOINTS.wallet.transactions, {
        query: { ...filterParams(filter), pageNo, pageSize: RECORD_PAGE_SIZE },
        schema: import.meta.env.DEV ? ROUTES.wallet.transactions.response : undefined,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
