import type { QueryClient } from '@tanstack/react-query';

/** The tickets queries' keys, zod-free: the first page's live updates refresh them. */
export const ticketsQueryKey = ['rewards', 'tickets'] as const;
export const drawsQueryKey = ['rewards', 'tickets', 'draws'] as const;

/** After a TICKET push: the reward centre's tickets read again (the draws' key lies under it). */
export function refreshTickets(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ticketsQueryKey, exact: true });
}
