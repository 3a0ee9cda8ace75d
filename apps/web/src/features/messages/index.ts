/**
 * Public API of the messages feature: the inbox page (member centre messageV2) and the header's
 * inbox badge are split chunks; the keys and cache updates below are schema-free, for the
 * realtime handler in src/app.
 */
import type { QueryClient } from '@tanstack/react-query';
import { lazyArea } from '@/components/lazy-area';
import { loadCataloguePart } from '@/i18n';
import { createRetryableImport } from '@/lib/chunk-loader';
import { messagesQueryKey, messageListQueryKey, unreadCountQueryKey } from './api/message-keys';

const withMessagesTexts =
  <M>(importer: () => Promise<M>) =>
  () =>
    Promise.all([importer(), loadCataloguePart('messages')]).then(([module]) => module);

/** Member centre page messageV2: the inbox, with its texts. */
export const MessagesArea = lazyArea(
  'Messages',
  withMessagesTexts(() => import('./components/inbox-page')),
);

/** The header's inbox icon with the unread count (members, not trial). */
export const inboxBadgeChunk = createRetryableImport(
  () => import('./components/inbox-badge'),
  'InboxBadge',
);

/** A new message arrived (the socket's INBOX): the badge shows the server's count at once, and an open inbox reloads. */
export function applyInboxEvent(queryClient: QueryClient, unread: number): Promise<void> {
  queryClient.setQueryData(unreadCountQueryKey, { unread });
  return queryClient.invalidateQueries({ queryKey: messageListQueryKey });
}

/** Reads the badge and the inbox again (after the socket missed more than it could catch up). */
export function refreshInbox(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: messagesQueryKey });
}
