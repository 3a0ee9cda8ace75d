import { DocumentIcon, KeyIcon, MailIcon, UsersIcon } from '@/components/icons';
import { defineDesk } from '@/lib/admin-desks';

/**
 * The console's own desks (docs/admin-console.md): found by app/admin-desks.ts like every
 * feature's. Roles mirror the server routes' (modules/admin and modules/backoffice).
 */
export const adminDesks = [
  defineDesk({
    id: 'members',
    title: 'members',
    roles: ['owner', 'support', 'finance', 'risk'],
    icon: UsersIcon,
    order: 10,
    load: () => import('./components/desks/members-desk'),
  }),
  defineDesk({
    id: 'outbox',
    title: 'outbox',
    roles: ['owner', 'support'],
    icon: MailIcon,
    order: 80,
    load: () => import('./components/desks/outbox-desk'),
  }),
  defineDesk({
    id: 'audit',
    title: 'audit',
    roles: ['owner', 'risk'],
    icon: DocumentIcon,
    order: 90,
    load: () => import('./components/desks/audit-desk'),
  }),
  defineDesk({
    id: 'operators',
    title: 'operators',
    roles: ['owner'],
    icon: KeyIcon,
    order: 95,
    load: () => import('./components/desks/operators-desk'),
  }),
];
