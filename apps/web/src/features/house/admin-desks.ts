import { DiceIcon } from '@/components/icons';
import { defineDesk } from '@/lib/admin-desks';

/**
 * The Originals desk (docs/house.md "Operator"): each house game's P&L and its kill switch.
 * Roles mirror the server's (modules/house/admin-routes.ts): finance reads, owner and risk
 * switch games off and on.
 */
export const adminDesks = [
  defineDesk({
    id: 'house',
    title: 'house',
    roles: ['owner', 'risk', 'finance'],
    icon: DiceIcon,
    order: 65,
    load: () => import('./components/admin/house-desk'),
  }),
];
