import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import type { AnnouncementsTable, BannersTable, FeedbackTable } from './tables';

type Execution = 'A' | 'B' | 'F';
type FeedbackStatus = 'pending' | 'in_progress' | 'answered' | 'closed';

/** The only code that reads and writes banners, announcements and feedback. */
export function createContentRepository(db: Db) {
  return {
    /** Banners of a brand in a language that are showing at `at`, in display order. */
    liveBanners(merchantCode: string, language: string, at: Date) {
      return db
        .selectFrom('banners')
        .select(['id', 'group_name', 'image_url', 'alt', 'linkage_type', 'target'])
        .where('merchant_code', '=', merchantCode)
        .where('language', '=', language)
        .where('starts_at', '<=', at)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    /** Announcements of a brand in a language for one execution that are showing at `at`. */
    liveAnnouncements(merchantCode: string, language: string, execution: Execution, at: Date) {
      return db
        .selectFrom('announcements')
        .select(['id', 'type', 'title', 'content', 'promotion_type', 'starts_at'])
        .where('merchant_code', '=', merchantCode)
        .where('language', '=', language)
        .where('execution', '=', execution)
        .where('starts_at', '<=', at)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
        .orderBy('sort_order')
        .orderBy('starts_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /* ── The console ─────────────────────────────────────────────────────────────────── */

    banners(merchantCode: string) {
      return db
        .selectFrom('banners')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .orderBy('group_name')
        .orderBy('language')
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },
    banner(id: number) {
      return db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
    },
    insertBanner(row: Insertable<BannersTable>) {
      return db.insertInto('banners').values(row).returningAll().executeTakeFirstOrThrow();
    },
    updateBanner(id: number, row: Updateable<BannersTable>) {
      return db
        .updateTable('banners')
        .set(row)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },
    async deleteBanner(id: number) {
      return db.deleteFrom('banners').where('id', '=', id).returningAll().executeTakeFirst();
    },

    announcements(merchantCode: string) {
      return db
        .selectFrom('announcements')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .orderBy('starts_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
    announcement(id: number) {
      return db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();
    },
    insertAnnouncement(row: Insertable<AnnouncementsTable>) {
      return db.insertInto('announcements').values(row).returningAll().executeTakeFirstOrThrow();
    },
    updateAnnouncement(id: number, row: Updateable<AnnouncementsTable>) {
      return db
        .updateTable('announcements')
        .set({ ...row, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },
    deleteAnnouncement(id: number) {
      return db.deleteFrom('announcements').where('id', '=', id).returningAll().executeTakeFirst();
    },

    /* ── Feedback ────────────────────────────────────────────────────────────────────── */

    insertFeedback(row: Insertable<FeedbackTable>) {
      return db.insertInto('feedback').values(row).returningAll().executeTakeFirstOrThrow();
    },
    async openFeedbackCount(memberId: number): Promise<number> {
      const row = await db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('member_id', '=', memberId)
        .where('status', 'in', ['pending', 'in_progress'])
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async memberFeedback(memberId: number, limit: number, offset: number) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('feedback')
          .selectAll()
          .where('member_id', '=', memberId)
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('feedback')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('member_id', '=', memberId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },
    feedback(id: number) {
      return db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async feedbackQueue(
      filter: { status?: FeedbackStatus; merchantCode?: string },
      limit: number,
      offset: number,
    ) {
      let query = db.selectFrom('feedback');
      if (filter.status) query = query.where('status', '=', filter.status);
      if (filter.merchantCode) query = query.where('merchant_code', '=', filter.merchantCode);
      const [rows, total] = await Promise.all([
        // Waiting ones oldest first (whoever waited longest is answered first); decided ones newest first.
        query
          .selectAll()
          .orderBy(sql`CASE WHEN status IN ('pending', 'in_progress') THEN id ELSE -id END`)
          .limit(limit)
          .offset(offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },
    /**
     * The answer, only while the feedback still waits: of two operators answering at once, one
     * row is updated and the other finds none (its answer is refused, nothing sent twice).
     */
    answerFeedback(executor: Db, id: number, reply: string, staffId: number, at: Date) {
      return executor
        .updateTable('feedback')
        .set({ status: 'answered', reply, replied_by: staffId, replied_at: at, updated_at: at })
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'in_progress'])
        .returningAll()
        .executeTakeFirst();
    },
    setFeedbackStatus(id: number, status: 'in_progress' | 'closed', at: Date) {
      return db
        .updateTable('feedback')
        .set({ status, updated_at: at })
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'in_progress'])
        .returningAll()
        .executeTakeFirst();
    },
    transaction: <T>(work: (trx: Db) => Promise<T>) => db.transaction().execute(work),
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;
