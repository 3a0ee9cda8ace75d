/**
 * Under the member key (['member']): logging out drops the inbox with the rest of the member's
 * data. A file of its own, free of schemas, so the realtime handler and the header badge use the
 * keys without bringing the API modules (and zod) into the first page's script.
 */
export const messagesQueryKey = ['member', 'messages'] as const;
export const unreadCountQueryKey = [...messagesQueryKey, 'unread'] as const;
export const messageListQueryKey = [...messagesQueryKey, 'list'] as const;
