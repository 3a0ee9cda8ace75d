/**
 * Public API of reward tickets' pages (docs/rewards.md "Tickets"): the reward centre's tickets
 * area, a split chunk with the rewards catalogue part it reads.
 */
import { lazyArea } from '@/components/lazy-area';
import { loadCataloguePart } from '@/i18n';
import type { TicketsAreaProps } from './tickets-area';

export { refreshTickets } from './keys';

export const TicketsArea = lazyArea<TicketsAreaProps>('Promotions', () =>
  Promise.all([import('./tickets-area'), loadCataloguePart('rewards')]).then(([module]) => module),
);
