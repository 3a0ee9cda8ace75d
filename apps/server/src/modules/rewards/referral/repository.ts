import { sql, type Insertable } from 'kysely';
import type { Db } from '../../../db/connect';
import './tables';
import type { ReferralRow, ReferralSettingsTable, ReferralsTable } from './tables';

export type ReferralSettingsRow = {
  merchant_code: string;
  enabled: boolean;
  min_deposit_minor: number;
  min_turnover_minor: number;
  reward_kind: 'cash' | 'bonus' | 'points';
  reward_minor: number;
  wagering_multiple: number;
  block_same_ip: boolean;
};

export function createReferralRepository(db: Db) {
  return {
    async settings(merchantCode: string): Promise<ReferralSettingsRow | undefined> {
      return db
        .selectFrom('referral_settings')
        .select([
          'merchant_code',
          'enabled',
          'min_deposit_minor',
          'min_turnover_minor',
          'reward_kind',
          'reward_minor',
          'wagering_multiple',
          'block_same_ip',
        ])
        .where('merchant_code', '=', merchantCode)
        .executeTakeFirst();
    },

    async saveSettings(values: Insertable<ReferralSettingsTable>): Promise<void> {
      const { merchant_code: _code, ...changes } = values;
      await db
        .insertInto('referral_settings')
        .values(values)
        .onConflict((oc) =>
          oc.column('merchant_code').doUpdateSet({ ...changes, updated_at: new Date() }),
        )
        .execute();
    },

    /** The friend's row, created once (a redelivered registration changes nothing). */
    async insert(values: Insertable<ReferralsTable>): Promise<void> {
      await db
        .insertInto('referrals')
        .values(values)
        .onConflict((oc) => oc.column('friend_member_id').doNothing())
        .execute();
    },

    friend(friendId: number): Promise<ReferralRow | undefined> {
      return db
        .selectFrom('referrals')
        .selectAll()
        .where('friend_member_id', '=', friendId)
        .executeTakeFirst();
    },

    /** The friend's first deposit: registered → deposited, once. */
    async markDeposited(friendId: number, amountMinor: number, at: Date): Promise<void> {
      await db
        .updateTable('referrals')
        .set({ status: 'deposited', first_deposit_minor: amountMinor, deposited_at: at })
        .where('friend_member_id', '=', friendId)
        .where('status', '=', 'registered')
        .execute();
    },

    async block(friendId: number, reason: NonNullable<ReferralRow['blocked_reason']>) {
      await db
        .updateTable('referrals')
        .set({ status: 'blocked', blocked_reason: reason })
        .where('friend_member_id', '=', friendId)
        .where('status', 'in', ['registered', 'deposited'])
        .execute();
    },

    /** Friends among these members whose turnover still counts (read before any write). */
    async pendingAmong(memberIds: readonly number[]): Promise<number[]> {
      if (memberIds.length === 0) return [];
      const rows = await db
        .selectFrom('referrals')
        .select('friend_member_id')
        .where('friend_member_id', 'in', [...new Set(memberIds)])
        .where('status', 'in', ['registered', 'deposited'])
        .execute();
      return rows.map((r) => r.friend_member_id);
    },

    /**
     * Adds valid bets to pending friends in one statement: the events' keys are recorded
     * first (mission_counted_facts, `referral-rounds:<eventId>`) and only fresh ones count.
     * Answers the friends whose turnover grew.
     */
    async addTurnover(
      rows: readonly { factKey: string; memberId: number; amount: number }[],
    ): Promise<number[]> {
      if (rows.length === 0) return [];
      const result = await sql<{ friend_member_id: number }>`
        WITH input AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            AS i("factKey" text, "memberId" bigint, amount bigint)
        ), fresh AS (
          INSERT INTO mission_counted_facts (fact_key)
          SELECT DISTINCT "factKey" FROM input
          ON CONFLICT DO NOTHING
          RETURNING fact_key
        ), sums AS (
          SELECT i."memberId" AS member_id, sum(i.amount)::bigint AS amount
          FROM input i JOIN fresh f ON f.fact_key = i."factKey"
          GROUP BY i."memberId"
        )
        UPDATE referrals r SET turnover_minor = r.turnover_minor + s.amount
        FROM sums s
        WHERE r.friend_member_id = s.member_id AND r.status IN ('registered', 'deposited')
        RETURNING r.friend_member_id
      `.execute(db);
      return result.rows.map((r) => Number(r.friend_member_id));
    },

    /**
     * deposited → qualified, once, when both thresholds are met: one conditional update, so of
     * two handlers at once exactly one qualifies the friend (and pays).
     */
    qualify(input: {
      friendId: number;
      minDepositMinor: number;
      minTurnoverMinor: number;
      rewardMinor: number;
      at: Date;
    }): Promise<ReferralRow | undefined> {
      return db
        .updateTable('referrals')
        .set({ status: 'qualified', qualified_at: input.at, reward_minor: input.rewardMinor })
        .where('friend_member_id', '=', input.friendId)
        .where('status', '=', 'deposited')
        .where('first_deposit_minor', '>=', input.minDepositMinor)
        .where('turnover_minor', '>=', input.minTurnoverMinor)
        .returningAll()
        .executeTakeFirst();
    },

    async rewarded(friendId: number, reference: string): Promise<void> {
      await db
        .updateTable('referrals')
        .set({ reward_reference: reference })
        .where('friend_member_id', '=', friendId)
        .execute();
    },

    owed(before: Date, limit: number): Promise<ReferralRow[]> {
      return db
        .selectFrom('referrals')
        .selectAll()
        .where('status', '=', 'qualified')
        .where('reward_reference', 'is', null)
        .where('qualified_at', '<', before)
        .orderBy('qualified_at')
        .limit(limit)
        .execute();
    },

    /** The referrer's friends, newest first. */
    friendsOf(referrerId: number, limit: number): Promise<ReferralRow[]> {
      return db
        .selectFrom('referrals')
        .selectAll()
        .where('referrer_member_id', '=', referrerId)
        .orderBy('registered_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** Counts by status and the rewards received, over every friend. */
    async totalsOf(referrerId: number) {
      const rows = await db
        .selectFrom('referrals')
        .select((eb) => [
          'status',
          eb.fn.countAll<number>().as('n'),
          eb.fn.sum<number>('reward_minor').as('reward'),
        ])
        .where('referrer_member_id', '=', referrerId)
        .groupBy('status')
        .execute();
      return rows.map((r) => ({ status: r.status, n: Number(r.n), reward: Number(r.reward ?? 0) }));
    },
  };
}
export type ReferralRepository = ReturnType<typeof createReferralRepository>;
