import { ENDPOINTS, ROUTES, type Language, type NoticeResponse } from '@banca/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';

/**
 * The brand's banners, player notices, arrival popup and promotion titles in the player's
 * language (`GET /wps/notice`, execution B as the spec's notice call). Shared: the home
 * marquee and carousel and the header's notice dialog all read the same answer.
 */
export const noticesQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['content', 'notices', language],
    queryFn: ({ signal }) =>
      apiRequest<NoticeResponse>(ENDPOINTS.content.notices, {
        query: { execution: 'B' },
        // Contract check in development only (see RequestOptions.schema).
        schema: import.meta.env.DEV ? ROUTES.content.notices.response : undefined,
        signal,
      }),
    placeholderData: keepPreviousData,
    // The server caches them for 30 s; a minute here keeps page changes from refetching.
    staleTime: 60_000,
  });
