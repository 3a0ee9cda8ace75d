/** The member's side of the support chat, one split chunk: the panel and the icon's badge. */
export { SupportChatHost } from './support-chat';
export { SupportBadge } from './support-badge';
