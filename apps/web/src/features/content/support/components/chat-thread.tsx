import { SUPPORT_IMAGE_MAX_BYTES, SUPPORT_MESSAGE_MAX_CHARS } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { CloseIcon, Icon, type IconProps } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { useLanguage } from '@/i18n';
import { useDataUrl } from '@/lib/use-data-url';
import styles from './chat.module.css';

export type ThreadMessage = {
  id: number;
  sender: 'member' | 'staff';
  body: string;
  hasImage: boolean;
  createdAt: string;
  authorName?: string | null;
};

/** Reads a line's picture from its side's address (the member's session, or the console's). */
export type ImageLoader = {
  /** The query key's beginning: the member's and the console's pictures are cached apart. */
  scope: readonly unknown[];
  load: (messageId: number, signal?: AbortSignal) => Promise<Blob | null>;
};

/** The types the server accepts (it checks the bytes; the browser's type only spares a trip). */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const IMAGE_MAX_MB = SUPPORT_IMAGE_MAX_BYTES / (1024 * 1024);

const PictureIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="M21 16l-5-5-9 9" />
  </Icon>
);

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
  images,
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
  images: ImageLoader;
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
          {message.hasImage ? <ChatImage messageId={message.id} images={images} /> : null}
          {message.body ? <p className={styles.bubble}>{message.body}</p> : null}
        </div>
      ))}
      {after}
      <div ref={end} />
    </div>
  );
}

/**
 * A line's picture as a thumbnail that opens full size. Read behind the session (never a public
 * address) and shown as a data: URL, which the page's CSP allows.
 */
function ChatImage({ messageId, images }: { messageId: number; images: ImageLoader }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const image = useQuery({
    queryKey: [...images.scope, 'image', messageId],
    queryFn: ({ signal }) => images.load(messageId, signal),
    staleTime: Infinity,
  });
  const url = useDataUrl(image.data);
  if (image.isPending || (image.data && !url)) return <Skeleton className={styles.imageSkeleton} />;
  if (!url)
    return (
      <p className={styles.imageMissing} data-testid="chat-image-missing">
        {t('support.chat.imageMissing')}
      </p>
    );
  return (
    <>
      <button
        type="button"
        className={styles.imageButton}
        onClick={() => setOpen(true)}
        aria-label={t('support.chat.imageOpen')}
        data-testid="chat-image"
      >
        <img src={url} alt="" className={styles.thumb} />
      </button>
      {open ? (
        <Dialog
          open
          onClose={() => setOpen(false)}
          title={t('support.chat.imageTitle')}
          size="lg"
          data-testid="chat-image-dialog"
        >
          <img
            src={url}
            alt={t('support.chat.imageTitle')}
            className={styles.fullImage}
            data-testid="chat-image-full"
          />
        </Dialog>
      ) : null}
    </>
  );
}

/**
 * The box to write in: Enter sends, Shift+Enter adds a line; a picture may go with the text (or
 * alone). The text and picture stay when sending fails (the caller says why), and are cleared
 * once sent.
 */
export function ChatComposer({
  onSend,
  placeholder,
  sendLabel,
  testId,
}: {
  /** `image` is the picture as base64 (no data: prefix), when one is attached. */
  onSend: (body: string, image?: string) => Promise<unknown>;
  placeholder: string;
  sendLabel: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const fileInput = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const preview = useDataUrl(file);
  const remaining = SUPPORT_MESSAGE_MAX_CHARS - text.length;
  const empty = text.trim().length === 0 && !file;

  async function send() {
    if (empty || sending) return;
    setSending(true);
    try {
      await onSend(text.trim(), file ? await fileToBase64(file) : undefined);
      setText('');
      setFile(null);
    } catch {
      // The caller showed why; the text and picture stay to try again.
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

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!picked) return;
    if (!IMAGE_TYPES.includes(picked.type) || picked.size > SUPPORT_IMAGE_MAX_BYTES) {
      setFileError(t('support.chat.imageBad', { maxMb: IMAGE_MAX_MB }));
      return;
    }
    setFileError(null);
    setFile(picked);
  }

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      {file ? (
        <div className={styles.attachment} data-testid={`${testId}-attachment`}>
          {preview ? <img src={preview} alt="" className={styles.attachmentThumb} /> : null}
          <span className={styles.attachmentName}>{file.name}</span>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('support.chat.imageRemove')}
            title={t('support.chat.imageRemove')}
            onClick={() => setFile(null)}
          >
            <CloseIcon />
          </button>
        </div>
      ) : null}
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
        <label
          className={styles.attach}
          htmlFor={fileInput}
          title={t('support.chat.imageAttach', { maxMb: IMAGE_MAX_MB })}
        >
          <PictureIcon />
          <span className="visually-hidden">
            {t('support.chat.imageAttach', { maxMb: IMAGE_MAX_MB })}
          </span>
          <input
            id={fileInput}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className="visually-hidden"
            onChange={onPick}
            data-testid={`${testId}-image`}
          />
        </label>
        <span
          className={fileError ? styles.hintError : styles.hint}
          role={fileError ? 'alert' : undefined}
          aria-live="polite"
        >
          {fileError ??
            (remaining <= REMAINING_WARNING_CHARS
              ? t('support.chat.remaining', { count: remaining })
              : t('support.chat.hint'))}
        </span>
        <Button type="submit" size="sm" disabled={empty || sending} data-testid={`${testId}-send`}>
          {sendLabel}
        </Button>
      </div>
    </form>
  );
}

/** A file as base64 without its `data:` prefix (the JSON body's `image`). */
function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
