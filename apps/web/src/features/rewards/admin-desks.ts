import { CoinsBackIcon, CrownIcon, GiftIcon, SparklesIcon } from '@/components/icons';
import { defineDesk } from '@/lib/admin-desks';

/**
 * The promotions desk (docs/rewards.md "Console"): the editor with its preview in both
 * languages and the kill switch, the review queue of applications, the issued rewards report.
 * Roles mirror the server's (modules/rewards/routes.ts): content edits, finance and risk
 * decide, every role reads.
 */
export const adminDesks = [
  defineDesk({
    id: 'promotions',
    title: 'promotions',
    roles: ['owner', 'content', 'finance', 'risk', 'support'],
    icon: GiftIcon,
    order: 50,
    load: () => import('./components/admin/promotions-desk'),
  }),
  // Bonus & cashback settings (docs/bonus.md "Settings desk"): every role reads, owner and finance save.
  defineDesk({
    id: 'reward-settings',
    title: 'rewardSettings',
    roles: ['owner', 'content', 'finance', 'risk', 'support'],
    icon: CoinsBackIcon,
    order: 52,
    load: () => import('./components/admin/reward-settings-desk'),
  }),
  // Prize tickets (docs/rewards.md "Tickets"): tables per kind with their expected cost, draws report.
  defineDesk({
    id: 'tickets',
    title: 'tickets',
    roles: ['owner', 'content', 'finance', 'risk', 'support'],
    icon: SparklesIcon,
    order: 51,
    load: () => import('./tickets/admin/tickets-desk'),
  }),
  // VIP levels, points rules, mall goods and redeem fulfilment (docs/loyalty.md "Console").
  defineDesk({
    id: 'loyalty',
    title: 'loyalty',
    roles: ['owner', 'content', 'finance', 'risk', 'support'],
    icon: CrownIcon,
    order: 52,
    load: () => import('./points/admin/loyalty-desk'),
  }),
];
