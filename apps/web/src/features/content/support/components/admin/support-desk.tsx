import type { SupportConversationRow } from '@banca/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { DataTable, tableColumns } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { Skeleton } from '@/components/skeleton';
import { useLanguage } from '@/i18n';
import { useTableState } from '@/lib/use-table-state';
import { toast } from '@/stores/toast-store';
import {
  closeConversation,
  deskConversationQueryOptions,
  deskConversationsQueryOptions,
  deskSummaryQueryOptions,
  deskTicketQueryOptions,
  fetchDeskImage,
  markConversationRead,
  replyToConversation,
} from '../../api/desk';
import { supportDeskQueryKey } from '../../api/support-keys';
import { useSupportTopic } from '../../lib/live-topic';
import { ChatComposer, ChatThread, type ImageLoader } from '../chat-thread';
import styles from './support-desk.module.css';

const STATUSES = ['open', 'closed', 'all'] as const;
/** The console's pictures, cached under the desk's key (dropped with the staff session). */
const DESK_IMAGES: ImageLoader = { scope: supportDeskQueryKey, load: fetchDeskImage };
/** A refused ticket is replaced at most this often (a refusal loop would ask without end). */
const TICKET_RETRY_MS = 60_000;

/**
 * The desk live: follows `support.desk` on /ws with a ticket, and reads the list, the summary
 * and the open conversation again when a member writes (and after every reconnect). The lists'
 * slow poll stays as the fallback. Answers `data-live` for the page: on, or off.
 */
function useLiveDesk(): boolean {
  const queryClient = useQueryClient();
  const ticket = useQuery(deskTicketQueryOptions());
  const [live, setLive] = useState(false);
  const lastRenewal = useRef(0);
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: supportDeskQueryKey }),
    [queryClient],
  );
  const key = ticket.data?.ticket;
  useSupportTopic('support.desk', refresh, {
    enabled: key !== undefined,
    key,
    onSubscribed: () => {
      setLive(true);
      refresh();
    },
    onRefused: () => {
      setLive(false);
      // An expired ticket: ask for another (which follows the topic again with it).
      if (Date.now() - lastRenewal.current < TICKET_RETRY_MS) return;
      lastRenewal.current = Date.now();
      void ticket.refetch();
    },
  });
  return live && key !== undefined;
}

/**
 * The console's support desk (docs/support.md): members' conversations, those with unread
 * messages first to the eye (a badge), asked again every few seconds; a conversation opens to
 * answer or close it. Roles support and owner.
 */
