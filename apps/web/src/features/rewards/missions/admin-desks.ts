import { SparklesIcon } from '@/components/icons';
import { loadCataloguePart } from '@/i18n';
import { defineDesk } from '@/lib/admin-desks';

/**
 * The missions desk (docs/missions.md "Console"): the editor of each brand's missions. Roles
 * mirror the server's (modules/rewards/missions/routes.ts): content and owners edit, every
 * role reads. Its texts are the rewards part's, loaded with the screen.
 */
export const adminDesks = [
  defineDesk({
    id: 'missions',
    title: 'missions',
    roles: ['owner', 'content', 'finance', 'risk', 'support'],
    icon: SparklesIcon,
    order: 52,
    load: () =>
      Promise.all([import('./admin/missions-desk'), loadCataloguePart('rewards')]).then(
        ([desk]) => desk,
      ),
  }),
];
