import { ENDPOINTS, ROUTES, type Language, type MessagePage } from '@banca/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { messageListQueryKey } from './message-keys';

/** Messages per page of the inbox (the server's default, MESSAGE_PAGE_SIZE). */
export const INBOX_PAGE_SIZE = 10;
export type InboxFilter = 'all' | 'unread';

/**
 * `GET /wps/member/messages`: one page, newest first. The server writes the texts in the
 * language asked for, so the language is part of the key. The page on screen stays while the
 * next loads.
 */
export const messagesQueryOptions = (filter: InboxFilter, pageNo: number, language: Language) =>
  queryOptions({
    queryKey: [...messageListQueryKey, filter, pageNo, language],
    queryFn: ({ signal }) =>
      apiRequest<MessagePage>(ENDPOINTS.messages.list, {
        query: { pageNo, pageSize: INBOX_PAGE_SIZE, status: filter },
        schema: import.meta.env.DEV ? ROUTES.messages.list.response : undefined,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
