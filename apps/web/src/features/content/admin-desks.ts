import { MegaphoneIcon } from '@/components/icons';
import { defineDesk } from '@/lib/admin-desks';
import { loadCataloguePart } from '@/i18n';

/**
 * The content module's desks of the operator console (docs/content.md "Console"). Roles mirror
 * the server's (modules/content/admin-routes.ts): everyone reads; owner and content edit;
 * support answers members' feedback.
 */
export const adminDesks = [
  defineDesk({
    id: 'content',
    title: 'content',
    roles: ['owner', 'content', 'support', 'risk', 'finance'],
    icon: MegaphoneIcon,
    order: 40,
    load: () =>
      Promise.all([import('./components/admin/content-desk'), loadCataloguePart('content')]).then(
        ([module]) => module,
      ),
  }),
];
