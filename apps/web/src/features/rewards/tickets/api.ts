import {
  ENDPOINTS,
  pathOf,
  ROUTES,
  type TicketDrawResult,
  type TicketDraws,
  type TicketList,
} from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { drawsQueryKey, ticketsQueryKey } from './keys';

export { drawsQueryKey, ticketsQueryKey };

/** `GET /wps/rewards/tickets`: the member's unused tickets and the brand's prize tables. */
export const ticketsQueryOptions = () =>
  queryOptions({
    queryKey: ticketsQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<TicketList>(ENDPOINTS.tickets.list, {
        schema: import.meta.env.DEV ? ROUTES.tickets.list.response : undefined,
        signal,
      }),
    staleTime: 5_000,
    // Arrivals are pushed at once (TICKET over /ws, app/live-updates.tsx); this slow poll is
    // the fallback for a socket that was down.
    refetchInterval: 300_000,
  });

/** `GET /wps/rewards/tickets/draws`: the member's draws with their verification data. */
export const drawsQueryOptions = () =>
  queryOptions({
    queryKey: drawsQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<TicketDraws>(ENDPOINTS.tickets.draws, {
        schema: import.meta.env.DEV ? ROUTES.tickets.draws.response : undefined,
        signal,
      }),
    staleTime: 5_000,
  });

/** `POST /wps/rewards/tickets/:id/draw`: the server draws; the dialog animates to its result. */
export function drawTicket(id: number): Promise<TicketDrawResult> {
  return apiRequest<TicketDrawResult>(
    { ...ENDPOINTS.tickets.draw, path: pathOf(ENDPOINTS.tickets.draw, { id }) },
    { body: {} },
  );
}
