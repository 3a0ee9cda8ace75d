import { SUPPORT_MESSAGE_MAX_CHARS } from '@banca/contracts';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { useLanguage } from '@/i18n';
import styles from './chat.module.css';

export type ThreadMessage = {
  id: number;
  sender: 'member' | 'staff';
  body: string;
  createdAt: string;
  authorName?: string | null;
};

/** The remaining count shows once a message gets this close to the limit. */
const REMAINING_WARNING_CHARS = 100;

/**
 * A conversation's lines, oldest at the top, kept scrolled to the newest as lines arrive. The
 * member's chat and the console's desk both show it, each from its own side (`mine`).
 */
export function ChatThread({
  messages,
  mine,
  authorOf,
  older,
  after,
  testId,
}: {
  messages: readonly ThreadMessage[];
  mine: 'member' | 'staff';
  /** The name over a line: "you", "support", the operator's name… */
  authorOf: (message: ThreadMessage) => string;
  /** Earlier messages to load, when there are any. */
  older: { onLoad: () => void; loading: boolean } | null;
  /** Below the last line (the closed notice). */
  after?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const end = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [lastId]);
  const time = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });

  return (
    <div
      className={styles.thread}
      role="log"
      aria-label={t('support.chat.thread')}
      data-testid={testId}
    >
      {older ? (
        <Button variant="ghost" size="sm" onClick={older.onLoad} disabled={older.loading}>
          {t('support.chat.older')}
        </Button>
      ) : null}
      {messages.map((message) => (
        <div
          key={message.id}
          className={styles.line}
          data-mine={message.sender === mine}
          data-testid="chat-message"
          data-sender={message.sender}
        >
          <span className={styles.author}>
            {authorOf(message)} · {time.format(new Date(message.createdAt))}
          </span>
          <p className={styles.bubble}>{message.body}</p>
        </div>
      ))}
      {after}
      <div ref={end} />
    </div>
  );
}

/**
 * The box to write in: Enter sends, Shift+Enter adds a line; the text stays when sending fails
 * (the caller says why), and is cleared once sent.
 */
export function ChatComposer({
  onSend,
  placeholder,
  sendLabel,
  testId,
}: {
  onSend: (body: string) => Promise<unknown>;
  placeholder: string;
  sendLabel: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const remaining = SUPPORT_MESSAGE_MAX_CHARS - text.length;
  const blank = text.trim().length === 0;

  async function send() {
    if (blank || sending) return;
    setSending(true);
    try {
      await onSend(text.trim());
      setText('');
    } catch {
      // The caller showed why; the text stays to try again.
    } finally {
      setSending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <textarea
        className={styles.input}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        aria-label={placeholder}
        maxLength={SUPPORT_MESSAGE_MAX_CHARS}
        rows={2}
        data-testid={`${testId}-input`}
      />
      <div className={styles.composerBar}>
        <span className={styles.hint} aria-live="polite">
          {remaining <= REMAINING_WARNING_CHARS
            ? t('support.chat.remaining', { count: remaining })
            : t('support.chat.hint')}
        </span>
        <Button type="submit" size="sm" disabled={blank || sending} data-testid={`${testId}-send`}>
          {sendLabel}
        </Button>
      </div>
    </form>
  );
}
