import {
  pathOf,
  SUPPORT_ADMIN_ENDPOINTS as DESK,
  SUPPORT_DESK_POLL_MS,
  type SupportConversation,
  type SupportConversationRow,
  type SupportDeskMessage,
  type SupportDeskTicket,
  type SupportSummary,
} from '@banca/contracts';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminRequest, fetchAdminImage } from '@/api/admin-client';
import type { TablePage } from '@/components/data-table';
import type { QueryValue } from '@/api/client';
import { supportDeskQueryKey } from './support-keys';

/**
 * The desk's list: new member lines are pushed over /ws (`support.desk`, support-desk.tsx reads
 * it again on each); a slow poll (SUPPORT_DESK_POLL_MS) catches what a dropped socket missed.
 */
export const deskConversationsQueryOptions = (params: Record<string, QueryValue>) =>
  queryOptions({
    queryKey: [...supportDeskQueryKey, 'list', params],
    queryFn: ({ signal }) =>
      adminRequest<TablePage<SupportConversationRow>>(DESK.conversations, {
        query: params,
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: SUPPORT_DESK_POLL_MS,
  });

export const deskSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [...supportDeskQueryKey, 'summary'],
    queryFn: ({ signal }) => adminRequest<SupportSummary>(DESK.summary, { signal }),
    refetchInterval: SUPPORT_DESK_POLL_MS,
  });

/**
 * One conversation: its newest messages, then each page before the oldest shown (`beforeId`),
 * all asked again like the list while it is open (each page after the first from the one read
 * just before it, so new messages leave no gap).
 */
export const deskConversationQueryOptions = (id: number) =>
  infiniteQueryOptions({
    queryKey: [...supportDeskQueryKey, 'conversation', id],
    queryFn: ({ signal, pageParam }) =>
      adminRequest<SupportConversation>(
        { method: 'GET', path: pathOf(DESK.conversation, { id }) },
        { query: { beforeId: pageParam }, signal },
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.hasOlder ? page.messages[0]?.id : undefined),
    refetchInterval: SUPPORT_DESK_POLL_MS,
  });

export function replyToConversation(
  id: number,
  body: string,
  image?: string,
): Promise<SupportDeskMessage> {
  return adminRequest<SupportDeskMessage>(
    { method: 'POST', path: pathOf(DESK.reply, { id }) },
    {
      body: image === undefined ? { body } : { body, image },
      timeoutMs: image === undefined ? undefined : 60_000,
    },
  );
}

/** The picture of a conversation's line (staff token and binding cookie), or null. */
export const fetchDeskImage = (messageId: number, signal?: AbortSignal) =>
  fetchAdminImage(pathOf(DESK.image, { id: messageId }), signal);

/**
 * A ticket for the `support.desk` topic. Kept until the server refuses it (expired): the desk
 * then asks for another. Not under supportDeskQueryKey, whose refreshes would ask each time.
 */
export const deskTicketQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'support-live-ticket'],
    queryFn: () => adminRequest<SupportDeskTicket>(DESK.liveTicket),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export function markConversationRead(id: number, upToId: number): Promise<SupportConversationRow> {
  return adminRequest<SupportConversationRow>(
    { method: 'POST', path: pathOf(DESK.read, { id }) },
    { body: { upToId } },
  );
}

export function closeConversation(id: number): Promise<SupportConversationRow> {
  return adminRequest<SupportConversationRow>({ method: 'POST', path: pathOf(DESK.close, { id }) });
}
