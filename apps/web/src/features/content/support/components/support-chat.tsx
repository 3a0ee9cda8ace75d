import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { AlertIcon, CloseIcon, HeadsetIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { closeSupportChat, useSupportChatStore } from '@/stores/support-chat-store';
import { toast } from '@/stores/toast-store';
import {
  fetchSupportImage,
  markSupportRead,
  sendSupportMessage,
  supportChatQueryOptions,
} from '../api/member-chat';
import { supportChatQueryKey, supportQueryKey, supportUnreadQueryKey } from '../api/support-keys';
import styles from './chat.module.css';
import { ChatComposer, ChatThread, type ImageLoader, type ThreadMessage } from './chat-thread';

/** The member's pictures, cached under the member's key (dropped at logout). */
const MEMBER_IMAGES: ImageLoader = { scope: supportQueryKey, load: fetchSupportImage };

/**
 * The member's support chat (docs/support.md): a panel over the page (full screen on a phone)
 * while the store says open. Answers arrive by the socket's SUPPORT events, which read the chat
 * again (app/live-updates.tsx); what is on screen is marked read.
 */
export function SupportChatHost() {
  const open = useSupportChatStore((state) => state.open);
  return open ? <SupportChatPanel /> : null;
}

function SupportChatPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const chat = useInfiniteQuery(supportChatQueryOptions());
  const panel = useRef<HTMLElement>(null);
  // Pages come newest first; the thread reads oldest first.
  const pages = chat.data?.pages ?? [];
  const messages: ThreadMessage[] = [...pages].reverse().flatMap((page) => page.messages);
  const newest = pages[0];
  const lastId = messages.at(-1)?.id;

  useEffect(() => {
    panel.current?.querySelector('textarea')?.focus();
  }, []);

  // What the member sees is read: the badge drops to the server's count.
  const unread = newest?.unread ?? 0;
  useEffect(() => {
    if (unread === 0 || lastId === undefined) return;
    markSupportRead(lastId)
      .then((answer) => queryClient.setQueryData(supportUnreadQueryKey, answer))
      .catch(() => undefined);
  }, [unread, lastId, queryClient]);

  async function send(body: string, image?: string) {
    try {
      await sendSupportMessage(body, image);
    } catch (error) {
      toast.error(errorMessage(error, t));
      throw error;
    }
    await queryClient.invalidateQueries({ queryKey: supportChatQueryKey });
  }

  return (
    <section
      ref={panel}
      className={styles.panel}
      role="dialog"
      aria-modal="false"
      aria-labelledby="support-chat-title"
      data-testid="support-chat"
      onKeyDown={(event) => {
        if (event.key === 'Escape') closeSupportChat();
      }}
    >
      <header className={styles.panelHeader}>
        <span className={styles.panelIcon} aria-hidden="true">
          <HeadsetIcon />
        </span>
        <div className={styles.panelTitle}>
          <h2 id="support-chat-title">{t('support.chat.title')}</h2>
          <p>{t('support.chat.subtitle')}</p>
        </div>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('support.chat.close')}
          title={t('support.chat.close')}
          onClick={closeSupportChat}
          data-testid="support-chat-close"
        >
          <CloseIcon />
        </button>
      </header>
      {chat.isPending ? (
        <div className={styles.thread} aria-busy="true">
          <Skeleton className={styles.skeletonLine} />
          <Skeleton className={styles.skeletonLine} />
        </div>
      ) : chat.isError ? (
        <div className={styles.thread}>
          <EmptyState icon={<AlertIcon />} title={t('support.chat.loadError')} />
          <Button variant="secondary" onClick={() => void chat.refetch()}>
            {t('support.chat.retry')}
          </Button>
        </div>
      ) : messages.length === 0 ? (
        <div className={styles.thread}>
          <EmptyState icon={<HeadsetIcon />} title={t('support.chat.empty')}>
            {t('support.chat.emptyHint')}
          </EmptyState>
        </div>
      ) : (
        <ChatThread
          messages={messages}
          mine="member"
          authorOf={(message) =>
            message.sender === 'member' ? t('support.chat.you') : t('support.chat.team')
          }
          older={
            chat.hasNextPage
              ? { onLoad: () => void chat.fetchNextPage(), loading: chat.isFetchingNextPage }
              : null
          }
          after={
            newest?.status === 'closed' ? (
              <p className={styles.notice} data-testid="support-chat-closed">
                {t('support.chat.closedNotice')}
              </p>
            ) : null
          }
          images={MEMBER_IMAGES}
          testId="support-chat-thread"
        />
      )}
      <ChatComposer
        onSend={send}
        placeholder={t('support.chat.placeholder')}
        sendLabel={t('support.chat.send')}
        testId="support-chat"
      />
    </section>
  );
}
