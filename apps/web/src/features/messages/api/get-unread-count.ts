import { ENDPOINTS, ROUTES, type UnreadCount } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { unreadCountQueryKey } from './message-keys';

/**
 * The badge is kept current by the socket's INBOX events; it is read again after a minute only
 * in case the socket is away (a reconnect catches up anyway).
 */
const UNREAD_STALE_MS = 60_000;

/** `GET /wps/member/messages/unreadCount`: the inbox badge. */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: unreadCountQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<UnreadCount>(ENDPOINTS.messages.unreadCount, {
        // Inline, so the build folds it away and zod stays out of the header (client.ts).
        schema: import.meta.env.DEV ? ROUTES.messages.unreadCount.response : undefined,
        signal,
      }),
    staleTime: UNREAD_STALE_MS,
  });
