import { sql, type Selectable } from 'kysely';
import type { Db } from '../../../db/connect';
import type { MallGoodsTable, MallRedemptionsTable, PointsSettingsTable } from './tables';

export type PointsSettingsRow = Selectable<PointsSettingsTable>;
export type GoodsRow = Selectable<MallGoodsTable>;
export type RedemptionRow = Selectable<MallRedemptionsTable>;
/** Points of one event for one member, as the settled-rounds handler counts them. */
export type Accrual = {
  eventId: number;
  merchantCode: string;
  memberId: number;
  currency: string;
  points: number;
};
/** A member's accrued points taken for one ledger operation under `key`. */
export type Posting = {
  merchantCode: string;
  memberId: number;
  currency: string;
  key: string;
  points: number;
};
export type NewRedemption = Omit<
  RedemptionRow,
  'id' | 'created_at' | 'reason' | 'decided_by' | 'decided_at' | 'settled_at'
> & { settled_at?: Date | null };
/** Goods as written: the texts per language as JSON. */
export type GoodsValues = Omit<
  GoodsRow,
  'id' | 'created_at' | 'updated_at' | 'names' | 'descriptions'
> & {
  names: string;
  descriptions: string;
};

const goodsOut = (r: GoodsRow): GoodsRow => ({
  ...r,
  points_cost: Number(r.points_cost),
  amount_requirement_minor: Number(r.amount_requirement_minor),
  value_minor: Number(r.value_minor),
});
const redemptionOut = (r: RedemptionRow): RedemptionRow => ({
  ...r,
  id: Number(r.id),
  member_id: Number(r.member_id),
  goods_id: r.goods_id === null ? null : Number(r.goods_id),
  points: Number(r.points),
  value_minor: Number(r.value_minor),
});

/** The handler name under which the points part records the events it counted. */
const ACCRUE_HANDLER = 'points.accrue';

