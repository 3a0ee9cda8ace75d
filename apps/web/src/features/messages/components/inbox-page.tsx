import type { MemberMessage, MessageKind } from '@banca/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { CheckCircleIcon, MailIcon, WalletInIcon, WalletOutIcon } from '@/components/icons';
import { Pagination } from '@/components/pagination';
import { Skeleton } from '@/components/skeleton';
import { Tabs } from '@/components/tabs';
import { useLanguage } from '@/i18n';
import { toast } from '@/stores/toast-store';
import { deleteMessages, setMessagesRead } from '../api/change-messages';
import { messagesQueryOptions, type InboxFilter } from '../api/get-messages';
import { messageListQueryKey, unreadCountQueryKey } from '../api/message-keys';
import styles from './inbox-page.module.css';

/** Whole timestamps in the member's language ("24/11/2026, 10:32"). */
function formatWhen(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/**
 * The inbox (member centre messageV2, docs/product.md §3 "Message types"): the platform's notes
 * about the member's deposits and withdrawals, newest first, ten a page; all or unread only;
 * opening an unread one marks it read; each can be marked unread again or deleted. The badge in
 * the header follows every change (the server answers the new unread count).
 */
export default function InboxPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<InboxFilter>('all');
  const [pageNo, setPageNo] = useState(1);
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());
  const topRef = useRef<HTMLDivElement>(null);
  const messages = useQuery(messagesQueryOptions(filter, pageNo, language));
  const page = messages.data;

  async function change(ids: number[], action: () => Promise<{ unread: number }>, done?: string) {
    setBusyIds((was) => new Set([...was, ...ids]));
    try {
      const { unread } = await action();
      queryClient.setQueryData(unreadCountQueryKey, { unread });
      await queryClient.invalidateQueries({ queryKey: messageListQueryKey });
      if (done) toast.success(done);
    } catch {
      toast.error(t('inbox.changeError'));
    } finally {
      setBusyIds((was) => new Set([...was].filter((id) => !ids.includes(id))));
    }
  }
  const markRead = (ids: number[], read: boolean) => change(ids, () => setMessagesRead(ids, read));
  const remove = (id: number) => change([id], () => deleteMessages([id]), t('inbox.deleted'));

  // A page emptied by deletes or reads (in the unread view) falls back to the last one left.
  if (page && page.list.length === 0 && page.pageNo > 1 && page.totalPages < page.pageNo)
    setPageNo(Math.max(1, page.totalPages));

  let body;
  if (messages.isError && !page) {
    body = (
      <div className={styles.state} role="alert">
        <p>{t('inbox.loadError')}</p>
        <Button variant="secondary" onClick={() => void messages.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (!page) {
    body = (
      <div className={styles.list} aria-busy="true" data-testid="inbox-loading">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} height={92} radius={12} />
        ))}
      </div>
    );
  } else if (page.list.length === 0) {
    body = (
      <div data-testid="inbox-empty">
        {filter === 'unread' ? (
          <EmptyState icon={<CheckCircleIcon />} title={t('inbox.emptyUnread')}>
            {t('inbox.emptyUnreadHint')}
          </EmptyState>
        ) : (
          <EmptyState icon={<MailIcon />} title={t('inbox.empty')}>
            {t('inbox.emptyHint')}
          </EmptyState>
        )}
      </div>
    );
  } else {
    body = (
      <>
        <ul
          className={`${styles.list}${messages.isPlaceholderData ? ' is-stale' : ''}`}
          aria-busy={messages.isFetching}
          data-testid="inbox-list"
        >
          {page.list.map((message) => (
            <MessageRow
              key={message.id}
              message={message}
              language={language}
              busy={busyIds.has(message.id)}
              onOpen={() => {
                if (!message.read) void markRead([message.id], true);
              }}
              onToggleRead={() => void markRead([message.id], !message.read)}
              onDelete={() => void remove(message.id)}
            />
          ))}
        </ul>
        <Pagination
          className={styles.pagination}
          page={page.pageNo}
          totalPages={page.totalPages}
          onChange={(next) => {
            setPageNo(next);
            topRef.current?.scrollIntoView({ block: 'nearest' });
          }}
          label={t('inbox.pagination')}
          showStatus
        />
      </>
    );
  }

  const unreadOnPage = page?.list.filter((message) => !message.read).map((m) => m.id) ?? [];
  return (
    <div className={styles.page} data-testid="inbox-page" ref={topRef}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{t('inbox.title')}</h1>
          <p className={styles.subtitle}>{t('inbox.subtitle')}</p>
        </div>
        {page ? (
          <span
            className={styles.count}
            data-unread={page.unread > 0 || undefined}
            data-testid="inbox-unread"
          >
            {page.unread > 0
              ? t('inbox.unreadCount', { count: page.unread })
              : t('inbox.unreadNone')}
          </span>
        ) : null}
      </header>
      <section className={`card ${styles.card}`}>
        <div className={styles.toolbar}>
          <Tabs
            items={[
              { key: 'all', label: t('inbox.all') },
              { key: 'unread', label: t('inbox.unreadOnly') },
            ]}
            selected={filter}
            onSelect={(next) => {
              setFilter(next);
              setPageNo(1);
            }}
            label={t('inbox.filterLabel')}
            testIdPrefix="inbox-filter"
          />
          <Button
            variant="ghost"
            size="sm"
            disabled={unreadOnPage.length === 0}
            onClick={() => void markRead(unreadOnPage, true)}
            data-testid="inbox-read-page"
          >
            <CheckCircleIcon width={18} height={18} />
            {t('inbox.markAllRead')}
          </Button>
        </div>
        {body}
      </section>
    </div>
  );
}

