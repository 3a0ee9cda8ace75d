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
     * Counts one fact (a deposit, a settled round, a registration) toward a member's entry, in
     * one transaction: the fact's key is recorded first, so a delivery seen twice counts once;
     * then the period's entry grows (created unless the promotion asks members to join) and
     * becomes claimable once its progress reaches the threshold. Answers the entry after it,
     * and whether this fact made it claimable; undefined when the fact did not count.
     */
    async countFact(input: {
      promotion: PromotionRow;
      memberId: number;
      currency: string;
      periodKey: string;
      sourceKey: string;
      amountMinor: number;
      depositMinor: number;
    }): Promise<{ entry: EntryRow; qualified: boolean } | undefined> {
      const { promotion, memberId, periodKey } = input;
      return db.transaction().execute(async (trx) => {
        const fresh = await trx
          .insertInto('promotion_counted_facts')
          .values({ promotion_id: promotion.id, source_key: input.sourceKey })
          .onConflict((oc) => oc.columns(['promotion_id', 'source_key']).doNothing())
          .returning('source_key')
          .executeTakeFirst();
        if (!fresh) return undefined;
        if (!promotion.requires_join)
          await trx
            .insertInto('promotion_entries')
            .values({
              promotion_id: promotion.id,
              merchant_code: promotion.merchant_code,
              member_id: memberId,
              currency: input.currency,
              period_key: periodKey,
              status: 'joined',
            })
            .onConflict((oc) => oc.columns(['promotion_id', 'member_id', 'period_key']).doNothing())
            .execute();
        const before = await trx
          .selectFrom('promotion_entries')
          .selectAll()
          .where('promotion_id', '=', promotion.id)
          .where('member_id', '=', memberId)
          .where('period_key', '=', periodKey)
          .forUpdate()
          .executeTakeFirst();
        if (!before || !(OPEN_STATUSES as readonly string[]).includes(before.status))
          return undefined;
        const progress = Number(before.progress_minor) + input.amountMinor;
        const reached =
          progress >= Number(promotion.threshold_minor) &&
          (progress > 0 || promotion.trigger === 'registration');
        const status = before.status === 'claimable' || reached ? 'claimable' : 'in_process';
        const entry = await trx
          .updateTable('promotion_entries')
          .set({
            progress_minor: progress,
            deposit_minor: sql<number>`deposit_minor + ${input.depositMinor}`,
            status,
            qualified_at: status === 'claimable' ? (before.qualified_at ?? new Date()) : null,
            updated_at: new Date(),
          })
          .where('id', '=', before.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { entry, qualified: before.status !== 'claimable' && status === 'claimable' };
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
