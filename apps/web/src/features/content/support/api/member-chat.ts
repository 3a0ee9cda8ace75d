import { ENDPOINTS, pathOf, ROUTES, type SupportChat, type SupportMessage } from '@banca/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest, gatewayHeaders } from '@/api/client';
import { supportChatQueryKey, supportUnreadQueryKey } from './support-keys';

/**
 * The badge is kept current by the socket's SUPPORT events; it is read again after a minute only
 * in case the socket is away (a reconnect catches up anyway).
 */
const UNREAD_STALE_MS = 60_000;

/** `GET /wps/support/chat/unread`: the service icon's badge. */
export const supportUnreadQueryOptions = () =>
  queryOptions({
    queryKey: supportUnreadQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<{ unread: number }>(ENDPOINTS.support.unread, {
        // Inline, so the build folds it away and zod stays out of the header (client.ts).
        schema: import.meta.env.DEV ? ROUTES.support.unread.response : undefined,
        signal,
      }),
    staleTime: UNREAD_STALE_MS,
  });

/**
 * `GET /wps/support/chat`: the newest page first, then each page before the oldest message
 * shown (`beforeId`). A SUPPORT event or a reconnect reads them again.
 */
export const supportChatQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: supportChatQueryKey,
    queryFn: ({ signal, pageParam }) =>
      apiRequest<SupportChat>(ENDPOINTS.support.chat, {
        query: { beforeId: pageParam },
        schema: import.meta.env.DEV ? ROUTES.support.chat.response : undefined,
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.hasOlder ? page.messages[0]?.id : undefined),
  });

/**
 * `POST /wps/support/chat/messages`: text, a picture (base64, checked by the server's bytes
 * sniffing), or both. A picture may take a while on a phone's link.
 */
export function sendSupportMessage(body: string, image?: string): Promise<SupportMessage> {
  return apiRequest<SupportMessage>(ENDPOINTS.support.send, {
    body: image === undefined ? { body } : { body, image },
    timeoutMs: image === undefined ? undefined : 60_000,
  });
}

/** The picture of a line of the member's conversation (their session in Authorization), or null. */
export async function fetchSupportImage(id: number, signal?: AbortSignal): Promise<Blob | null> {
  const response = await fetch(pathOf(ENDPOINTS.support.image, { id }), {
    headers: gatewayHeaders(),
    signal,
  });
  return response.ok ? response.blob() : null;
}

/** `PUT /wps/support/chat/read`: answers the unread count after it. */
export function markSupportRead(upToId: number): Promise<{ unread: number }> {
  return apiRequest<{ unread: number }>(ENDPOINTS.support.read, { body: { upToId } });
}
