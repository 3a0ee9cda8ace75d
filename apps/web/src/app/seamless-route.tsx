import { formatMoney } from '@banca/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
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

/**
 * The money the game plays with: a transfer-mode vendor's own wallet (the player moved money
 * there on transferFund), otherwise the main wallet, which seamless vendors debit through /pam.
 */
function BalanceFigure() {
  const language = useLanguage();
  const [params] = useSearchParams();
  const balances = useQuery(balancesQueryOptions());
  const data = balances.data;
  if (!data) return '—';
  const vendorCode = params.get('vendorCode');
  const wallet = data.vendors.find((w) => vendorCode !== null && w.vendorCode === vendorCode);
  return formatMoney((wallet ?? data.main).balanceMinor, data.currency, language);
}
