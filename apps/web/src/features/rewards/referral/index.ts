/** Public API of the invite-a-friend page (member centre referral, docs/missions.md), a split chunk. */
import { lazyArea } from '@/components/lazy-area';
import { loadCataloguePart } from '@/i18n';
import type { ReferralPageProps } from './referral-page';

export const ReferralArea = lazyArea<ReferralPageProps>('Promotions', () =>
  Promise.all([import('./referral-page'), loadCataloguePart('rewards')]).then(([page]) => page),
);
