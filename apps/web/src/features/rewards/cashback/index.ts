/** Public API of the cashback pages: manual rebate (member centre manualRebate), a split chunk. */
import { lazyArea } from '@/components/lazy-area';
import { loadCataloguePart } from '@/i18n';
import type { ManualRebatePageProps } from './manual-rebate-page';

// The page's texts are the `rewards` catalogue part, fetched with its code.
export const ManualRebateArea = lazyArea<ManualRebatePageProps>('Promotions', () =>
  Promise.all([import('./manual-rebate-page'), loadCataloguePart('rewards')]).then(([m]) => m),
);
