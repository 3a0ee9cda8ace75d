import {
  AGENT_CONTRACT_ENDPOINTS as E,
  AGENT_CONTRACT_ROUTES as R,
  type ContractKind,
  type IncomeReport,
  type Settlement,
} from '@banca/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { periodParams, type PeriodFilter } from '../../api/keys';
import { contractsQueryKey } from './contracts';

export type SettlementPage = {
  list: Settlement[];
  pageNo: number;
  pageSize: number;
  totalPages: number;
  totalCount: number;
  currency: string;
  timeZone: string;
  receivedMinor: number;
  paidMinor: number;
};

/** `GET /wps/agent/settlements`: one kind's records, received and paid, a page at a time. */
export const settlementsQueryOptions = (filter: {
  kind: ContractKind;
  period: PeriodFilter;
  pageNo: number;
  pageSize: number;
}) =>
  queryOptions({
    queryKey: [...contractsQueryKey, 'settlements', filter],
    queryFn: ({ signal }) =>
      apiRequest<SettlementPage>(E.settlements, {
        query: {
          kind: filter.kind,
          pageNo: filter.pageNo,
          pageSize: filter.pageSize,
          ...periodParams(filter.period),
        },
        schema: import.meta.env.DEV ? R.settlements.response : undefined,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

/** `GET /wps/agent/income`: received and paid per kind and day ("my income"). */
export const incomeQueryOptions = (period: PeriodFilter) =>
  queryOptions({
    queryKey: [...contractsQueryKey, 'income', period],
    queryFn: ({ signal }) =>
      apiRequest<IncomeReport>(E.income, {
        query: periodParams(period),
        schema: import.meta.env.DEV ? R.income.response : undefined,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
