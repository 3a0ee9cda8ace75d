import { sql } from 'kysely';
import type { Db } from '../../../db/connect';
import type { BetOrder } from './tables';

export type BetOrderRow = { betOrder: BetOrder; cashOnlyCategories: string[] };

/**
 * SQL of the bet order (migration 0032): the brands' `bet_order` and cash-only categories in
 * `bonus_settings`, and what a close of a grant needs to know about the member's other grants.
 */
export function createBetOrderRepository(db: Db) {
  return {
    /** Every brand that has bonus settings (one row per brand: the whole table is small). */
    async all(): Promise<Map<string, BetOrderRow>> {
      const rows = await db
        .selectFrom('bonus_settings')
        .select(['merchant_code', 'bet_order', 'cash_only_categories'])
        .execute();
      return new Map(
        rows.map((r) => [
          r.merchant_code,
          { betOrder: r.bet_order, cashOnlyCategories: r.cash_only_categories },
        ]),
      );
    },

    async save(merchantCode: string, input: BetOrderRow): Promise<void> {
      const values = {
        bet_order: input.betOrder,
        cash_only_categories: JSON.stringify(input.cashOnlyCategories) as never,
      };
      await db
        .insertInto('bonus_settings')
        .values({ merchant_code: merchantCode, ...values })
        .onConflict((oc) =>
          oc.column('merchant_code').doUpdateSet({ ...values, updated_at: new Date() }),
        )
        .execute();
    },

    /** Whether the member has another open grant in this currency than `grantId`. */
    async othersOpen(memberId: number, currency: string, grantId: number): Promise<boolean> {
      const row = await db
        .selectFrom('bonus_grants')
        .select(sql<number>`1`.as('one'))
        .where('member_id', '=', memberId)
        .where('currency', '=', currency)
        .where('status', '=', 'open')
        .where('id', '<>', grantId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Records what a close moved (0: nothing was left, and no operation is owed). */
    async setClosedAmount(id: number, amountMinor: number): Promise<void> {
      await db
        .updateTable('bonus_grants')
        .set({ closed_amount_minor: amountMinor })
        .where('id', '=', id)
        .where('closed_amount_minor', 'is', null)
        .execute();
    },
  };
}
export type BetOrderRepository = ReturnType<typeof createBetOrderRepository>;
