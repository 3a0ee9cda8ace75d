import { sql, type Insertable, type SqlBool, type Updateable } from 'kysely';
import type { MissionKind } from '@banca/contracts';
import type { Db } from '../../../db/connect';
import './tables';
import type { MissionProgressRow, MissionRow, MissionsTable } from './tables';
import { MISSION_CLAIM_GRACE_MS } from './window';

/** One fact's share of one mission's period, as the handlers build it. */
export type ProgressInput = {
  factKey: string;
  missionId: number;
  memberId: number;
  merchantCode: string;
  currency: string;
  periodKey: string;
  amount: number;
  /** When the fact happened: it counts only inside the mission's window (docs "Dates"). */
  at: string;
};

export type LeaderboardTotal = { member_id: number; points: number; rank: number };

/**
 * The missions (of the alias) whose claims are open at `at`: started, and not ended longer ago
 * than the grace period (window.ts). The badge and the push's count read it like the claim does.
 */
function claimsOpen(alias: 'm' | 'cm', at: Date) {
  const startsAt = sql.ref(`${alias}.starts_at`);
  const endsAt = sql.ref(`${alias}.ends_at`);
  const graceFrom = new Date(at.getTime() - MISSION_CLAIM_GRACE_MS);
  return sql<SqlBool>`(${startsAt} IS NULL OR ${startsAt} <= ${at})
    AND (${endsAt} IS NULL OR ${endsAt} > ${graceFrom})`;
}

