import { WalletInIcon, WalletOutIcon } from '@/components/icons';
import { defineDesk } from '@/lib/admin-desks';

/** The cashier's deposits and withdrawals desks (docs/payments.md): found by the console, loaded when opened. */
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
];
