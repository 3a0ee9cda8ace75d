import type { MessagesCatalogue } from '../catalogue';

/** English, the inbox part: same keys as the pt-BR part. */
export const enMessages: MessagesCatalogue = {
  inbox: {
    title: 'Messages',
    subtitle: 'Notes about your deposits and withdrawals.',
    filterLabel: 'Show',
    all: 'All',
    unreadOnly: 'Unread',
    unreadCount_one: '{{count}} unread',
    unreadCount_other: '{{count}} unread',
    unreadNone: 'None unread',
    markAllRead: 'Mark page as read',
    markRead: 'Mark as read',
    markUnread: 'Mark as unread',
    delete: 'Delete',
    deleted: 'Message deleted.',
    unreadMark: 'Unread',
    empty: 'No messages here',
    emptyHint: 'When a deposit or withdrawal changes, you get a note here.',
    emptyUnread: 'All read',
    emptyUnreadHint: 'You have no unread messages.',
    loadError: 'Your messages could not be loaded.',
    changeError: 'The message could not be updated. Try again.',
    pagination: 'Message pages',
    kinds: {
      deposit_credited: 'Deposit',
      deposit_failed: 'Deposit',
      withdrawal_approved: 'Withdrawal',
      withdrawal_rejected: 'Withdrawal',
    },
  },
};
