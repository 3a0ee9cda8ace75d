import { sql, type Selectable } from 'kysely';
import type { Db } from '../../../db/connect';
import type { MallGoodsTable, MallRedemptionsTable, PointsSettingsTable } from './tables';

export type PointsSettingsRow = Selectable<PointsSettingsTable>;
export type GoodsRow = Selectable<MallGoodsTable>;
export type RedemptionRow = Selectable<MallRedemptionsTable>;
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

/** The only code that reads or writes the points and mall tables (migration 0034). */
export function createPointsRepository(db: Db) {
  return {
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