export function createMissionsRepository(db: Db) {
  return {
    /**
     * A brand's switched-on missions of some kinds, in the page's order, leaving out those
     * ended longer ago than the grace period (the caller sorts the rest by window.ts).
     */
    live(merchantCode: string, kinds?: readonly MissionKind[]): Promise<MissionRow[]> {
      const graceFrom = new Date(Date.now() - MISSION_CLAIM_GRACE_MS);
      let query = db
        .selectFrom('missions')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .where('enabled', '=', true)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', graceFrom)]));
      if (kinds) query = query.where('kind', 'in', kinds);
      return query.orderBy('sort_order').orderBy('id').execute();
    },

    mission(id: number): Promise<MissionRow | undefined> {
      return db.selectFrom('missions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Counts facts toward missions in one statement (the bet path's cost per batch): the facts'
     * keys are inserted first and only the rows of keys this statement inserted count, so a
     * redelivered event adds nothing; each (mission, member, period) grows by its sum and
     * becomes claimable on reaching the mission's target. Rows are written in key order so two
     * batches never wait on each other in a cycle. A fact outside its mission's window (by
     * the fact's own time, against the mission's row as it is now) is left out in the same
     * join: the bet path pays no extra round trip for it.
     */
    /** Answers the members with a row claimable and not yet announced (MISSION) after it. */
    async addProgress(rows: readonly ProgressInput[]): Promise<number[]> {
      if (rows.length === 0) return [];
      const { rows: claimable } = await sql<{ member_id: number }>`
        WITH input AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS i(
            "factKey" text, "missionId" bigint, "memberId" bigint, "merchantCode" text,
            currency text, "periodKey" text, amount bigint, at timestamptz)
        ), fresh AS (
          INSERT INTO mission_counted_facts (fact_key)
          SELECT DISTINCT "factKey" FROM input
          ON CONFLICT DO NOTHING
          RETURNING fact_key
        ), sums AS (
          SELECT i."missionId" AS mission_id, i."memberId" AS member_id,
                 min(i."merchantCode") AS merchant_code, min(i.currency) AS currency,
                 i."periodKey" AS period_key, sum(i.amount)::bigint AS amount, m.target
          FROM input i
          JOIN fresh f ON f.fact_key = i."factKey"
          JOIN missions m ON m.id = i."missionId"
            AND (m.starts_at IS NULL OR m.starts_at <= i.at)
            AND (m.ends_at IS NULL OR i.at < m.ends_at)
          GROUP BY i."missionId", i."memberId", i."periodKey", m.target
        ), grown AS (
        INSERT INTO mission_progress AS p
          (mission_id, merchant_code, member_id, currency, period_key, progress, status, completed_at)
        SELECT mission_id, merchant_code, member_id, currency, period_key, amount,
               CASE WHEN amount >= target THEN 'claimable' ELSE 'in_process' END,
               CASE WHEN amount >= target THEN now() END
        FROM sums
        ORDER BY mission_id, member_id, period_key
        ON CONFLICT (mission_id, member_id, period_key) DO UPDATE SET
          progress = p.progress + EXCLUDED.progress,
          status = CASE
            WHEN p.status = 'in_process'
             AND p.progress + EXCLUDED.progress >= (SELECT target FROM missions WHERE id = p.mission_id)
            THEN 'claimable' ELSE p.status END,
          completed_at = CASE
            WHEN p.status = 'in_process'
             AND p.progress + EXCLUDED.progress >= (SELECT target FROM missions WHERE id = p.mission_id)
            THEN now() ELSE p.completed_at END,
          updated_at = now()
        RETURNING p.member_id, p.status, p.notified_at
      )
      SELECT DISTINCT member_id FROM grown WHERE status = 'claimable' AND notified_at IS NULL
      `.execute(db);
      return claimable.map((r) => Number(r.member_id));
    },

    /** The member's rows of these missions: this period's and any older one still claimable. */
    progressOf(
      memberId: number,
      missions: readonly { id: number; periodKey: string }[],
    ): Promise<MissionProgressRow[]> {
      if (missions.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('mission_progress')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('mission_id', 'in', [...new Set(missions.map((m) => m.id))])
        .where((eb) =>
          eb.or([
            eb('status', 'in', ['claimable', 'issuing']),
            ...missions.map((m) =>
              eb.and([eb('mission_id', '=', m.id), eb('period_key', '=', m.periodKey)]),
            ),
          ]),
        )
        .orderBy('id')
        .execute();
    },

    /** Claimable missions of the member (the menu's badge): switched on, claims open at `at`. */
    async claimableCount(memberId: number, at: Date): Promise<number> {
      const row = await db
        .selectFrom('mission_progress as p')
        .innerJoin('missions as m', 'm.id', 'p.mission_id')
        .select((eb) => eb.fn.count<number>(eb.fn('distinct', ['p.mission_id'])).as('n'))
        .where('p.member_id', '=', memberId)
        .where('p.status', '=', 'claimable')
        .where('m.enabled', '=', true)
        .where(claimsOpen('m', at))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Claimable rows nobody was told of yet (the MISSION push), of these members or of anyone
     * (the job's sweep), oldest first, with their mission's titles and their member's count of
     * claimable missions after them. Read through the partial index of rows still to push.
     */
    async toNotify(
      memberIds: readonly number[] | null,
      limit: number,
      at: Date,
    ): Promise<
      (MissionProgressRow & { titles: Record<string, string>; claimable_count: number })[]
    > {
      if (memberIds !== null && memberIds.length === 0) return [];
      let query = db
        .selectFrom('mission_progress as p')
        .innerJoin('missions as m', 'm.id', 'p.mission_id')
        .selectAll('p')
        .select('m.titles')
        .select((eb) =>
          eb
            .selectFrom('mission_progress as c')
            .innerJoin('missions as cm', 'cm.id', 'c.mission_id')
            .select((c) => c.fn.count<number>(c.fn('distinct', ['c.mission_id'])).as('n'))
            .whereRef('c.member_id', '=', 'p.member_id')
            .where('c.status', '=', 'claimable')
            .where('cm.enabled', '=', true)
            .where(claimsOpen('cm', at))
            .as('claimable_count'),
        )
        .where('p.status', '=', 'claimable')
        .where('p.notified_at', 'is', null)
        .where('m.enabled', '=', true);
      if (memberIds !== null) query = query.where('p.member_id', 'in', [...new Set(memberIds)]);
      const rows = await query.orderBy('p.id').limit(limit).execute();
      return rows.map((r) => ({ ...r, claimable_count: Number(r.claimable_count ?? 0) }));
    },

    /** Marks rows told (after their push was stored: a crash between pushes them once more). */
    async markNotified(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('mission_progress')
        .set({ notified_at: new Date() })
        .where('id', 'in', [...ids])
        .where('notified_at', 'is', null)
        .execute();
    },

    /**
     * Takes the member's oldest claimable row of the mission for issuing: one conditional
     * update under the row's lock, so of two claims at once exactly one gets it.
     */
    startClaim(missionId: number, memberId: number): Promise<MissionProgressRow | undefined> {
      return db
        .updateTable('mission_progress')
        .set({ status: 'issuing', updated_at: new Date() })
        .where('id', '=', (eb) =>
          eb
            .selectFrom('mission_progress')
            .select('id')
            .where('mission_id', '=', missionId)
            .where('member_id', '=', memberId)
            .where('status', '=', 'claimable')
            .orderBy('id')
            .limit(1)
            .forUpdate(),
        )
        .where('status', '=', 'claimable')
        .returningAll()
        .executeTakeFirst();
    },

    async finishClaim(id: number, reference: string, points: number): Promise<MissionProgressRow> {
      return db
        .updateTable('mission_progress')
        .set({
          status: 'claimed',
          claimed_at: new Date(),
          reward_reference: reference,
          points_earned: points,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .where('status', '=', 'issuing')
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async backToClaimable(id: number): Promise<void> {
      await db
        .updateTable('mission_progress')
        .set({ status: 'claimable', updated_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'issuing')
        .execute();
    },

    stuckIssuing(before: Date, limit: number): Promise<MissionProgressRow[]> {
      return db
        .selectFrom('mission_progress')
        .selectAll()
        .where('status', '=', 'issuing')
        .where('updated_at', '<', before)
        .orderBy('updated_at')
        .limit(limit)
        .execute();
    },

    /**
     * Mission points claimed in [from, to) per member, ranked (more points first; on a tie, who
     * got there first): the top `limit` and the member's own line.
     */
    async leaderboard(input: {
      merchantCode: string;
      from: Date;
      to: Date;
      limit: number;
      memberId: number;
    }): Promise<LeaderboardTotal[]> {
      const result = await sql<LeaderboardTotal>`
        WITH totals AS (
          SELECT member_id, sum(points_earned)::bigint AS points, max(claimed_at) AS reached_at
          FROM mission_progress
          WHERE merchant_code = ${input.merchantCode} AND status = 'claimed'
            AND claimed_at >= ${input.from} AND claimed_at < ${input.to} AND points_earned > 0
          GROUP BY member_id
        ), ranked AS (
          SELECT member_id, points,
                 row_number() OVER (ORDER BY points DESC, reached_at, member_id)::int AS rank
          FROM totals
        )
        SELECT member_id, points, rank FROM ranked
        WHERE rank <= ${input.limit} OR member_id = ${input.memberId}
        ORDER BY rank
      `.execute(db);
      return result.rows.map((r) => ({ ...r, points: Number(r.points) }));
    },

    /* ── Console ── */

    list(merchantCode?: string): Promise<(MissionRow & { claimed_count: number })[]> {
      let query = db
        .selectFrom('missions as m')
        .selectAll('m')
        .select((eb) =>
          eb
            .selectFrom('mission_progress as p')
            .select((c) => c.fn.countAll<number>().as('n'))
            .whereRef('p.mission_id', '=', 'm.id')
            .where('p.status', '=', 'claimed')
            .as('claimed_count'),
        );
      if (merchantCode) query = query.where('m.merchant_code', '=', merchantCode);
      return query
        .orderBy('m.merchant_code')
        .orderBy('m.sort_order')
        .orderBy('m.id')
        .execute()
        .then((rows) => rows.map((r) => ({ ...r, claimed_count: Number(r.claimed_count ?? 0) })));
    },

    insert(values: Insertable<MissionsTable>): Promise<MissionRow> {
      return db.insertInto('missions').values(values).returningAll().executeTakeFirstOrThrow();
    },

    update(id: number, values: Updateable<MissionsTable>): Promise<MissionRow | undefined> {
      return db
        .updateTable('missions')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },
  };
}
export type MissionsRepository = ReturnType<typeof createMissionsRepository>;
