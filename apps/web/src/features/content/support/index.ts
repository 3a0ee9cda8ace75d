/**
 * Public API of the support chat (docs/support.md): the member's chat panel and the service
 * icon's badge are split chunks (with the support texts); the keys and cache updates below are
 * schema-free, for the realtime handler in src/app.
 */
import type { QueryClient } from '@tanstack/react-query';
import { loadCataloguePart } from '@/i18n';
import { createRetryableImport } from '@/lib/chunk-loader';
import { supportChatQueryKey, supportQueryKey, supportUnreadQueryKey } from './api/support-keys';

export { SupportTopicContext } from './lib/live-topic';

/** The chat panel (shown while the support chat store says open) and the icon's badge. */
export const supportChatChunk = createRetryableImport(
  () =>
    Promise.all([import('./components/member-chunk'), loadCataloguePart('support')]).then(
      ([module]) => module,
    ),
  'SupportChat',
);

/** An operator answered or closed (the socket's SUPPORT): the badge at once, the chat read again. */
export function applySupportEvent(queryClient: QueryClient, unread: number): Promise<void> {
  queryClient.setQueryData(supportUnreadQueryKey, { unread });
  return queryClient.invalidateQueries({ queryKey: supportChatQueryKey });
}

/** Reads the badge and the chat again (after the socket missed more than it could catch up). */
export function refreshSupportChat(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: supportQueryKey });
}
