import { ToolIcon, WalletInIcon, WalletOutIcon } from '@/components/icons';
import { defineDesk } from '@/lib/admin-desks';

/** The cashier's deposits, withdrawals and settings desks (docs/payments.md): found by the console, loaded when opened. */
export const adminDesks = [
  defineDesk({
    id: 'deposits',
    title: 'deposits',
    roles: ['finance', 'owner'],
    icon: WalletInIcon,
    order: 20,
    load: () => import('./components/admin/deposits-desk'),
  }),
  defineDesk({
    id: 'withdrawals',
    title: 'withdrawals',
    roles: ['finance', 'owner'],
    icon: WalletOutIcon,
    order: 25,
    load: () => import('./components/admin/withdrawals-desk'),
  }),
  defineDesk({
    id: 'cashier-settings',
    title: 'cashierSettings',
    roles: ['finance', 'owner'],
    icon: ToolIcon,
    order: 27,
    load: () => import('./components/admin/cashier-settings-desk'),
  }),
];
