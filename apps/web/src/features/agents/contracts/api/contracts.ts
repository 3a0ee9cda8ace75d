import {
  AGENT_CONTRACT_ENDPOINTS as E,
  AGENT_CONTRACT_ROUTES as R,
  ENDPOINTS,
  pathOf,
  type Contract,
  type ContractKind,
  type ContractOffer,
} from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

/** Every contract query's key starts here: an answer or an offer refreshes them all. */
export const contractsQueryKey = ['member', 'agents', 'contracts'] as const;

export type ContractAnswer = { contract: Contract; endedContracts: Contract[] };

/** `GET /wps/agent/contracts`: contracts the agent gave (`given`) or received. */
export const contractsQueryOptions = (filter: {
  role: 'given' | 'received';
  kind?: ContractKind;
  downlineId?: number;
}) =>
  queryOptions({
    queryKey: [...contractsQueryKey, 'list', filter],
    queryFn: ({ signal }) =>
      apiRequest<{ list: Contract[] }>(E.list, {
        query: filter,
        schema: import.meta.env.DEV ? R.list.response : undefined,
        signal,
      }),
    staleTime: 10_000,
  });

/** `GET /wps/agent/contracts/pending`: offers waiting for the member's answer. */
export const pendingContractsQueryOptions = () =>
  queryOptions({
    queryKey: [...contractsQueryKey, 'pending'],
    queryFn: ({ signal }) => apiRequest<{ list: Contract[] }>(E.pending, { signal }),
  });

/** `GET /wps/member/info/funds/consolidated`: which kinds of offer wait (the popup's flags). */
export const consolidatedQueryOptions = () =>
  queryOptions({
    queryKey: [...contractsQueryKey, 'consolidated'],
    queryFn: ({ signal }) =>
      apiRequest<{
        dailysalreqtype: string | null;
        divtypereq: string | null;
        contracthoursalreqh: string | null;
        realtimesalreqtype: string | null;
      }>(ENDPOINTS.wallet.consolidatedFunds, { signal, ignoreSessionRejection: true }),
    staleTime: 60_000,
  });

/** `POST /wps/agent/contracts`: an offer to a direct downline. */
export function offerContract(offer: ContractOffer): Promise<Contract> {
  return apiRequest<Contract>(E.offer, { body: offer });
}

/** `POST /wps/agent/contracts/:id/withdraw`: take back an offer not yet answered. */
export function withdrawContract(id: number): Promise<Contract> {
  return apiRequest<Contract>({ method: 'POST', path: pathOf(E.withdraw, { id }) });
}

/**
 * The downline's answer through the original's relay call of the contract's kind (facts.md §1):
 * A accept, R reject, C terminate; `confirmEndDownline` after the warning that a lower rate
 * ends the member's own contracts above it.
 */
export function answerContract(
  contract: Contract,
  status: 'A' | 'R' | 'C',
  confirmEndDownline = false,
): Promise<ContractAnswer> {
  const common = { status, confirmEndDownline };
  switch (contract.kind) {
    case 'dividend':
      return apiRequest<ContractAnswer>(E.processDividend, {
        body: { productType: 'ALL', computationPeriod: contract.terms.period, ...common },
      });
    case 'daily':
      return apiRequest<ContractAnswer>(E.processDailySalary, {
        body: { id: contract.id, ...common },
      });
    case 'hourly':
      return apiRequest<ContractAnswer>(E.processHourlySalary, {
        body: { contractId: contract.id, ...common },
      });
    case 'realtime':
      return apiRequest<ContractAnswer>(E.processRealtimeSalary, {
        body: { contractId: contract.id, ...common },
      });
  }
}
