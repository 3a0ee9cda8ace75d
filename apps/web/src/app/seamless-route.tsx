import { formatMoney } from '@banca/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import SeamlessPage from '@/features/games/components/seamless-page';
import { refreshBalances } from '@/features/wallet';
// The query itself (and its schema) only in this lazy chunk: the wallet's index stays light.
import { balancesQueryOptions } from '@/features/wallet/api/get-balances';
import { useLanguage } from '@/i18n';

/**
 * /seamless composed: the games feature's page with the wallet's balance in its bar, refreshed
 * while the game plays (the provider moves the money through /pam, not this app). Loaded as one
 * lazy chunk (routes.tsx): the wallet's API module brings the response schemas, which must stay
 * out of the first page's script.
 */
export default function SeamlessRoute() {
  const queryClient = useQueryClient();
  const refreshBalance = useCallback(() => void refreshBalances(queryClient), [queryClient]);
  return <SeamlessPage balance={<BalanceFigure />} refreshBalance={refreshBalance} />;
}

function BalanceFigure() {
  const language = useLanguage();
  const balances = useQuery(balancesQueryOptions());
  const data = balances.data;
  return data ? formatMoney(data.totalMinor, data.currency, language) : '—';
}
