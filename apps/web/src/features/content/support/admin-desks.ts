import { HeadsetIcon } from '@/components/icons';
import { loadCataloguePart } from '@/i18n';
import { defineDesk } from '@/lib/admin-desks';

/**
 * The support desk (docs/support.md): members' conversations of the built-in chat, answered
 * and closed here. Roles mirror the server's (content/support/routes.ts): support and owner.
 */
export const adminDesks = [
  defineDesk({
    id: 'support',
    title: 'support',
    roles: ['owner', 'support'],
    icon: HeadsetIcon,
    order: 15,
    load: () =>
      Promise.all([import('./components/admin/support-desk'), loadCataloguePart('support')]).then(
        ([module]) => module,
      ),
  }),
];
