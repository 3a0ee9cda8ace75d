import { loadCataloguePart } from '@/i18n';
import { createRetryableImport } from '@/lib/chunk-loader';

/**
 * The contracts popup at login, with the agents' texts, as a chunk of its own: every member
 * page may show it, so it must not weigh on the first download (the main layout asks for it
 * once a member with the agent policy is signed in).
 */
export const contractsPopupChunk = createRetryableImport(
  () =>
    Promise.all([import('./components/contracts-popup'), loadCataloguePart('agents')]).then(
      ([module]) => module,
    ),
  'Agent',
);
