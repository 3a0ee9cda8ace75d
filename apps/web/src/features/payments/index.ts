/**
 * Public API of the payments feature: the deposit page (member centre depositv2) as a split
 * chunk, loaded with the money texts (the wallet part of the catalogue).
 */
import { lazyArea } from '@/components/lazy-area';
import { loadCataloguePart } from '@/i18n';
import type { DepositPageProps } from './components/deposit-page';
import type { WithdrawPageProps } from './components/withdraw-page';

export const DepositArea = lazyArea<DepositPageProps>('Wallet', () =>
  Promise.all([import('./components/deposit-page'), loadCataloguePart('wallet')]).then(
    ([module]) => module,
  ),
);

/** The withdraw page (member centre withdraw): its own split chunk, with the same texts. */
export const WithdrawArea = lazyArea<WithdrawPageProps>('Wallet', () =>
  Promise.all([import('./components/withdraw-page'), loadCataloguePart('wallet')]).then(
    ([module]) => module,
  ),
);

/** The identity (CPF) section of the security centre: the same split chunk policy, the same texts. */
export const IdentityArea = lazyArea<Record<string, never>>('Wallet', () =>
  Promise.all([import('./components/identity-section'), loadCataloguePart('wallet')]).then(
    ([module]) => module,
  ),
);
