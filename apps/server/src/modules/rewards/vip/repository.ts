import { sql, type Selectable } from 'kysely';
import type { Db } from '../../../db/connect';
import type { VipLevelsTable, VipSettingsTable } from './tables';

export type VipSettingsRow = Selectable<VipSettingsTable>;
export type VipLevelRow = Selectable<VipLevelsTable>;

/** One member's figures of a day to add (a settled bet's valid bet, a credited deposit). */
export type ActivityDelta = {
  memberId: number;
  merchantCode: string;
  day: string;
  depositMinor: number;
  validBetMinor: number;
};

/** The windows a recalculation reads: `up` for reaching a level, `keep` for holding one. */
export type RecalcWindows = {
  upFrom: string;
  upTo: string;
  /** Absent: levels only go up (the settled-bet path). */
  keep: { from: string; to: string } | null;
};

/** Memory for the whole-brand recalculation's aggregates (its own transaction). */
const RECALC_WORK_MEM = '64MB';

export type LevelChange = { memberId: number; fromRank: number; toRank: number };

/** The only code that reads or writes the VIP tables (migration 0034). */
export function createVipRepository(db: Db) {
  /**
   * Whether a member's figures (d, b) meet a level's thresholds (ld, lb): every non-zero one
   * (`all`), or one of them (`any`; a level without thresholds is met by everyone).
   */
  const meets = (all: boolean, d: string, b: string, ld: string, lb: string) =>
    sql`((${all} AND coalesce(${sql.raw(d)}, 0) >= ${sql.raw(ld)} AND coalesce(${sql.raw(b)}, 0) >= ${sql.raw(lb)})
      OR (NOT ${all} AND ((${sql.raw(ld)} = 0 AND ${sql.raw(lb)} = 0)
        OR (${sql.raw(ld)} > 0 AND coalesce(${sql.raw(d)}, 0) >= ${sql.raw(ld)})
        OR (${sql.raw(lb)} > 0 AND coalesce(${sql.raw(b)}, 0) >= ${sql.raw(lb)}))))`;

  return {
    async settings(merchantCode: string): Promise<VipSettingsRow | undefined> {
      return db
        .selectFrom('vip_settings')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .executeTakeFirst();
    },

    async levels(merchantCode: string): Promise<VipLevelRow[]> {
      const rows = await db
        .selectFrom('vip_levels')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .orderBy('rank')
        .execute();
      return rows.map((r) => ({
        ...r,
        deposit_minor: Number(r.deposit_minor),
        valid_bet_minor: Number(r.valid_bet_minor),
        keep_deposit_minor: Number(r.keep_deposit_minor),
        keep_valid_bet_minor: Number(r.keep_valid_bet_minor),
        level_up_reward_minor: Number(r.level_up_reward_minor),
        weekly_reward_minor: Number(r.weekly_reward_minor),
        monthly_reward_minor: Number(r.monthly_reward_minor),
      }));
    },

    /** Replaces a brand's settings and levels in one transaction. */
    async save(
      settings: Omit<VipSettingsRow, 'updated_at'>,
      levels: Omit<VipLevelRow, 'id' | 'updated_at'>[],
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('vip_settings')
          .values(settings)
          .onConflict((oc) =>
            oc.column('merchant_code').doUpdateSet({ ...settings, updated_at: new Date() }),
          )
          .execute();
        await trx
          .deleteFrom('vip_levels')
          .where('merchant_code', '=', settings.merchant_code)
          .execute();
        if (levels.length > 0) await trx.insertInto('vip_levels').values(levels).execute();
      });
    },

    async enabledBrands(): Promise<string[]> {
      const rows = await db
        .selectFrom('vip_settings')
        .select('merchant_code')
        .where('enabled', '=', true)
        .execute();
      return rows.map((r) => r.merchant_code);
    },

    /**
     * Counts the events a handler has not counted before: inserts their ids and answers those it
     * inserted (a redelivered event answers nothing).
     */
    async firstCounted(trx: Db, handler: string, eventIds: number[]): Promise<Set<number>> {
      if (eventIds.length === 0) return new Set();
      const rows = await sql<{ event_id: string | number }>`
        INSERT INTO loyalty_counted_events (handler, event_id)
        SELECT ${handler}, id FROM unnest(${eventIds}::bigint[]) AS id
        ON CONFLICT DO NOTHING RETURNING event_id`.execute(trx);
      return new Set(rows.rows.map((r) => Number(r.event_id)));
    },

    /** Adds the deltas to the members' days, in one statement. */
    async addActivity(trx: Db, deltas: ActivityDelta[]): Promise<void> {
      if (deltas.length === 0) return;
      const json = JSON.stringify(
        deltas.map((d) => ({
          member_id: d.memberId,
          merchant_code: d.merchantCode,
          day: d.day,
          deposit_minor: d.depositMinor,
          valid_bet_minor: d.validBetMinor,
        })),
      );
      await sql`
        INSERT INTO vip_activity (member_id, day, merchant_code, deposit_minor, valid_bet_minor)
        SELECT member_id, day, merchant_code, sum(deposit_minor), sum(valid_bet_minor)
        FROM jsonb_to_recordset(${json}::jsonb)
          AS d(member_id bigint, day date, merchant_code text, deposit_minor bigint, valid_bet_minor bigint)
        GROUP BY member_id, day, merchant_code
        ORDER BY member_id, day
        ON CONFLICT (member_id, day) DO UPDATE SET
          deposit_minor = vip_activity.deposit_minor + excluded.deposit_minor,
          valid_bet_minor = vip_activity.valid_bet_minor + excluded.valid_bet_minor`.execute(trx);
    },

    /**
     * Recalculates the levels of a brand's members (all, or `memberIds`) in one statement: each
     * member's figures over the windows against the levels, the new rank written where it
     * changed, and a `vip.level-changed` event for each change written to the outbox in the same
     * statement. Without a keep window levels only rise (the settled-bet path); with one a member
     * below the level's keep thresholds drops to the highest level kept.
     */
    async recalculate(
      trx: Db,
      input: {
        merchantCode: string;
        currency: string;
        all: boolean;
        windows: RecalcWindows;
        memberIds: number[] | null;
        at: Date;
      },
    ): Promise<LevelChange[]> {
      const { merchantCode, windows, all } = input;
      // A brand's whole window is aggregated in memory; the server's default (4 MB) spills a
      // 100,000-member aggregate to disk (bench:vip). This transaction only.
      if (input.memberIds === null)
        await sql`SELECT set_config('work_mem', ${RECALC_WORK_MEM}, true)`.execute(trx);
      const only = input.memberIds ? sql`AND member_id = ANY(${input.memberIds}::bigint[])` : sql``;
      const keep = windows.keep;
      const rows = await sql<{ member_id: string; from_rank: number; to_rank: number }>`
        WITH lv AS (
          SELECT rank, deposit_minor, valid_bet_minor, keep_deposit_minor, keep_valid_bet_minor
          FROM vip_levels WHERE merchant_code = ${merchantCode}
        ), up AS (
          SELECT member_id, sum(deposit_minor) AS dep, sum(valid_bet_minor) AS bet
          FROM vip_activity
          WHERE merchant_code = ${merchantCode} AND day >= ${windows.upFrom}::date
            AND day <= ${windows.upTo}::date ${only}
          GROUP BY member_id
        ), kp AS (${
          // A rolling window keeps by the same figures it climbs by: one scan, not two.
          keep && keep.from === windows.upFrom && keep.to === windows.upTo
            ? sql`SELECT * FROM up`
            : sql`SELECT member_id, sum(deposit_minor) AS dep, sum(valid_bet_minor) AS bet
          FROM vip_activity
          WHERE ${keep !== null} AND merchant_code = ${merchantCode}
            AND day >= ${keep?.from ?? windows.upFrom}::date AND day <= ${keep?.to ?? windows.upTo}::date ${only}
          GROUP BY member_id`
        }), cur AS (
          SELECT member_id, rank FROM vip_members WHERE merchant_code = ${merchantCode} ${only}
        ), calc AS (
          SELECT m.member_id, coalesce(cur.rank, 0) AS old_rank,
            coalesce((SELECT max(rank) FROM lv
              WHERE ${meets(all, 'up.dep', 'up.bet', 'lv.deposit_minor', 'lv.valid_bet_minor')}), 0) AS target,
            coalesce((SELECT max(rank) FROM lv
              WHERE ${meets(all, 'kp.dep', 'kp.bet', 'lv.keep_deposit_minor', 'lv.keep_valid_bet_minor')}), 0) AS kept
          FROM (SELECT member_id FROM up UNION SELECT member_id FROM cur) m
          LEFT JOIN up USING (member_id) LEFT JOIN kp USING (member_id) LEFT JOIN cur USING (member_id)
        ), next AS (
          SELECT member_id, old_rank,
            CASE WHEN ${keep !== null} THEN greatest(target, least(old_rank, kept))
                 ELSE greatest(target, old_rank) END AS new_rank
          FROM calc
        ), changed AS (
          INSERT INTO vip_members (member_id, merchant_code, rank, changed_at)
          SELECT member_id, ${merchantCode}, new_rank, ${input.at} FROM next WHERE new_rank <> old_rank
          ORDER BY member_id
          ON CONFLICT (member_id) DO UPDATE SET rank = excluded.rank, changed_at = excluded.changed_at
            WHERE ${keep !== null} OR vip_members.rank < excluded.rank
          RETURNING member_id, rank
        ), published AS (
          INSERT INTO domain_events (type, payload)
          SELECT 'vip.level-changed', jsonb_build_object('memberId', c.member_id,
            'merchantCode', ${merchantCode}::text, 'currency', ${input.currency}::text,
            'fromRank', n.old_rank, 'toRank', c.rank, 'at', ${input.at.toISOString()}::text)
          FROM changed c JOIN next n USING (member_id)
        )
        SELECT c.member_id, n.old_rank AS from_rank, c.rank AS to_rank
        FROM changed c JOIN next n USING (member_id)`.execute(trx);
      return rows.rows.map((r) => ({
        memberId: Number(r.member_id),
        fromRank: Number(r.from_rank),
        toRank: Number(r.to_rank),
      }));
    },

    async rankOf(memberId: number): Promise<number> {
      const row = await db
        .selectFrom('vip_members')
        .select('rank')
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return row?.rank ?? 0;
    },

    /** A member's deposits and valid bets over a window. */
    async figures(
      memberId: number,
      from: string,
      to: string,
    ): Promise<{ depositMinor: number; validBetMinor: number }> {
      const row = await sql<{ dep: string | null; bet: string | null }>`
        SELECT sum(deposit_minor) AS dep, sum(valid_bet_minor) AS bet FROM vip_activity
        WHERE member_id = ${memberId} AND day >= ${from}::date AND day <= ${to}::date`.execute(db);
      return {
        depositMinor: Number(row.rows[0]?.dep ?? 0),
        validBetMinor: Number(row.rows[0]?.bet ?? 0),
      };
    },

    /** Owes the level-up rewards of every rank in (fromRank, toRank] once per member and rank. */
    async oweLevelUps(
      changes: {
        memberId: number;
        merchantCode: string;
        currency: string;
        fromRank: number;
        toRank: number;
      }[],
    ): Promise<void> {
      if (changes.length === 0) return;
      await sql`
        INSERT INTO vip_rewards (merchant_code, member_id, currency, kind, period_key, rank, amount_minor)
        SELECT c."merchantCode", c."memberId", c.currency, 'level_up', 'rank:' || l.rank, l.rank,
          l.level_up_reward_minor
        FROM jsonb_to_recordset(${JSON.stringify(changes)}::jsonb)
          AS c("memberId" bigint, "merchantCode" text, currency text, "fromRank" int, "toRank" int)
          JOIN vip_levels l ON l.merchant_code = c."merchantCode"
            AND l.rank > c."fromRank" AND l.rank <= c."toRank" AND l.level_up_reward_minor > 0
        ON CONFLICT (member_id, kind, period_key) DO NOTHING`.execute(db);
    },

    /** Owes the weekly or monthly reward of every member at a level paying one, once per period. */
    async owePeriodic(input: {
      merchantCode: string;
      currency: string;
      kind: 'weekly' | 'monthly';
      periodKey: string;
    }): Promise<void> {
      const column = input.kind === 'weekly' ? 'weekly_reward_minor' : 'monthly_reward_minor';
      await sql`
        INSERT INTO vip_rewards (merchant_code, member_id, currency, kind, period_key, rank, amount_minor)
        SELECT m.merchant_code, m.member_id, ${input.currency}, ${input.kind}, ${input.periodKey}, m.rank, l.${sql.raw(column)}
        FROM vip_members m JOIN vip_levels l ON l.merchant_code = m.merchant_code AND l.rank = m.rank
        WHERE m.merchant_code = ${input.merchantCode} AND l.${sql.raw(column)} > 0
        ON CONFLICT (member_id, kind, period_key) DO NOTHING`.execute(db);
    },

    /** Rewards whose ledger post is still owed (of some members, or all), oldest first. */
    async unpaid(memberIds: number[] | null, limit: number) {
      let query = db
        .selectFrom('vip_rewards')
        .selectAll()
        .where('operation_id', 'is', null)
        .orderBy('id')
        .limit(limit);
      if (memberIds) query = query.where('member_id', 'in', memberIds);
      return (await query.execute()).map((r) => ({ ...r, amount_minor: Number(r.amount_minor) }));
    },

    async setOperation(id: number, operationId: number): Promise<void> {
      await db
        .updateTable('vip_rewards')
        .set({ operation_id: operationId })
        .where('id', '=', id)
        .execute();
    },
  };
}
export type VipRepository = ReturnType<typeof createVipRepository>;