export default function SupportDesk() {
  const { t } = useTranslation();
  const language = useLanguage();
  const table = useTableState({
    sort: 'lastMessageAt',
    order: 'desc',
    filters: ['status', 'unreadOnly', 'search'] as const,
  });
  const [openId, setOpenId] = useState<number | null>(null);
  const live = useLiveDesk();
  const page = useQuery(deskConversationsQueryOptions(table.params));
  const summary = useQuery(deskSummaryQueryOptions());
  const when = useMemo(
    () => new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }),
    [language],
  );

  const columns = useMemo(() => {
    const column = tableColumns<SupportConversationRow>();
    return [
      column.accessor('username', {
        header: t('support.desk.columns.member'),
        cell: (info) => (
          <span className={styles.member}>
            <strong>{info.getValue()}</strong>
            <small>{info.row.original.merchantCode}</small>
          </span>
        ),
      }),
      column.accessor('unread', {
        id: 'unread',
        header: t('support.desk.columns.unread'),
        enableSorting: true,
        cell: (info) =>
          info.getValue() > 0 ? (
            <span className={styles.unread} data-testid="desk-unread">
              {info.getValue()}
            </span>
          ) : (
            '—'
          ),
      }),
      column.accessor('lastMessage', {
        header: t('support.desk.columns.lastMessage'),
        cell: (info) => {
          const value = info.getValue();
          if (value === null) return '—';
          // A line that is only a picture says so.
          const text = info.row.original.lastHasImage
            ? [t('support.desk.picture'), value].filter(Boolean).join(' · ')
            : value;
          return (
            <span className={styles.preview}>
              {info.row.original.lastSender === 'staff'
                ? t('support.desk.fromStaff', { text })
                : text}
            </span>
          );
        },
      }),
      column.accessor('status', {
        header: t('support.desk.columns.status'),
        cell: (info) => (
          <span className={styles.status} data-status={info.getValue()}>
            {t(`support.desk.statuses.${info.getValue()}`)}
          </span>
        ),
      }),
      column.accessor('lastMessageAt', {
        id: 'lastMessageAt',
        header: t('support.desk.columns.lastMessageAt'),
        enableSorting: true,
        cell: (info) => {
          const value = info.getValue();
          return value ? when.format(new Date(value)) : '—';
        },
      }),
    ];
  }, [t, when]);

  return (
    <div className={styles.desk} data-testid="support-desk" data-live={live ? 'on' : 'off'}>
      <header className={styles.heading}>
        <h1>{t('admin.desks.support')}</h1>
        <p>{t('support.desk.subtitle')}</p>
        <p className={styles.live} data-live={live ? 'on' : 'off'} data-testid="support-live">
          <span className={styles.liveDot} aria-hidden="true" />
          {live ? t('support.desk.live') : t('support.desk.polling')}
        </p>
        {summary.data ? (
          <p className={styles.summary} data-testid="support-summary">
            {t('support.desk.summary', {
              open: summary.data.open,
              unread: summary.data.unreadConversations,
            })}
          </p>
        ) : null}
      </header>
      <DataTable
        label={t('admin.desks.support')}
        columns={columns}
        page={page.data}
        state={table}
        loading={page.isFetching && !page.data}
        error={page.error}
        getRowId={(row) => String(row.id)}
        onRowClick={(row) => setOpenId(row.id)}
        testId="support-table"
        filters={
          <div className={styles.filters}>
            <label className={styles.filter}>
              {t('support.desk.status')}
              <select
                value={table.filters.status ?? 'open'}
                onChange={(event) =>
                  table.setFilter('status', event.target.value === 'open' ? '' : event.target.value)
                }
              >
                {STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`support.desk.statuses.${status}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className={styles.filter}>
              {t('support.desk.search')}
              <input
                type="search"
                defaultValue={table.filters.search ?? ''}
                placeholder={t('support.desk.searchPlaceholder')}
                maxLength={64}
                onChange={(event) => table.setFilter('search', event.target.value.trim())}
              />
            </label>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={table.filters.unreadOnly === 'true'}
                onChange={(event) =>
                  table.setFilter('unreadOnly', event.target.checked ? 'true' : '')
                }
              />
              {t('support.desk.unreadOnly')}
            </label>
          </div>
        }
      />
      {openId !== null ? <ConversationDialog id={openId} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
}

/** One conversation: its messages (read as they show), the answer box and the close button. */
function ConversationDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const conversation = useInfiniteQuery(deskConversationQueryOptions(id));
  // Pages come newest first; the thread reads oldest first.
  const pages = conversation.data?.pages ?? [];
  const newest = pages[0];
  const messages = [...pages].reverse().flatMap((page) => page.messages);
  const lastId = messages.at(-1)?.id;
  const unread = newest?.conversation.unread ?? 0;
  const refresh = () => queryClient.invalidateQueries({ queryKey: supportDeskQueryKey });

  // What the operator sees is read: the list's badge and the summary drop with it.
  useEffect(() => {
    if (unread === 0 || lastId === undefined) return;
    markConversationRead(id, lastId)
      .then(() => queryClient.invalidateQueries({ queryKey: supportDeskQueryKey }))
      .catch(() => undefined);
  }, [id, unread, lastId, queryClient]);

  const close = useMutation({
    mutationFn: () => closeConversation(id),
    onSuccess: () => {
      toast.success(t('support.desk.closed'));
      void refresh();
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });

  async function reply(body: string, image?: string) {
    try {
      await replyToConversation(id, body, image);
    } catch (error) {
      toast.error(errorMessage(error, t));
      throw error;
    }
    await refresh();
  }

  const row = newest?.conversation;
  const closed = row?.status === 'closed';
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={t('support.desk.conversationTitle', { username: row?.username ?? '…' })}
      data-testid="support-conversation"
    >
      <div className={styles.conversation}>
        {row ? (
          <p className={styles.meta}>
            {t('support.desk.memberRef', { id: row.memberId, brand: row.merchantCode })}
          </p>
        ) : null}
        {row ? (
          <ChatThread
            messages={messages}
            mine="staff"
            authorOf={(message) =>
              message.sender === 'member'
                ? row.username
                : (message.authorName ?? t('support.desk.staff'))
            }
            older={
              conversation.hasNextPage
                ? {
                    onLoad: () => void conversation.fetchNextPage(),
                    loading: conversation.isFetchingNextPage,
                  }
                : null
            }
            after={
              closed ? (
                <p className={styles.notice} data-testid="support-conversation-closed">
                  {t('support.desk.closedNotice')}
                </p>
              ) : null
            }
            images={DESK_IMAGES}
            testId="support-conversation-thread"
          />
        ) : (
          <Skeleton height={240} />
        )}
        {closed ? null : (
          <>
            <ChatComposer
              onSend={reply}
              placeholder={t('support.desk.placeholder')}
              sendLabel={t('support.desk.reply')}
              testId="support-reply"
            />
            <Button
              variant="outline"
              size="sm"
              busy={close.isPending}
              onClick={() => close.mutate()}
              data-testid="support-close"
            >
              {t('support.desk.closeConversation')}
            </Button>
          </>
        )}
      </div>
    </Dialog>
  );
}