/** The only code that reads or writes the points and mall tables (migrations 0034, 0049). */
export function createPointsRepository(db: Db) {
  return {
    /**
     * Records the events as counted by the points part and adds the points of those newly
     * counted to the members' accruals, in one statement: a redelivered event (or one counted
     * by a concurrent delivery, which this waits for) adds nothing. Rows are upserted in key
     * order, as the posting job locks them, so the two never wait on each other in a cycle.
     */
    async accrue(accruals: readonly Accrual[]): Promise<void> {
      if (accruals.length === 0) return;
      await sql`
        WITH input AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(accruals)}::jsonb) AS i(
            "eventId" bigint, "merchantCode" text, "memberId" bigint, currency text, points bigint)
        ), fresh AS (
          INSERT INTO loyalty_counted_events (handler, event_id)
          SELECT DISTINCT ${ACCRUE_HANDLER}::text, "eventId" FROM input ORDER BY 2
          ON CONFLICT DO NOTHING
          RETURNING event_id
        )
        INSERT INTO points_accruals AS a (merchant_code, member_id, currency, points)
        SELECT i."merchantCode", i."memberId", i.currency, sum(i.points)
        FROM input i JOIN fresh f ON f.event_id = i."eventId"
        GROUP BY 1, 2, 3
        ORDER BY 1, 2, 3
        ON CONFLICT (merchant_code, member_id, currency) DO UPDATE SET
          points = a.points + EXCLUDED.points,
          updated_at = now()`.execute(db);
    },

    /** The database's clock: a posting run takes only rows last changed before it started. */
    async clock(): Promise<Date> {
      const { rows } = await sql<{ now: Date }>`SELECT now() AS now`.execute(db);
      return new Date(rows[0]!.now);
    },

    /**
     * Takes up to `limit` members' postings, in one statement (locking in key order): a row
     * without a posting moves its points into one under a new key (its `postings` + 1); a row
     * whose posting was not cleared (a run cut off) keeps its key and amount, so posting it
     * again is a replay. Only rows last changed before `before` (the run's start): a row this
     * run took or cleared is not taken twice in one run.
     */
    async takePostings(before: Date, limit: number): Promise<Posting[]> {
      const { rows } = await sql<{
        merchant_code: string;
        member_id: string | number;
        currency: string;
        posting_key: string;
        posting_points: string | number;
      }>`
        WITH picked AS (
          SELECT merchant_code, member_id, currency FROM points_accruals
          WHERE (points > 0 OR posting_key IS NOT NULL) AND updated_at < ${before}::timestamptz
          ORDER BY merchant_code, member_id, currency
          LIMIT ${limit}
          FOR UPDATE
        )
        UPDATE points_accruals a SET
          posting_points = CASE WHEN a.posting_key IS NULL THEN a.points ELSE a.posting_points END,
          points = CASE WHEN a.posting_key IS NULL THEN 0 ELSE a.points END,
          postings = CASE WHEN a.posting_key IS NULL THEN a.postings + 1 ELSE a.postings END,
          posting_key = COALESCE(a.posting_key, 'points-earned:' || a.merchant_code || ':'
            || a.member_id || ':' || a.currency || ':' || (a.postings + 1)),
          updated_at = now()
        FROM picked p
        WHERE a.merchant_code = p.merchant_code AND a.member_id = p.member_id
          AND a.currency = p.currency
        RETURNING a.merchant_code, a.member_id, a.currency, a.posting_key, a.posting_points`.execute(
        db,
      );
      return rows.map((r) => ({
        merchantCode: r.merchant_code,
        memberId: Number(r.member_id),
        currency: r.currency,
        key: r.posting_key,
        points: Number(r.posting_points),
      }));
    },

    /**
     * Clears postings the ledger holds, each only if it still carries its key (a concurrent
     * run may have cleared it first), in one statement locking in key order.
     */
    async clearPostings(postings: readonly Posting[]): Promise<void> {
      if (postings.length === 0) return;
      await sql`
        WITH done AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(postings)}::jsonb) AS d(
            "merchantCode" text, "memberId" bigint, currency text, key text)
        ), locked AS (
          SELECT a.merchant_code, a.member_id, a.currency, a.posting_key
          FROM points_accruals a
          JOIN done d ON a.merchant_code = d."merchantCode" AND a.member_id = d."memberId"
            AND a.currency = d.currency AND a.posting_key = d.key
          ORDER BY 1, 2, 3
          FOR UPDATE OF a
        )
        UPDATE points_accruals a SET posting_points = 0, posting_key = NULL, updated_at = now()
        FROM locked l
        WHERE a.merchant_code = l.merchant_code AND a.member_id = l.member_id
          AND a.currency = l.currency AND a.posting_key = l.posting_key`.execute(db);
    },

    /** The member's points counted but not yet in the ledger (accrued and being posted). */
    async pending(merchantCode: string, memberId: number, currency: string): Promise<number> {
      const row = await db
        .selectFrom('points_accruals')
        .select(['points', 'posting_points'])
        .where('merchant_code', '=', merchantCode)
        .where('member_id', '=', memberId)
        .where('currency', '=', currency)
        .executeTakeFirst();
      return row ? Number(row.points) + Number(row.posting_points) : 0;
    },

    async settings(merchantCode: string): Promise<PointsSettingsRow | undefined> {
      return db
        .selectFrom('points_settings')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .executeTakeFirst();
    },

    async saveSettings(row: Omit<PointsSettingsRow, 'updated_at'>): Promise<void> {
      const values = {
        ...row,
        rates: JSON.stringify(row.rates) as never,
        exchange_rates: JSON.stringify(row.exchange_rates) as never,
      };
      await db
        .insertInto('points_settings')
        .values(values)
        .onConflict((oc) =>
          oc.column('merchant_code').doUpdateSet({ ...values, updated_at: new Date() }),
        )
        .execute();
    },

    async goodsList(merchantCode: string, onlyEnabled: boolean): Promise<GoodsRow[]> {
      let query = db
        .selectFrom('mall_goods')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .orderBy('sort_order')
        .orderBy('id');
      if (onlyEnabled) query = query.where('enabled', '=', true);
      return (await query.execute()).map(goodsOut);
    },

    async goods(id: number): Promise<GoodsRow | undefined> {
      const row = await db
        .selectFrom('mall_goods')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && goodsOut(row);
    },

    async insertGoods(row: GoodsValues): Promise<GoodsRow> {
      return goodsOut(
        await db.insertInto('mall_goods').values(row).returningAll().executeTakeFirstOrThrow(),
      );
    },

    async updateGoods(
      id: number,
      row: Omit<GoodsValues, 'merchant_code'>,
    ): Promise<GoodsRow | undefined> {
      const out = await db
        .updateTable('mall_goods')
        .set({ ...row, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return out && goodsOut(out);
    },

    /**
     * Takes `quantity` items and records the redeem, in one transaction: the stock's conditional
     * update decides a race for the last items (undefined: not enough left, nothing written).
     */
    async takeAndRecord(goodsId: number, row: NewRedemption): Promise<RedemptionRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const taken = await trx
          .updateTable('mall_goods')
          .set({
            stock: sql`CASE WHEN stock IS NULL THEN NULL ELSE stock - ${row.quantity} END` as never,
          })
          .where('id', '=', goodsId)
          .where('enabled', '=', true)
          .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>=', row.quantity)]))
          .returning('id')
          .executeTakeFirst();
        if (!taken) return undefined;
        return redemptionOut(
          await trx
            .insertInto('mall_redemptions')
            .values(row)
            .returningAll()
            .executeTakeFirstOrThrow(),
        );
      });
    },

    async insertRedemption(row: NewRedemption): Promise<RedemptionRow> {
      return redemptionOut(
        await db
          .insertInto('mall_redemptions')
          .values(row)
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    },

    /** Undoes a redeem whose points could not be taken: the row goes and its items come back. */
    async undo(row: RedemptionRow): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('mall_redemptions').where('id', '=', row.id).execute();
        if (row.goods_id !== null)
          await trx
            .updateTable('mall_goods')
            .set({
              stock:
                sql`CASE WHEN stock IS NULL THEN NULL ELSE stock + ${row.quantity} END` as never,
            })
            .where('id', '=', row.goods_id)
            .execute();
      });
    },

    /**
     * Decides an in-process redeem with one conditional update (of two decisions at once one
     * wins); a rejection puts its items back in the same transaction.
     */
    async decide(
      id: number,
      status: 'approved' | 'rejected',
      reason: string | null,
      decidedBy: string,
    ): Promise<RedemptionRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('mall_redemptions')
          .set({ status, reason, decided_by: decidedBy, decided_at: new Date() })
          .where('id', '=', id)
          .where('status', '=', 'in_process')
          .returningAll()
          .executeTakeFirst();
        if (row && status === 'rejected' && row.goods_id !== null)
          await trx
            .updateTable('mall_goods')
            .set({
              stock:
                sql`CASE WHEN stock IS NULL THEN NULL ELSE stock + ${row.quantity} END` as never,
            })
            .where('id', '=', row.goods_id)
            .execute();
        return row && redemptionOut(row);
      });
    },

    /** The decided redeem's money moved (or there was none to move). */
    async markSettled(id: number): Promise<void> {
      await db
        .updateTable('mall_redemptions')
        .set({ settled_at: new Date() })
        .where('id', '=', id)
        .where('settled_at', 'is', null)
        .execute();
    },

    /** Decided redeems whose money has not moved, decided before `before`, oldest first. */
    async unsettled(before: Date, limit: number): Promise<RedemptionRow[]> {
      const rows = await db
        .selectFrom('mall_redemptions')
        .selectAll()
        .where('status', '<>', 'in_process')
        .where('settled_at', 'is', null)
        .where('decided_at', '<', before)
        .orderBy('decided_at')
        .limit(limit)
        .execute();
      return rows.map(redemptionOut);
    },

    /** The goods' names per language of these redeems (the member's history shows them). */
    async goodsNames(ids: readonly number[]): Promise<Map<number, Record<string, string>>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('mall_goods')
        .select(['id', 'names'])
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return new Map(rows.map((r) => [Number(r.id), r.names]));
    },

    async redemption(id: number): Promise<RedemptionRow | undefined> {
      const row = await db
        .selectFrom('mall_redemptions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && redemptionOut(row);
    },

    async redemptionsOf(memberId: number, limit: number, offset: number) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('mall_redemptions')
          .selectAll()
          .where('member_id', '=', memberId)
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('mall_redemptions')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('member_id', '=', memberId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(redemptionOut), total: Number(total.n) };
    },

    async queue(merchantCode: string, status: string | undefined, limit: number, offset: number) {
      let base = db
        .selectFrom('mall_redemptions')
        .where('mall_redemptions.merchant_code', '=', merchantCode);
      if (status)
        base = base.where('mall_redemptions.status', '=', status as RedemptionRow['status']);
      const [rows, total] = await Promise.all([
        base
          .leftJoin('mall_goods', 'mall_goods.id', 'mall_redemptions.goods_id')
          .selectAll('mall_redemptions')
          .select('mall_goods.kind as goods_kind')
          .orderBy('mall_redemptions.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        rows: rows.map((r) => ({ ...redemptionOut(r), goods_kind: r.goods_kind ?? null })),
        total: Number(total.n),
      };
    },
  };
}
export type PointsRepository = ReturnType<typeof createPointsRepository>;
