import {
  FEEDBACK_REPLY_MAX,
  FEEDBACK_STATUSES,
  type AdminFeedback,
  type FeedbackStatus,
} from '@banca/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAdminImage } from '@/api/admin-client';
import { Button } from '@/components/button';
import { DataTable, tableColumns } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { useDataUrl } from '@/lib/use-data-url';
import { useTableState } from '@/lib/use-table-state';
import {
  ADMIN_CONTENT_KEY,
  feedbackImagePath,
  fetchFeedbackQueue,
  replyFeedback,
  setFeedbackStatus,
} from '../../api/admin-content';
import { formatWhen } from '../../lib/format';
import styles from './content-desk.module.css';
import { useContentMutation } from './use-content-mutation';

/** Members' feedback by status (waiting ones oldest first); a row opens it to answer or close. */
export function FeedbackTab({ canAnswer }: { canAnswer: boolean }) {
  const { t, i18n } = useTranslation();
  const table = useTableState({ prefix: 'f' });
  const [status, setStatus] = useState<FeedbackStatus | 'all'>('pending');
  const [open, setOpen] = useState<AdminFeedback | null>(null);
  const queue = useQuery({
    queryKey: [...ADMIN_CONTENT_KEY, 'feedback', status, table.page, table.pageSize],
    queryFn: ({ signal }) =>
      fetchFeedbackQueue(
        {
          ...(status === 'all' ? {} : { status }),
          pageNo: table.page,
          pageSize: table.pageSize,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => {
    const column = tableColumns<AdminFeedback>();
    return [
      column.accessor('id', { header: '#' }),
      column.accessor('username', { header: t('contentDesk.feedback.member') }),
      column.accessor('type', {
        header: t('contentDesk.feedback.type'),
        cell: (i) => t(`content.feedback.types.${i.getValue()}`),
      }),
      column.accessor('content', {
        header: t('contentDesk.feedback.content'),
        cell: (i) => <span className={styles.clip}>{i.getValue()}</span>,
      }),
      column.accessor('status', {
        header: t('contentDesk.feedback.status'),
        cell: (i) => t(`content.feedback.statuses.${i.getValue()}`),
      }),
      column.accessor('createdAt', {
        header: t('contentDesk.feedback.sentAt'),
        cell: (i) => formatWhen(i.getValue(), i18n.language),
      }),
    ];
  }, [t, i18n.language]);
  const page = queue.data;
  return (
    <>
      <DataTable
        columns={columns}
        page={
          page
            ? { rows: page.rows, page: page.pageNo, pageSize: page.pageSize, total: page.total }
            : undefined
        }
        state={table}
        loading={queue.isFetching}
        error={queue.error}
        label={t('contentDesk.tabs.feedback')}
        emptyText={t('contentDesk.feedback.empty')}
        getRowId={(row) => String(row.id)}
        onRowClick={setOpen}
        rowLabel={(row) => t('contentDesk.feedback.detail', { id: row.id })}
        testId="feedback-queue"
        filters={
          <div className={styles.chips} role="group" aria-label={t('contentDesk.feedback.status')}>
            {(['all', ...FEEDBACK_STATUSES] as const).map((key) => (
              <button
                key={key}
                type="button"
                className={styles.chip}
                aria-pressed={status === key}
                onClick={() => {
                  setStatus(key);
                  table.setPage(1);
                }}
              >
                {key === 'all'
                  ? t('contentDesk.feedback.all')
                  : t(`content.feedback.statuses.${key}`)}
              </button>
            ))}
          </div>
        }
      />
      {open ? (
        <FeedbackDetail feedback={open} canAnswer={canAnswer} onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
}

function FeedbackDetail({
  feedback,
  canAnswer,
  onClose,
}: {
  feedback: AdminFeedback;
  canAnswer: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [reply, setReply] = useState('');
  const image = useQuery({
    queryKey: [...ADMIN_CONTENT_KEY, 'feedback-image', feedback.id],
    queryFn: ({ signal }) => fetchAdminImage(feedbackImagePath(feedback.id), signal),
    enabled: feedback.hasImage,
    staleTime: Infinity,
  });
  const imageUrl = useDataUrl(image.data);
  const answer = useContentMutation(
    (text: string) => replyFeedback(feedback.id, text),
    'saved',
    onClose,
  );
  const change = useContentMutation(
    (next: 'in_progress' | 'closed') => setFeedbackStatus(feedback.id, next),
    'saved',
    onClose,
  );
  const waiting = feedback.status === 'pending' || feedback.status === 'in_progress';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reply.trim()) answer.mutate(reply.trim());
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('contentDesk.feedback.detail', { id: feedback.id })}
      size="wide"
      data-testid="feedback-detail"
    >
      <div className={styles.form}>
        <p className={styles.muted}>
          {feedback.username} · {feedback.sender} · {t(`content.feedback.types.${feedback.type}`)} ·{' '}
          {formatWhen(feedback.createdAt, i18n.language)} ·{' '}
          {t(`content.feedback.statuses.${feedback.status}`)}
        </p>
        <p className={styles.message}>{feedback.content}</p>
        {feedback.hasImage ? (
          imageUrl ? (
            <img
              src={imageUrl}
              alt=""
              className={styles.feedbackImage}
              data-testid="feedback-detail-image"
            />
          ) : null
        ) : (
          <p className={styles.muted}>{t('contentDesk.feedback.noImage')}</p>
        )}
        {feedback.reply ? <p className={styles.replyText}>{feedback.reply}</p> : null}
        {canAnswer && waiting ? (
          <form className={styles.form} onSubmit={submit}>
            <label className={styles.field}>
              {t('contentDesk.feedback.reply')}
              <textarea
                rows={5}
                required
                maxLength={FEEDBACK_REPLY_MAX}
                value={reply}
                onChange={(e) => setReply(e.target.value)}
                data-testid="feedback-reply-input"
              />
              <span className={styles.muted}>{t('contentDesk.feedback.replyHint')}</span>
            </label>
            <div className={styles.actions}>
              <Button type="submit" busy={answer.isPending} data-testid="feedback-reply-send">
                {t('contentDesk.feedback.sendReply')}
              </Button>
              {feedback.status === 'pending' ? (
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => change.mutate('in_progress')}
                >
                  {t('contentDesk.feedback.take')}
                </Button>
              ) : null}
              <Button type="button" variant="ghost" onClick={() => change.mutate('closed')}>
                {t('contentDesk.feedback.close')}
              </Button>
            </div>
          </form>
        ) : null}
      </div>
    </Dialog>
  );
}
