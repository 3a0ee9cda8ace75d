import { GamepadIcon } from '@/components/icons';
import { defineDesk } from '@/lib/admin-desks';

/**
 * The Vendors desk (docs/pam.md "Configuration per brand"): integrations, /pam API keys and
 * transfers. Roles mirror the server's (modules/vendors/desk-routes.ts): finance sees the
 * transfers tab only.
 */
export const adminDesks = [
  defineDesk({
    id: 'vendors',
    title: 'vendors',
    roles: ['owner', 'support', 'risk', 'finance'],
    icon: GamepadIcon,
    order: 60,
    load: () => import('./components/admin/vendors-desk'),
  }),
];
