import {
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_CONTENT_MIN,
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_SENDER_MAX,
  FEEDBACK_TYPES,
  type Feedback,
  type FeedbackType,
} from '@banca/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { FormAlert, TextField } from '@/components/form-field';
import { AlertIcon, MailIcon } from '@/components/icons';
import { Pagination } from '@/components/pagination';
import { Skeleton } from '@/components/skeleton';
import { useLanguage } from '@/i18n';
import { useDataUrl } from '@/lib/use-data-url';
import { toast } from '@/stores/toast-store';
import {
  FEEDBACK_KEY,
  feedbackHistoryQueryOptions,
  fetchFeedbackImage,
  fileToBase64,
  sendFeedback,
} from '../api/feedback';
import { formatWhen } from '../lib/format';
import styles from './content.module.css';

const MAX_MB = FEEDBACK_IMAGE_MAX_BYTES / (1024 * 1024);

/**
 * Feedback and complaints (facts.md §1 `PUT /wps/feedback`): a subject, an optional name, the
 * message (20–1000 characters) and an optional image; below, the member's messages with their
 * status and the team's answer (which also reaches the inbox).
 */
export default function FeedbackPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-testid="feedback-page">
      <header className={styles.hero}>
        <span className={styles.heroIcon}>
          <MailIcon />
        </span>
        <div>
          <h1 className={styles.title}>{t('content.feedback.title')}</h1>
          <p className={styles.subtitle}>{t('content.feedback.subtitle')}</p>
        </div>
      </header>
      <div className={styles.columns}>
        <FeedbackForm />
        <FeedbackHistory />
      </div>
    </div>
  );
}

function FeedbackForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const contentId = useId();
  const [type, setType] = useState<FeedbackType>('deposit');
  const [sender, setSender] = useState('');
  const [content, setContent] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const length = [...content.trim()].length;

  const preview = useDataUrl(image);

  const send = useMutation({
    mutationFn: async () =>
      sendFeedback({
        type,
        content,
        ...(sender.trim() ? { sender: sender.trim() } : {}),
        ...(image ? { file: await fileToBase64(image) } : {}),
      }),
    onSuccess: () => {
      toast.success(t('content.feedback.sent'));
      setContent('');
      setImage(null);
      void queryClient.invalidateQueries({ queryKey: FEEDBACK_KEY });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (length < FEEDBACK_CONTENT_MIN || length > FEEDBACK_CONTENT_MAX) {
      setFieldError(
        t('content.feedback.contentLength', {
          min: FEEDBACK_CONTENT_MIN,
          max: FEEDBACK_CONTENT_MAX,
        }),
      );
      return;
    }
    setFieldError(null);
    send.mutate();
  };

  return (
    <form className={styles.card} onSubmit={submit} noValidate data-testid="feedback-form">
      <h2 className={styles.cardTitle}>{t('content.feedback.formTitle')}</h2>
      <fieldset className={styles.chips}>
        <legend className={styles.label}>{t('content.feedback.type')}</legend>
        {FEEDBACK_TYPES.map((key) => (
          <button
            key={key}
            type="button"
            className={styles.chip}
            aria-pressed={type === key}
            onClick={() => setType(key)}
            data-testid={`feedback-type-${key}`}
          >
            {t(`content.feedback.types.${key}`)}
          </button>
        ))}
      </fieldset>
      <TextField
        label={t('content.feedback.sender')}
        placeholder={t('content.feedback.senderPlaceholder')}
        value={sender}
        maxLength={FEEDBACK_SENDER_MAX}
        onChange={(event) => setSender(event.target.value)}
        data-testid="feedback-sender"
      />
      <div className={styles.field}>
        <label htmlFor={contentId} className={styles.label}>
          {t('content.feedback.content')}
        </label>
        <textarea
          id={contentId}
          className={styles.textarea}
          rows={6}
          value={content}
          placeholder={t('content.feedback.contentPlaceholder')}
          maxLength={FEEDBACK_CONTENT_MAX}
          aria-invalid={fieldError ? true : undefined}
          onChange={(event) => setContent(event.target.value)}
          data-testid="feedback-content"
        />
        <p
          className={fieldError ? styles.error : styles.muted}
          role={fieldError ? 'alert' : undefined}
        >
          {fieldError ??
            t('content.feedback.contentCount', {
              count: length,
              max: FEEDBACK_CONTENT_MAX,
              min: FEEDBACK_CONTENT_MIN,
            })}
        </p>
      </div>
      <div className={styles.field}>
        <span className={styles.label}>{t('content.feedback.image')}</span>
        <div className={styles.upload}>
          {preview ? (
            <img src={preview} alt={t('content.feedback.imageAlt')} className={styles.thumb} />
          ) : null}
          <label className={styles.fileButton}>
            <input
              type="file"
              accept="image/png,image/jpeg"
              className="visually-hidden"
              data-testid="feedback-image"
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                event.target.value = '';
                if (
                  file &&
                  (!['image/png', 'image/jpeg'].includes(file.type) ||
                    file.size > FEEDBACK_IMAGE_MAX_BYTES)
                ) {
                  setImageError(t('content.feedback.imageBadType', { maxMb: MAX_MB }));
                  return;
                }
                setImageError(null);
                setImage(file);
              }}
            />
            {t('content.feedback.chooseImage')}
          </label>
          {image ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => setImage(null)}>
              {t('content.feedback.removeImage')}
            </Button>
          ) : null}
        </div>
        <p
          className={imageError ? styles.error : styles.muted}
          role={imageError ? 'alert' : undefined}
        >
          {imageError ?? t('content.feedback.imageHint', { maxMb: MAX_MB })}
        </p>
      </div>
      {send.isError ? <FormAlert>{errorMessage(send.error, t)}</FormAlert> : null}
      <Button type="submit" busy={send.isPending} data-testid="feedback-send">
        {t('content.feedback.send')}
      </Button>
    </form>
  );
}

