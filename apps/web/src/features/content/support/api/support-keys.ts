/**
 * Under the member key (['member']): logging out drops the chat with the rest of the member's
 * data. Schema-free, so the realtime handler and the header badge use the keys without bringing
 * the API modules (and zod) into the first page's script.
 */
export const supportQueryKey = ['member', 'support'] as const;
export const supportUnreadQueryKey = [...supportQueryKey, 'unread'] as const;
export const supportChatQueryKey = [...supportQueryKey, 'chat'] as const;
/** The console's desk (under ['admin'], dropped with the staff session). */
export const supportDeskQueryKey = ['admin', 'support'] as const;
