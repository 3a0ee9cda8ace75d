import { SparklesIcon } from '@/components/icons';
import { loadCataloguePart } from '@/i18n';
import { defineDesk } from '@/lib/admin-desks';

/**
 * The Lottery desk (docs/lottery.md "Console"): games, schedules, odds, limits, liability per
 * draw and voiding a draw. Roles mirror the server's (modules/lottery/admin-routes.ts): finance
 * reads, owner and risk change.
 */
export const adminDesks = [
  defineDesk({
    id: 'lottery',
    title: 'lottery',
    roles: ['owner', 'risk', 'finance'],
    icon: SparklesIcon,
    order: 66,
    load: () =>
      Promise.all([import('./components/admin/lottery-desk'), loadCataloguePart('lottery')]).then(
        ([module]) => module,
      ),
  }),
];
