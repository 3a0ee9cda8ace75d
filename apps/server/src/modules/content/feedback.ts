import {
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_CONTENT_MIN,
  FEEDBACK_IMAGE_MAX_BYTES,
  type AdminFeedback,
  type Feedback,
  type FeedbackPage,
  type FeedbackRequest,
  type FeedbackStatus,
} from '@banca/contracts';
import type { Selectable } from 'kysely';
import { AppError } from '../../http/errors';
import { publish } from '../../lib/events';
import { answeringStorage, sniffImage, type FileStorage } from '../../lib/file-storage';
import type { ContentRepository } from './repository';
import type { FeedbackTable } from './tables';

/**
 * Feedbacks one member may have waiting for an answer at once: a member with a real problem
 * writes one or two; more is a flood the operators' queue should not carry. The session (with
 * the login's captcha and limiter behind it) stands in for the spec's per-message captcha.
 */
export const MAX_OPEN_FEEDBACK = 5;
const MAX_MB = FEEDBACK_IMAGE_MAX_BYTES / (1024 * 1024);

type Row = Selectable<FeedbackTable>;
export type FeedbackAuthor = { memberId: number; merchantCode: string; username: string };

function toFeedback(row: Row): Feedback {
  return {
    id: row.id,
    type: row.type,
    sender: row.sender,
    content: row.content,
    hasImage: row.image_key !== null,
    status: row.status,
    reply: row.reply,
    repliedAt: row.replied_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/** Members' feedback and complaints (docs/content.md "Feedback"), and the console's queue. */
export function createFeedbackService(deps: {
  repo: ContentRepository;
  storage: FileStorage;
  usernames: (ids: number[]) => Promise<Map<number, string>>;
  currencyOf: (merchantCode: string) => Promise<string>;
  now?: () => number;
}) {
  const { repo } = deps;
  // A store that did not answer is a 503 with its code (nothing recorded), never a 500.
  const storage = answeringStorage(deps.storage);
  const now = deps.now ?? Date.now;

  /** PNG or JPEG by their bytes, at most 5 MB: else `feedback_bad_image`. */
  function imageOf(base64: string) {
    const bytes = Buffer.from(base64, 'base64');
    const type = bytes.length <= FEEDBACK_IMAGE_MAX_BYTES ? sniffImage(bytes) : null;
    if (!type) throw new AppError('feedback_bad_image', { params: { maxMb: MAX_MB } });
    return { bytes, type };
  }

  /** Checks everything before it stores the image, so a refused feedback leaves no file behind. */
  async function send(author: FeedbackAuthor, input: FeedbackRequest): Promise<Feedback> {
    const content = input.content.trim();
    const length = [...content].length;
    if (length < FEEDBACK_CONTENT_MIN || length > FEEDBACK_CONTENT_MAX)
      throw new AppError('feedback_length', {
        params: { min: FEEDBACK_CONTENT_MIN, max: FEEDBACK_CONTENT_MAX },
      });
    const image = input.file ? imageOf(input.file) : null;
    if ((await repo.openFeedbackCount(author.memberId)) >= MAX_OPEN_FEEDBACK)
      throw new AppError('feedback_too_many_open', { params: { max: MAX_OPEN_FEEDBACK } });
    let imageKey: string | null = null;
    if (image) imageKey = await storage.put('feedback/', image.bytes, image.type);
    const row = await repo.insertFeedback({
      merchant_code: author.merchantCode,
      member_id: author.memberId,
      sender: input.sender || author.username,
      type: input.type,
      content,
      image_key: imageKey,
      image_type: image?.type ?? null,
    });
    return toFeedback(row);
  }

  async function history(
    memberId: number,
    page: { pageNo: number; pageSize: number },
  ): Promise<FeedbackPage> {
    const { rows, total } = await repo.memberFeedback(
      memberId,
      page.pageSize,
      (page.pageNo - 1) * page.pageSize,
    );
    return {
      list: rows.map(toFeedback),
      pageNo: page.pageNo,
      totalPages: Math.max(1, Math.ceil(total / page.pageSize)),
      total,
    };
  }

  /** The image of a feedback; `memberId` set: only that member's own. */
  async function image(id: number, memberId: number | null) {
    const row = await repo.feedback(id);
    if (!row || !row.image_key || (memberId !== null && row.member_id !== memberId))
      throw new AppError('feedback_not_found');
    const file = await storage.get(row.image_key);
    if (!file) throw new AppError('feedback_not_found');
    return file;
  }

  async function toAdmin(rows: Row[]): Promise<AdminFeedback[]> {
    const names = await deps.usernames([...new Set(rows.map((row) => row.member_id))]);
    return rows.map((row) => ({
      ...toFeedback(row),
      merchantCode: row.merchant_code,
      memberId: row.member_id,
      username: names.get(row.member_id) ?? String(row.member_id),
    }));
  }

  async function queue(query: {
    status?: FeedbackStatus;
    merchantCode?: string;
    pageNo: number;
    pageSize: number;
  }) {
    const { rows, total } = await repo.feedbackQueue(
      query,
      query.pageSize,
      (query.pageNo - 1) * query.pageSize,
    );
    return { rows: await toAdmin(rows), pageNo: query.pageNo, pageSize: query.pageSize, total };
  }

  async function stillOpen<T extends Row | undefined>(id: number, changed: T): Promise<Row> {
    if (changed) return changed;
    if (!(await repo.feedback(id))) throw new AppError('feedback_not_found');
    throw new AppError('feedback_closed');
  }

  /**
   * The operator's answer: the feedback becomes answered and `feedback.answered` is written in
   * the same transaction, so the member's inbox message exists exactly when the answer does.
   */
  async function reply(id: number, text: string, staffId: number): Promise<AdminFeedback> {
    const at = new Date(now());
    const found = await repo.feedback(id);
    if (!found) throw new AppError('feedback_not_found');
    const currency = await deps.currencyOf(found.merchant_code);
    const row = await repo.transaction(async (trx) => {
      const answered = await repo.answerFeedback(trx, id, text, staffId, at);
      if (answered)
        await publish(trx, 'feedback.answered', {
          feedbackId: answered.id,
          merchantCode: answered.merchant_code,
          memberId: answered.member_id,
          currency,
          reply: text,
          at: at.toISOString(),
        });
      return answered;
    });
    return (await toAdmin([await stillOpen(id, row)]))[0]!;
  }

  async function setStatus(id: number, status: 'in_progress' | 'closed'): Promise<AdminFeedback> {
    const row = await repo.setFeedbackStatus(id, status, new Date(now()));
    return (await toAdmin([await stillOpen(id, row)]))[0]!;
  }

  return { send, history, image, queue, reply, setStatus };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
