import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import type {
  ApplicationStatus,
  PromotionApplicationsTable,
  PromotionEntriesTable,
  PromotionsTable,
  PromotionTrigger,
} from './tables';

export type PromotionRow = Selectable<PromotionsTable>;
export type EntryRow = Selectable<PromotionEntriesTable>;
export type ApplicationRow = Selectable<PromotionApplicationsTable>;

/** Entry statuses in which facts still count (the period's reward is not yet on its way). */
const OPEN_STATUSES = ['joined', 'in_process', 'claimable'] as const;

/** The only code that reads and writes the promotions tables (migration 0029). */
export function createRewardsRepository(db: Db) {
  return {
    /** The brand's promotions in page order (lower sort_order first, then newest). */
    async promotions(merchantCode: string | null, onlyEnabled: boolean): Promise<PromotionRow[]> {
      let query = db.selectFrom('promotions').selectAll();
      if (merchantCode !== null) query = query.where('merchant_code', '=', merchantCode);
      if (onlyEnabled) query = query.where('enabled', '=', true);
      return query.orderBy('merchant_code').orderBy('sort_order').orderBy('id', 'desc').execute();
    },

    promotion(id: number, executor: Db = db): Promise<PromotionRow | undefined> {
      return executor.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Live promotions of these triggers at an instant, for the brands named (event reactions). */
    async activeByTrigger(
      merchantCodes: readonly string[],
      triggers: readonly PromotionTrigger[],
      at: Date,
    ): Promise<PromotionRow[]> {
      if (merchantCodes.length === 0) return [];
      return db
        .selectFrom('promotions')
        .selectAll()
        .where('merchant_code', 'in', [...new Set(merchantCodes)])
        .where('trigger', 'in', [...triggers])
        .where('enabled', '=', true)
        .where('starts_at', '<=', at)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
        .execute();
    },

    async insertPromotion(values: Insertable<PromotionsTable>): Promise<PromotionRow> {
      return db.insertInto('promotions').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async updatePromotion(
      id: number,
      values: Updateable<PromotionsTable>,
    ): Promise<PromotionRow | undefined> {
      return db
        .updateTable('promotions')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /** The member's entries of these promotions (every period), newest period first. */
    async entriesOf(memberId: number, promotionIds: readonly number[]): Promise<EntryRow[]> {
      if (promotionIds.length === 0) return [];
      return db
        .selectFrom('promotion_entries')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('promotion_id', 'in', [...promotionIds])
        .orderBy('id', 'desc')
        .execute();
    },

    /** The member's latest application to each of these promotions. */
    async latestApplications(
      memberId: number,
      promotionIds: readonly number[],
    ): Promise<ApplicationRow[]> {
      if (promotionIds.length === 0) return [];
      return db
        .selectFrom('promotion_applications')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('promotion_id', 'in', [...promotionIds])
        .orderBy('id', 'desc')
        .execute();
    },

    /** Opt in: an entry for the period, or undefined when one exists already. */
    async join(values: Insertable<PromotionEntriesTable>): Promise<EntryRow | undefined> {
      return db
        .insertInto('promotion_entries')
        .values(values)
        .onConflict((oc) => oc.columns(['promotion_id', 'member_id', 'period_key']).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Counts facts (deposits, settled rounds, a registration) toward members' entries of one
     * promotion, in one transaction of two statements whatever their number: the facts' keys are
     * recorded first and only those recorded now count, so a delivery seen twice counts once;
     * then each (member, period) entry grows by its facts' sum (created unless the promotion asks
     * members to join) and becomes claimable once its progress reaches the threshold. Answers
     * the entries this call made claimable. One statement per batch rather than five per fact:
     * settled rounds reach here once per bet-path batch (bench:pam).
     */
    async countFacts(
      promotion: PromotionRow,
      facts: readonly {
        memberId: number;
        currency: string;
        periodKey: string;
        sourceKey: string;
        amountMinor: number;
        depositMinor: number;
      }[],
      at: Date,
    ): Promise<EntryRow[]> {
      if (facts.length === 0) return [];
      const input = JSON.stringify(
        facts.map((f) => ({
          member_id: f.memberId,
          currency: f.currency,
          period_key: f.periodKey,
          source_key: f.sourceKey,
          amount_minor: f.amountMinor,
          deposit_minor: f.depositMinor,
        })),
      );
      return db.transaction().execute(async (trx) => {
        // The facts not counted before, summed per entry; entries created for them (unless
        // members must join). An entry created here is not visible to the same statement's
        // other parts, hence the second statement.
        const fresh = await sql<{
          member_id: number;
          currency: string;
          period_key: string;
          amount_minor: number;
          deposit_minor: number;
        }>`
          WITH input AS (
            SELECT * FROM jsonb_to_recordset(${input}::jsonb) AS i(
              member_id bigint, currency text, period_key text, source_key text,
              amount_minor bigint, deposit_minor bigint)
          ), fresh AS (
            INSERT INTO promotion_counted_facts (promotion_id, source_key)
            SELECT DISTINCT ${promotion.id}::bigint, source_key FROM input
            ON CONFLICT (promotion_id, source_key) DO NOTHING
            RETURNING source_key
          )
          SELECT i.member_id, min(i.currency) AS currency, i.period_key,
                 sum(i.amount_minor)::bigint AS amount_minor, sum(i.deposit_minor)::bigint AS deposit_minor
          FROM (SELECT DISTINCT ON (source_key) * FROM input) i JOIN fresh f ON f.source_key = i.source_key
          GROUP BY i.member_id, i.period_key`.execute(trx);
        if (fresh.rows.length === 0) return [];
        const sums = JSON.stringify(fresh.rows);
        if (!promotion.requires_join)
          await sql`
            INSERT INTO promotion_entries (promotion_id, merchant_code, member_id, currency, period_key, status)
            SELECT ${promotion.id}, ${promotion.merchant_code}, s.member_id, s.currency, s.period_key, 'joined'
            FROM jsonb_to_recordset(${sums}::jsonb) AS s(member_id bigint, currency text, period_key text)
            ON CONFLICT (promotion_id, member_id, period_key) DO NOTHING`.execute(trx);
        // The entries, locked (in id order, as every counter locks them) before they grow, so
        // the status each had is the one this call changes: an entry made claimable here is
        // answered once, whoever counts the same member at the same time.
        const open = sql.join(OPEN_STATUSES.map((status) => sql`${status}`));
        const locked = await sql<{ id: number; status: string }>`
          SELECT e.id, e.status FROM promotion_entries e
          JOIN jsonb_to_recordset(${sums}::jsonb) AS s(member_id bigint, period_key text)
            ON e.member_id = s.member_id AND e.period_key = s.period_key
          WHERE e.promotion_id = ${promotion.id} AND e.status IN (${open})
          ORDER BY e.id FOR UPDATE OF e`.execute(trx);
        if (locked.rows.length === 0) return [];
        const wasClaimable = new Set(
          locked.rows.filter((r) => r.status === 'claimable').map((r) => Number(r.id)),
        );
        const registration = promotion.trigger === 'registration';
        const reached = sql`(e.progress_minor + s.amount_minor >= ${promotion.threshold_minor}::bigint
          AND (e.progress_minor + s.amount_minor > 0 OR ${registration}::boolean))`;
        const grown = await sql<EntryRow>`
          UPDATE promotion_entries e
          SET progress_minor = e.progress_minor + s.amount_minor,
              deposit_minor = e.deposit_minor + s.deposit_minor,
              status = CASE WHEN e.status = 'claimable' OR ${reached} THEN 'claimable' ELSE 'in_process' END,
              qualified_at = CASE WHEN e.status = 'claimable' OR ${reached}
                                  THEN coalesce(e.qualified_at, ${at}::timestamptz) END,
              updated_at = ${at}::timestamptz
          FROM jsonb_to_recordset(${sums}::jsonb)
                 AS s(member_id bigint, period_key text, amount_minor bigint, deposit_minor bigint)
          WHERE e.id = ANY(${locked.rows.map((row) => Number(row.id))}::bigint[])
            AND e.member_id = s.member_id AND e.period_key = s.period_key
          RETURNING e.*`.execute(trx);
        return grown.rows.filter(
          (entry) => entry.status === 'claimable' && !wasClaimable.has(Number(entry.id)),
        );
      });
    },

    /** The member's oldest claimable entry of a promotion (any period). */
    claimableEntry(promotionId: number, memberId: number): Promise<EntryRow | undefined> {
      return db
        .selectFrom('promotion_entries')
        .selectAll()
        .where('promotion_id', '=', promotionId)
        .where('member_id', '=', memberId)
        .where('status', '=', 'claimable')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
    },

    entry(id: number): Promise<EntryRow | undefined> {
      return db.selectFrom('promotion_entries').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * claimable → issuing with the reward fixed now (from the progress at this moment): the
     * conditional update is where two claims at once meet; one gets the row, the other nothing.
     */
    async startIssuing(
      entryId: number,
      rewardMinor: (progressMinor: number, depositMinor: number) => number,
      byMember: boolean,
    ): Promise<EntryRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('promotion_entries')
          .selectAll()
          .where('id', '=', entryId)
          .where('status', '=', 'claimable')
          .forUpdate()
          .executeTakeFirst();
        if (!row) return undefined;
        return trx
          .updateTable('promotion_entries')
          .set({
            status: 'issuing',
            claimed_by_member: byMember,
            reward_minor: rewardMinor(Number(row.progress_minor), Number(row.deposit_minor)),
            updated_at: new Date(),
          })
          .where('id', '=', entryId)
          .where('status', '=', 'claimable')
          .returningAll()
          .executeTakeFirst();
      });
    },

    /** issuing → claimable again: the issuer refused with a reason the member can act on. */
    async backToClaimable(entryId: number): Promise<void> {
      await db
        .updateTable('promotion_entries')
        .set({ status: 'claimable', claimed_by_member: false, reward_minor: null })
        .where('id', '=', entryId)
        .where('status', '=', 'issuing')
        .execute();
    },

    /** issuing → issued, with the issuer's reference; false when another call finished it first. */
    async markIssued(entryId: number, reference: string, executor: Db = db): Promise<boolean> {
      const row = await executor
        .updateTable('promotion_entries')
        .set({
          status: 'issued',
          reward_reference: reference,
          issued_at: new Date(),
          updated_at: new Date(),
        })
        .where('id', '=', entryId)
        .where('status', '=', 'issuing')
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Entries left `issuing` since before `olderThan` (an instance stopped between the steps). */
    stuckIssuing(olderThan: Date, limit: number): Promise<EntryRow[]> {
      return db
        .selectFrom('promotion_entries')
        .selectAll()
        .where('status', '=', 'issuing')
        .where('updated_at', '<', olderThan)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /* Applications */

    async insertApplication(
      values: Insertable<PromotionApplicationsTable>,
      proofs: { fileKey: string; contentType: string; sizeBytes: number }[],
    ): Promise<ApplicationRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const application = await trx
          .insertInto('promotion_applications')
          .values(values)
          // The partial unique index (one pending per member and promotion) decides a race.
          .onConflict((oc) =>
            oc.columns(['promotion_id', 'member_id']).where('status', '=', 'pending').doNothing(),
          )
          .returningAll()
          .executeTakeFirst();
        if (!application) return undefined;
        if (proofs.length > 0)
          await trx
            .insertInto('promotion_application_proofs')
            .values(
              proofs.map((proof, index) => ({
                application_id: application.id,
                file_key: proof.fileKey,
                content_type: proof.contentType,
                size_bytes: proof.sizeBytes,
                position: index + 1,
              })),
            )
            .execute();
        return application;
      });
    },

    application(id: number): Promise<ApplicationRow | undefined> {
      return db
        .selectFrom('promotion_applications')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Approved applications of a member in a period (one reward per period). */
    approvedIn(promotionId: number, memberId: number, periodKey: string) {
      return db
        .selectFrom('promotion_applications')
        .select('id')
        .where('promotion_id', '=', promotionId)
        .where('member_id', '=', memberId)
        .where('period_key', '=', periodKey)
        .where('status', '=', 'approved')
        .executeTakeFirst();
    },

    async applicationsPage(filter: {
      status: ApplicationStatus;
      merchantCode: string | undefined;
      onlyId?: number | undefined;
      limit: number;
      offset: number;
    }) {
      let base = db
        .selectFrom('promotion_applications as a')
        .innerJoin('promotions as p', 'p.id', 'a.promotion_id')
        .where('a.status', '=', filter.status);
      if (filter.merchantCode) base = base.where('a.merchant_code', '=', filter.merchantCode);
      if (filter.onlyId !== undefined) base = base.where('a.id', '=', filter.onlyId);
      const [rows, count] = await Promise.all([
        base
          .selectAll('a')
          .select([
            'p.titles',
            'p.reward_kind',
            'p.reward_calc',
            'p.reward_fixed_minor',
            sql<
              number[]
            >`coalesce((SELECT array_agg(position ORDER BY position) FROM promotion_application_proofs pr WHERE pr.application_id = a.id), '{}')`.as(
              'proof_positions',
            ),
            sql<
              number | null
            >`(SELECT reward_minor FROM promotion_entries e WHERE e.id = a.entry_id)`.as(
              'reward_minor',
            ),
          ])
          // The queue: oldest waiting first; decided ones newest first.
          .orderBy('a.id', filter.status === 'pending' ? 'asc' : 'desc')
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    proof(applicationId: number, position: number) {
      return db
        .selectFrom('promotion_application_proofs')
        .selectAll()
        .where('application_id', '=', applicationId)
        .where('position', '=', position)
        .executeTakeFirst();
    },

    /**
     * Approves a pending application and opens its entry (status issuing, the reward fixed),
     * in one transaction; undefined when it was decided already.
     */
    async approve(input: {
      application: ApplicationRow;
      staffId: number | null;
      rewardMinor: number;
      onDecided: (trx: Db, entry: EntryRow) => Promise<void>;
    }): Promise<{ application: ApplicationRow; entry: EntryRow } | undefined> {
      const { application } = input;
      return db.transaction().execute(async (trx) => {
        const decided = await trx
          .updateTable('promotion_applications')
          .set({
            status: 'approved',
            decided_by_staff_id: input.staffId,
            decided_at: new Date(),
          })
          .where('id', '=', application.id)
          .where('status', '=', 'pending')
          .returningAll()
          .executeTakeFirst();
        if (!decided) return undefined;
        const entry = await trx
          .insertInto('promotion_entries')
          .values({
            promotion_id: application.promotion_id,
            merchant_code: application.merchant_code,
            member_id: application.member_id,
            currency: application.currency,
            // An application's entry is its own: approvals of one period never collide.
            period_key: `application:${application.id}`,
            status: 'issuing',
            reward_minor: input.rewardMinor,
            qualified_at: new Date(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const linked = await trx
          .updateTable('promotion_applications')
          .set({ entry_id: entry.id })
          .where('id', '=', application.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await input.onDecided(trx, entry);
        return { application: linked, entry };
      });
    },

    async reject(input: {
      applicationId: number;
      staffId: number | null;
      reason: string;
      onDecided: (trx: Db, application: ApplicationRow) => Promise<void>;
    }): Promise<ApplicationRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const decided = await trx
          .updateTable('promotion_applications')
          .set({
            status: 'rejected',
            reject_reason: input.reason,
            decided_by_staff_id: input.staffId,
            decided_at: new Date(),
          })
          .where('id', '=', input.applicationId)
          .where('status', '=', 'pending')
          .returningAll()
          .executeTakeFirst();
        if (decided) await input.onDecided(trx, decided);
        return decided;
      });
    },

    /** Issued rewards per promotion: count and cost; rewards waiting to be claimed; pending applications. */
    async report(merchantCode: string | undefined) {
      let query = db
        .selectFrom('promotions as p')
        .select([
          'p.id',
          'p.merchant_code',
          'p.titles',
          'p.reward_kind',
          sql<number>`(SELECT count(*) FROM promotion_entries e WHERE e.promotion_id = p.id AND e.status = 'issued')`.as(
            'issued_count',
          ),
          sql<number>`(SELECT coalesce(sum(reward_minor), 0) FROM promotion_entries e WHERE e.promotion_id = p.id AND e.status = 'issued')`.as(
            'cost_minor',
          ),
          sql<number>`(SELECT count(*) FROM promotion_entries e WHERE e.promotion_id = p.id AND e.status = 'claimable')`.as(
            'waiting_count',
          ),
          sql<number>`(SELECT count(*) FROM promotion_applications a WHERE a.promotion_id = p.id AND a.status = 'pending')`.as(
            'pending_applications',
          ),
          sql<
            string | null
          >`(SELECT min(currency) FROM promotion_entries e WHERE e.promotion_id = p.id)`.as(
            'currency',
          ),
        ]);
      if (merchantCode) query = query.where('p.merchant_code', '=', merchantCode);
      return query
        .orderBy('p.merchant_code')
        .orderBy('p.sort_order')
        .orderBy('p.id', 'desc')
        .execute();
    },
  };
}

export type RewardsRepository = ReturnType<typeof createRewardsRepository>;
