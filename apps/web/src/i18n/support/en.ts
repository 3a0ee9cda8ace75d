import type { SupportCatalogue } from '../catalogue';

/** English, the support chat part. */
export const enSupport: SupportCatalogue = {
  support: {
    chat: {
      title: 'Support',
      subtitle: 'Our team answers here',
      close: 'Close the chat',
      empty: 'How can we help?',
      emptyHint:
        'Tell us about deposits, withdrawals, bonuses or games. The answer arrives here, even while you browse the site.',
      placeholder: 'Write your message…',
      hint: 'Enter sends · Shift+Enter adds a line',
      send: 'Send',
      remaining_one: '{{count}} character left',
      remaining_other: '{{count}} characters left',
      older: 'Show earlier messages',
      you: 'You',
      team: 'Support',
      closedNotice:
        'This conversation was closed. If you need anything, just write: it will reopen.',
      loadError: 'The conversation could not be loaded.',
      retry: 'Try again',
      unread_one: '{{count}} unread answer from support',
      unread_other: '{{count}} unread answers from support',
      thread: 'Conversation messages',
    },
    desk: {
      subtitle: 'Players’ conversations with the site’s support.',
      summary: '{{open}} open · {{unread}} with unread messages',
      status: 'Status',
      statuses: { open: 'Open', closed: 'Closed', all: 'All' },
      unreadOnly: 'Only with unread messages',
      search: 'Player',
      searchPlaceholder: 'Username starts with',
      columns: {
        member: 'Player',
        status: 'Status',
        unread: 'Unread',
        lastMessage: 'Last message',
        lastMessageAt: 'Updated',
        createdAt: 'Opened',
      },
      fromStaff: 'Team: {{text}}',
      conversationTitle: 'Conversation with {{username}}',
      memberRef: 'Player #{{id}} · {{brand}}',
      placeholder: 'Answer the player…',
      reply: 'Reply',
      closeConversation: 'Close conversation',
      closed: 'Conversation closed.',
      closedNotice: 'Conversation closed. It reopens when the player writes again.',
      staff: 'Team',
    },
  },
};
