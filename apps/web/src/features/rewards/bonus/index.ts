/**
 * Public API of the bonus wallet's pages (docs/bonus.md): bonus details and the reward centre
 * (member centre bonusDetails, rewardCenter), each a split chunk.
 */
import { lazyArea } from '@/components/lazy-area';
import { loadCataloguePart } from '@/i18n';
import type { BonusPageProps } from './bonus-pages';

// Each page's texts are the `rewards` catalogue part, fetched with its code.
export const BonusDetailsArea = lazyArea<BonusPageProps>('Promotions', () =>
  Promise.all([import('./bonus-details-area'), loadCataloguePart('rewards')]).then(([m]) => m),
);
export const RewardCenterArea = lazyArea<BonusPageProps>('Promotions', () =>
  Promise.all([import('./reward-center-area'), loadCataloguePart('rewards')]).then(([m]) => m),
);
