import { formatMoney } from '@banca/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, type ComponentType, type ReactNode } from 'react';
import { balancesQueryOptions, refreshBalances } from '@/features/wallet';
import { useLanguage } from '@/i18n';

/**
 * /seamless composed: the games feature's page with the wallet's balance in its bar, refreshed
 * while the game plays (the provider moves the money through /pam, not this app).
 */
export function SeamlessRoute({
  area: Area,
}: {
  area: ComponentType<{ balance?: ReactNode; refreshBalance?: () => void }>;
}) {
  const queryClient = useQueryClient();
  const refreshBalance = useCallback(() => void refreshBalances(queryClient), [queryClient]);
  return <Area balance={<BalanceFigure />} refreshBalance={refreshBalance} />;
}

function BalanceFigure() {
  const language = useLanguage();
  const balances = useQuery(balancesQueryOptions());
  const data = balances.data;
  return data ? formatMoney(data.totalMinor, data.currency, language) : '—';
}