/** Kinds whose money came into the member's main wallet (the rest left it, or never arrived). */
const MONEY_IN = new Set<MessageKind>([
  'deposit_credited',
  'deposit_failed',
  'cashback_credited',
  'rebate_credited',
  'bonus_converted',
]);

function MessageRow({
  message,
  language,
  busy,
  onOpen,
  onToggleRead,
  onDelete,
}: {
  message: MemberMessage;
  language: string;
  busy: boolean;
  onOpen: () => void;
  onToggleRead: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const money = MONEY_IN.has(message.kind) ? 'in' : 'out';
  const failed = message.kind === 'deposit_failed' || message.kind === 'withdrawal_rejected';
  return (
    <li
      className={styles.row}
      data-read={message.read || undefined}
      data-testid="inbox-message"
      data-message-id={message.id}
      data-state={message.read ? 'read' : 'unread'}
    >
      <span className={styles.icon} data-tone={failed ? 'failed' : money} aria-hidden="true">
        {money === 'in' ? <WalletInIcon /> : <WalletOutIcon />}
      </span>
      <button
        type="button"
        className={styles.body}
        onClick={onOpen}
        aria-label={message.read ? undefined : `${t('inbox.unreadMark')}: ${message.title}`}
        data-testid="inbox-message-open"
      >
        <span className={styles.meta}>
          <span className={styles.kind}>{t(`inbox.kinds.${message.kind}`)}</span>
          <time dateTime={message.createdAt}>{formatWhen(message.createdAt, language)}</time>
          {message.read ? null : (
            <span className={styles.dot} aria-hidden="true" title={t('inbox.unreadMark')} />
          )}
        </span>
        <span className={styles.messageTitle}>{message.title}</span>
        <span className={styles.content}>{message.content}</span>
      </button>
      <span className={styles.actions}>
        <Button
          variant="ghost"
          size="sm"
          onClick={onToggleRead}
          disabled={busy}
          data-testid="inbox-toggle-read"
        >
          {message.read ? t('inbox.markUnread') : t('inbox.markRead')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className={styles.delete}
          onClick={onDelete}
          disabled={busy}
          data-testid="inbox-delete"
        >
          {t('inbox.delete')}
        </Button>
      </span>
    </li>
  );
}