function FeedbackHistory() {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const history = useQuery(feedbackHistoryQueryOptions(pageNo));
  return (
    <section
      className={styles.card}
      aria-labelledby="feedback-history"
      data-testid="feedback-history"
    >
      <h2 id="feedback-history" className={styles.cardTitle}>
        {t('content.feedback.history')}
      </h2>
      {history.isPending ? <Skeleton height={160} radius={12} /> : null}
      {history.isError ? (
        <EmptyState icon={<AlertIcon />} title={errorMessage(history.error, t)} />
      ) : null}
      {history.data?.total === 0 ? (
        <EmptyState icon={<MailIcon />} title={t('content.feedback.empty')}>
          {t('content.feedback.emptyHint')}
        </EmptyState>
      ) : null}
      <ul className={styles.feedbackList}>
        {history.data?.list.map((item) => (
          <FeedbackItem key={item.id} item={item} />
        ))}
      </ul>
      {history.data ? (
        <Pagination
          page={history.data.pageNo}
          totalPages={history.data.totalPages}
          onChange={setPageNo}
          label={t('content.feedback.pages')}
          className={styles.pagination}
        />
      ) : null}
    </section>
  );
}

function FeedbackItem({ item }: { item: Feedback }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const image = useQuery({
    queryKey: [...FEEDBACK_KEY, 'image', item.id],
    queryFn: ({ signal }) => fetchFeedbackImage(item.id, signal),
    enabled: item.hasImage,
    staleTime: Infinity,
  });
  const imageUrl = useDataUrl(image.data);
  return (
    <li className={styles.feedbackItem} data-testid="feedback-item" data-status={item.status}>
      <div className={styles.itemHead}>
        <span className={styles.badge}>{t(`content.feedback.types.${item.type}`)}</span>
        <span className={styles.status} data-status={item.status}>
          {t(`content.feedback.statuses.${item.status}`)}
        </span>
        <span className={styles.muted}>
          {t('content.feedback.sentAt', { date: formatWhen(item.createdAt, language) })}
        </span>
      </div>
      <p className={styles.itemText}>{item.content}</p>
      {imageUrl ? (
        <img src={imageUrl} alt={t('content.feedback.imageAlt')} className={styles.thumb} />
      ) : null}
      {item.reply ? (
        <div className={styles.reply} data-testid="feedback-reply">
          <strong>{t('content.feedback.reply')}</strong>
          <p className={styles.itemText}>{item.reply}</p>
          {item.repliedAt ? (
            <span className={styles.muted}>
              {t('content.feedback.repliedAt', { date: formatWhen(item.repliedAt, language) })}
            </span>
          ) : null}
        </div>
      ) : item.status === 'closed' ? null : (
        <p className={styles.muted}>{t('content.feedback.waiting')}</p>
      )}
    </li>
  );
}
