/**
 * Public API of the wallet feature. The header balance (members only), the wallet
 * (transferFund) and account record (transactionHistory) pages are split chunks; the pages
 * load with the wallet part of the catalogue.
 */
import type { QueryClient } from '@tanstack/react-query';
import { lazyArea } from '@/components/lazy-area';
import { balancesQueryKey } from './api/balance-keys';
import { createRetryableImport } from '@/lib/chunk-loader';
import { loadCataloguePart } from '@/i18n';

/**
 * Asks for the balances again wherever they show (a game page while the player plays, and when
 * they leave it: the provider moved the money, not this app).
 */
export function refreshBalances(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: balancesQueryKey });
}

/** The header balance: only members see it (see useLazyModule). */
export const headerBalanceChunk = createRetryableImport(
  () => import('./components/header-balance'),
  'HeaderBalance',
);

const withWalletTexts =
  <M>(importer: () => Promise<M>) =>
  () =>
    Promise.all([importer(), loadCataloguePart('wallet')]).then(([module]) => module);

/** Member centre page transferFund ("wallet"). */
export const TransferFundArea = lazyArea(
  'Wallet',
  withWalletTexts(() => import('./components/transfer-fund-page')),
);

/** Member centre page transactionHistory ("account record"), in the brand's time zone. */
export const TransactionHistoryArea = lazyArea<{ timeZone: string }>(
  'Wallet',
  withWalletTexts(() => import('./components/transaction-history-page')),
);

/** Member centre page personalHistoryCopy ("betting record"), in the brand's time zone. */
export const BetHistoryArea = lazyArea<{ timeZone: string }>(
  'Wallet',
  withWalletTexts(() => import('./components/bet-history-page')),
);

/** Member centre page personalProfit ("profit and loss"), in the brand's time zone. */
export const ProfitArea = lazyArea<{ timeZone: string }>(
  'Wallet',
  withWalletTexts(() => import('./components/profit-page')),
);
