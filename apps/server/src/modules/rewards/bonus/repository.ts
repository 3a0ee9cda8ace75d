import { sql, type Selectable } from 'kysely';
import type { Db } from '../../../db/connect';
import type { BonusGrantsTable, BonusGrantStatus } from './tables';

export type BonusGrantRow = Selectable<BonusGrantsTable>;

/** One settled round's count toward one grant (the handler's batch). */
export type WagerCount = { grantId: number; betRoundId: number; countedMinor: number };

/** The only code that reads or writes the bonus tables (migration 0030). */
export function createBonusRepository(db: Db) {
  return {
    async categoryWeights(merchantCode: string): Promise<Record<string, number>> {
      const row = await db
        .selectFrom('bonus_settings')
        .select('category_weights')
        .where('merchant_code', '=', merchantCode)
        .executeTakeFirst();
      return row?.category_weights ?? {};
    },

    async setCategoryWeights(merchantCode: string, weights: Record<string, number>) {
      await db
        .insertInto('bonus_settings')
        .values({ merchant_code: merchantCode, category_weights: JSON.stringify(weights) as never })
        .onConflict((oc) =>
          oc.column('merchant_code').doUpdateSet({
            category_weights: JSON.stringify(weights) as never,
            updated_at: new Date(),
          }),
        )
        .execute();
    },

    /** The grant of this source, inserted now or found (a second grant of one source is the first). */
    async insertGrant(
      row: Omit<
        BonusGrantsTable,
        'id' | 'created_at' | 'status' | 'wagered_minor' | 'deposit_minor' | 'closed_amount_minor'
      > & {
        deposit_minor: number;
      },
    ): Promise<BonusGrantRow> {
      const inserted = await db
        .insertInto('bonus_grants')
        .values(row)
        .onConflict((oc) => oc.columns(['merchant_code', 'source_key']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return inserted;
      return db
        .selectFrom('bonus_grants')
        .selectAll()
        .where('merchant_code', '=', row.merchant_code)
        .where('source_key', '=', row.source_key)
        .executeTakeFirstOrThrow();
    },

    /** A promotion's titles by language (what a bonus it gave is called on the member's pages). */
    async promotionTitles(promotionId: number): Promise<Record<string, string>> {
      const row = await db
        .selectFrom('promotions')
        .select('titles')
        .where('id', '=', promotionId)
        .executeTakeFirst();
      return row?.titles ?? { 'pt-BR': 'Bônus', en: 'Bonus' };
    },

    async setGrantOperation(id: number, operationId: number) {
      await db
        .updateTable('bonus_grants')
        .set({ grant_operation_id: operationId })
        .where('id', '=', id)
        .execute();
    },

    /** Records the close's ledger operation; false when another run recorded it first. */
    async setClosedOperation(id: number, operationId: number, executor: Db = db) {
      const result = await executor
        .updateTable('bonus_grants')
        .set({ closed_operation_id: operationId })
        .where('id', '=', id)
        .where('closed_operation_id', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async grant(id: number): Promise<BonusGrantRow | undefined> {
      return db.selectFrom('bonus_grants').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The member's grants, open first, then newest first. */
    async grantsOf(memberId: number, limit: number): Promise<BonusGrantRow[]> {
      return db
        .selectFrom('bonus_grants')
        .selectAll()
        .where('member_id', '=', memberId)
        .orderBy(sql`status = 'open'`, 'desc')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Open grants of these members whose money landed, oldest first (the order they are worked). */
    async openGrantsOf(memberIds: number[]): Promise<BonusGrantRow[]> {
      if (memberIds.length === 0) return [];
      return db
        .selectFrom('bonus_grants')
        .selectAll()
        .where('member_id', 'in', memberIds)
        .where('status', '=', 'open')
        .where('grant_operation_id', 'is not', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /**
     * Counts rounds toward grants, each (grant, round) once: the counts a second delivery
     * brings are already there and add nothing. Answers the grants whose requirement is now met.
     */
    async count(counts: WagerCount[]): Promise<number[]> {
      if (counts.length === 0) return [];
      return db.transaction().execute(async (trx) => {
        const added = await trx
          .insertInto('bonus_wager_counts')
          .values(
            counts.map((c) => ({
              grant_id: c.grantId,
              bet_round_id: c.betRoundId,
              counted_minor: c.countedMinor,
            })),
          )
          .onConflict((oc) => oc.columns(['grant_id', 'bet_round_id']).doNothing())
          .returning(['grant_id', 'counted_minor'])
          .execute();
        const byGrant = new Map<number, number>();
        for (const row of added)
          byGrant.set(row.grant_id, (byGrant.get(row.grant_id) ?? 0) + row.counted_minor);
        const met: number[] = [];
        for (const [grantId, addMinor] of [...byGrant].sort((a, b) => a[0] - b[0])) {
          const row = await trx
            .updateTable('bonus_grants')
            .set({ wagered_minor: sql`LEAST(required_minor, wagered_minor + ${addMinor})` })
            .where('id', '=', grantId)
            .where('status', '=', 'open')
            .returning(['id', 'wagered_minor', 'required_minor'])
            .executeTakeFirst();
          if (row && row.wagered_minor >= row.required_minor) met.push(row.id);
        }
        return met;
      });
    },

    /**
     * Claims the close of an open grant: exactly one of completion, forfeit and expiry wins
     * (one conditional update). A completion needs the requirement met; a forfeit names its member.
     */
    async claimClose(
      id: number,
      status: Exclude<BonusGrantStatus, 'open'>,
      at: Date,
      memberId?: number,
    ): Promise<BonusGrantRow | undefined> {
      let query = db
        .updateTable('bonus_grants')
        .set({ status, closed_at: at })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .where('grant_operation_id', 'is not', null);
      if (status === 'completed') query = query.whereRef('wagered_minor', '>=', 'required_minor');
      if (memberId !== undefined) query = query.where('member_id', '=', memberId);
      return query.returningAll().executeTakeFirst();
    },

    /** Open grants past their expiry (the expiry job's batch). */
    async expiredIds(at: Date, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('bonus_grants')
        .select('id')
        .where('status', '=', 'open')
        .where('expires_at', '<=', at)
        .orderBy('expires_at')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Open grants whose count is full but whose conversion an instance did not get to. */
    async metOpenIds(limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('bonus_grants')
        .select('id')
        .where('status', '=', 'open')
        .whereRef('wagered_minor', '>=', 'required_minor')
        .where('grant_operation_id', 'is not', null)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Grants whose ledger post is still owed: a grant or a close an instance left half-done. */
    async owed(limit: number): Promise<BonusGrantRow[]> {
      return db
        .selectFrom('bonus_grants')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('grant_operation_id', 'is', null),
            // A close is owed until what it moved is recorded (0: nothing was left, migration 0032).
            eb.and([eb('status', '<>', 'open'), eb('closed_amount_minor', 'is', null)]),
          ]),
        )
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** The member's open requirements together: what a withdrawal waits for. */
    async openRequirement(
      memberId: number,
    ): Promise<{ requiredMinor: number; doneMinor: number } | null> {
      const row = await db
        .selectFrom('bonus_grants')
        .select([
          sql<number>`COALESCE(SUM(required_minor), 0)::bigint`.as('required'),
          sql<number>`COALESCE(SUM(wagered_minor), 0)::bigint`.as('done'),
          sql<number>`COUNT(*)::int`.as('open'),
        ])
        .where('member_id', '=', memberId)
        .where('status', '=', 'open')
        .executeTakeFirstOrThrow();
      if (Number(row.open) === 0) return null;
      return { requiredMinor: Number(row.required), doneMinor: Number(row.done) };
    },
  };
}
export type BonusRepository = ReturnType<typeof createBonusRepository>;
