import { UsersIcon } from '@/components/icons';
import { loadCataloguePart } from '@/i18n';
import { defineDesk } from '@/lib/admin-desks';

/**
 * The referrals desk (docs/missions.md "Console"): each brand's invite-a-friend rules. Roles
 * mirror the server's (modules/rewards/referral/routes.ts). Texts from the rewards part.
 */
export const adminDesks = [
  defineDesk({
    id: 'referral',
    title: 'referral',
    roles: ['owner', 'content', 'finance', 'risk', 'support'],
    icon: UsersIcon,
    order: 53,
    load: () =>
      Promise.all([import('./admin/referral-desk'), loadCataloguePart('rewards')]).then(
        ([desk]) => desk,
      ),
  }),
];
