import { ENDPOINTS, type UnreadCount } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/** `PUT /wps/member/messages/read`: read, or unread again; answers the new unread count. */
export function setMessagesRead(ids: number[], read: boolean): Promise<UnreadCount> {
  return apiRequest<UnreadCount>(ENDPOINTS.messages.setRead, { body: { ids, read } });
}

/** `DELETE /wps/member/messages`: answers the new unread count. */
export function deleteMessages(ids: number[]): Promise<UnreadCount> {
  return apiRequest<UnreadCount>(ENDPOINTS.messages.remove, { body: { ids } });
}
