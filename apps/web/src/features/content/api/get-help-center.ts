import { ENDPOINTS, ROUTES, type HelpTopic, type Language } from '@banca/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

/** Help topics of the brand in the player's language (footer, help dialog, /helpmc). */
export const helpCenterQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['content', 'helpCenter', language],
    queryFn: ({ signal }) =>
      apiRequest<HelpTopic[]>(ENDPOINTS.system.helpCenter, {
        query: { lang: language, device: 'WEB' },
        // Contract check in development only (see RequestOptions.schema).
        schema: import.meta.env.DEV ? ROUTES.system.helpCenter.response : undefined,
        signal,
      }),
    // A language switch keeps showing the previous list until the new one arrives.
    placeholderData: keepPreviousData,
    staleTime: 10 * 60_000,
  });
