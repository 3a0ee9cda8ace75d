/**
 * Public API of the wallet feature. The header balance (members only), the wallet
 * (transferFund) and account record (transactionHistory) pages are split chunks; the pages
 * load with the wallet part of the catalogue.
 */
import { lazyArea } from '@/components/lazy-area';
import { createRetryableImport } from '@/lib/chunk-loader';
import { loadCataloguePart } from '@/i18n';

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
