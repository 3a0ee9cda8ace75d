import {
  ENDPOINTS,
  ROUTES,
  type AnnouncementExecution,
  type AnnouncementPage,
  type Language,
} from '@banca/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

/** The announcement popup's page of titles for an execution, in the player's language. */
export const announcementsQueryOptions = (
  language: Language,
  execution: AnnouncementExecution,
  pageNo: number,
) =>
  queryOptions({
    queryKey: ['content', 'announcements', language, execution, pageNo],
    queryFn: ({ signal }) =>
      apiRequest<AnnouncementPage>(ENDPOINTS.content.announcements, {
        query: { execution, platform: 'W', pageNo },
        // Contract check in development only (see RequestOptions.schema).
        schema: import.meta.env.DEV ? ROUTES.content.announcements.response : undefined,
        signal,
      }),
    placeholderData: keepPreviousData,
    // The server caches them for 30 s; the popup asks once per login state and language.
    staleTime: 60_000,
  });
