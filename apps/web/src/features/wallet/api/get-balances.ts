import { ENDPOINTS, ROUTES, type Balances } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { balancesQueryKey } from './balance-keys';

export { balancesQueryKey, walletQueryKey } from './balance-keys';

/** A balance seen this recently is shown without asking again (the header and the wallet share it). */
const BALANCES_STALE_MS = 15_000;

/** `GET /wps/v2/wallets/balance`: the main wallet and each transfer-mode vendor wallet. */
export const balancesQueryOptions = () =>
  queryOptions({
    queryKey: balancesQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<Balances>(ENDPOINTS.wallet.balances, {
        // Inline, so the build folds it away and zod stays out of the home route (client.ts).
        schema: import.meta.env.DEV ? ROUTES.wallet.balances.response : undefined,
        signal,
      }),
    staleTime: BALANCES_STALE_MS,
  });
