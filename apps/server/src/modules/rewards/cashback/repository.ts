import { sql, type Selectable } from 'kysely';
import type { Db } from '../../../db/connect';
import { betRoundsOpenedIn, settledBetsByMember } from '../../wallet';
import type { CashbackPeriodKind } from './periods';
import type { CashbackPayoutsTable, CashbackSettingsTable } from './tables';

export type CashbackSettingsRow = Selectable<CashbackSettingsTable>;
export type CashbackPayoutRow = Selectable<CashbackPayoutsTable>;

/** The only code that reads or writes the cashback tables (migration 0030). */
export function createCashbackRepository(db: Db) {
  return {
    async settings(merchantCode: string): Promise<CashbackSettingsRow | undefined> {
      return db
        .selectFrom('cashback_settings')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .executeTakeFirst();
    },

    async saveSettings(row: Omit<CashbackSettingsRow, 'updated_at'>) {
      const values = { ...row, rebate_rates_bp: JSON.stringify(row.rebate_rates_bp) as never };
      await db
        .insertInto('cashback_settings')
        .values(values)
        .onConflict((oc) =>
          oc.column('merchant_code').doUpdateSet({ ...values, updated_at: new Date() }),
        )
        .execute();
    },

    /** Brands whose cashback is on (a brand rate of 0 may still pay members' own rates). */
    async brandsWithCashback(): Promise<{ merchantCode: string; period: CashbackPeriodKind }[]> {
      const rows = await db
        .selectFrom('cashback_settings')
        .select(['merchant_code', 'period'])
        .where('enabled', '=', true)
        .execute();
      return rows.map((r) => ({ merchantCode: r.merchant_code, period: r.period }));
    },

    /**
     * Where the brand's cashback other than `periodKey` last paid up to, before `toUtc`: a
     * period's days that an earlier one of another length covered are not paid again.
     */
    async paidUntil(merchantCode: string, periodKey: string, toUtc: Date): Promise<Date | null> {
      const row = await db
        .selectFrom('cashback_payouts')
        .select((eb) => eb.fn.max('window_end').as('until'))
        .where('merchant_code', '=', merchantCode)
        .where('kind', '=', 'cashback')
        .where('period_key', '<>', periodKey)
        .where('window_end', '<=', toUtc)
        .executeTakeFirst();
      return row?.until ? new Date(row.until) : null;
    },

    /** The end of the latest hour a run of the job handled (migration 0043); null before the first. */
    async coveredUntil(job: string): Promise<Date | null> {
      const row = await db
        .selectFrom('cashback_job_coverage')
        .select('covered_until')
        .where('job', '=', job)
        .executeTakeFirst();
      return row ? new Date(row.covered_until) : null;
    },

    /** Moves the job's coverage forward to `until` (never back: an older hour's run leaves it). */
    async cover(job: string, until: Date): Promise<void> {
      await db
        .insertInto('cashback_job_coverage')
        .values({ job, covered_until: until })
        .onConflict((oc) =>
          oc.column('job').doUpdateSet({
            covered_until: sql`GREATEST(cashback_job_coverage.covered_until, ${until})`,
          }),
        )
        .execute();
    },

    /** The latest cashback periods paid, each with its members and amount. */
    async paidPeriods(merchantCode: string, limit: number) {
      const rows = await db
        .selectFrom('cashback_payouts')
        .select((eb) => [
          'period_key',
          eb.fn.max('window_end').as('to_utc'),
          eb.fn.countAll<string | number>().as('members'),
          eb.fn.sum<string | number>('amount_minor').as('amount'),
        ])
        .where('merchant_code', '=', merchantCode)
        .where('kind', '=', 'cashback')
        .groupBy('period_key')
        .orderBy('to_utc', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        periodKey: r.period_key,
        members: Number(r.members),
        amountMinor: Number(r.amount),
      }));
    },

    /** Each member's net loss over the window (settled rounds: stake − payout, when positive). */
    async netLosses(window: {
      merchantCode: string;
      fromUtc: Date;
      toUtc: Date;
    }): Promise<{ memberId: number; lossMinor: number }[]> {
      const rows = await sql<{ member_id: string | number; profit_loss_minor: string | number }>`
        SELECT member_id, profit_loss_minor FROM (${settledBetsByMember(window)}) t
        WHERE profit_loss_minor < 0`.execute(db);
      return rows.rows.map((r) => ({
        memberId: Number(r.member_id),
        lossMinor: -Number(r.profit_loss_minor),
      }));
    },

    /** The period's payouts, each (member, kind, period) once: a second run inserts nothing. */
    async insertPayouts(
      rows: Omit<CashbackPayoutsTable, 'id' | 'created_at' | 'operation_id'>[],
    ): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('cashback_payouts')
        .values(rows.map((r) => ({ ...r, operation_id: null })))
        .onConflict((oc) => oc.columns(['member_id', 'kind', 'period_key']).doNothing())
        .execute();
    },

    /** Payouts of a period whose ledger post is still owed. */
    async unpaid(merchantCode: string, kind: 'cashback' | 'rebate', periodKey: string) {
      return db
        .selectFrom('cashback_payouts')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .where('kind', '=', kind)
        .where('period_key', '=', periodKey)
        .where('operation_id', 'is', null)
        .orderBy('id')
        .execute();
    },

    /** Records the payout's ledger operation; false when another run recorded it first. */
    async setOperation(id: number, operationId: number, executor: Db = db): Promise<boolean> {
      const result = await executor
        .updateTable('cashback_payouts')
        .set({ operation_id: operationId })
        .where('id', '=', id)
        .where('operation_id', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * The member's valid bets of rounds settled in [fromUtc, toUtc), by vendor. Rounds are found
     * by their opening time (the wallet's member index), from `openedFromUtc`.
     */
    async validBetsByVendor(
      merchantCode: string,
      memberId: number,
      openedFromUtc: Date,
      fromUtc: Date,
      toUtc: Date,
    ): Promise<{ vendorCode: string; validBetMinor: number }[]> {
      const rows = await sql<{ vendor_code: string; valid: string | number }>`
        SELECT vendor_code, sum(valid_bet_minor) AS valid
        FROM (${betRoundsOpenedIn({ merchantCode, fromUtc: openedFromUtc, toUtc })}) r
        WHERE member_id = ${memberId} AND status = 'settled'
          AND settled_at >= ${fromUtc} AND settled_at < ${toUtc}
        GROUP BY vendor_code`.execute(db);
      return rows.rows.map((r) => ({ vendorCode: r.vendor_code, validBetMinor: Number(r.valid) }));
    },

    /** Rebate claims written before `before` whose money was not posted, oldest first. */
    async unpaidRebates(before: Date, limit: number): Promise<CashbackPayoutRow[]> {
      return db
        .selectFrom('cashback_payouts')
        .selectAll()
        .where('kind', '=', 'rebate')
        .where('operation_id', 'is', null)
        .where('created_at', '<', before)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** The member's last rebate claim (its id and end), or undefined before the first. */
    async lastRebate(memberId: number): Promise<{ id: number; window_end: Date } | undefined> {
      return db
        .selectFrom('cashback_payouts')
        .select(['id', 'window_end'])
        .where('member_id', '=', memberId)
        .where('kind', '=', 'rebate')
        .orderBy('window_end', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** A rebate claim's row, or undefined when another claim of the same window got there first. */
    async insertClaim(
      row: Omit<CashbackPayoutsTable, 'id' | 'created_at' | 'operation_id'>,
    ): Promise<CashbackPayoutRow | undefined> {
      return db
        .insertInto('cashback_payouts')
        .values({ ...row, operation_id: null })
        .onConflict((oc) => oc.columns(['member_id', 'kind', 'period_key']).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    async payoutsOf(
      memberId: number,
      kind: 'cashback' | 'rebate',
      limit: number,
    ): Promise<CashbackPayoutRow[]> {
      return db
        .selectFrom('cashback_payouts')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('kind', '=', kind)
        .orderBy('window_end', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
export type CashbackRepository = ReturnType<typeof createCashbackRepository>;
