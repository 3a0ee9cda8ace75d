import { ENDPOINTS, ROUTES, type Balances } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

/**
 * Under the member key (['member']): logging out or in drops the wallet with the rest of the
 * member's data. Balances carry no translated text, so the language is not part of the keys.
 */
export const walletQueryKey = ['member', 'wallet'] as const;
export const balancesQueryKey = [...walletQueryKey, 'balances'] as const;

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
