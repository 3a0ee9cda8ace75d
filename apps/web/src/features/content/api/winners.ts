import {
  ENDPOINTS,
  type Language,
  type Winner,
  type WinnerPeriod,
  type WinnersView,
} from '@banca/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

/** The winners ranking or latest winners of a period (real rounds only), in the player's language. */
export const winnersPageQueryOptions = (
  language: Language,
  view: WinnersView,
  period: WinnerPeriod,
) =>
  queryOptions({
    queryKey: ['content', 'winners', language, view, period],
    queryFn: ({ signal }) =>
      apiRequest<Winner[]>(ENDPOINTS.content.winners, { query: { view, period }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
