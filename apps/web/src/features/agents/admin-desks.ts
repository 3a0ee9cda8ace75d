import { CoinsBackIcon, UsersIcon } from '@/components/icons';
import { defineDesk } from '@/lib/admin-desks';
import { loadCataloguePart } from '@/i18n';

/**
 * The agents' desk of the operator console (docs/agents.md "Console"): the tree around a member
 * and the affiliate applications. Roles mirror the server's (modules/agents/admin-routes.ts).
 */
export const adminDesks = [
  defineDesk({
    id: 'agents',
    title: 'agents',
    roles: ['owner', 'risk', 'finance', 'support'],
    icon: UsersIcon,
    order: 70,
    load: () =>
      Promise.all([import('./components/admin/agents-desk'), loadCataloguePart('agents')]).then(
        ([module]) => module,
      ),
  }),
  // The contracts' desk (contracts/admin): agent contracts, platform contracts, settlement runs.
  defineDesk({
    id: 'agent-contracts',
    title: 'agentContracts',
    roles: ['owner', 'finance', 'risk', 'support'],
    icon: CoinsBackIcon,
    order: 71,
    load: () =>
      Promise.all([import('./contracts/admin/contracts-desk'), loadCataloguePart('agents')]).then(
        ([module]) => module,
      ),
  }),
];
