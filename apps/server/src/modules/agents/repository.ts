import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/connect';

/**
 * The downline closure (agent_tree) as SQL. The agents module's code, contracts and settlement
 * included, reads the tree only through these functions, so "the team of X" is written once.
 */
export function createTreeRepository(db: Db) {
  return {
    /**
     * Puts a member in the tree under `uplineId` (or as a root when null): its depth-0 row and
     * one row per ancestor of the upline. Idempotent: a second call writes nothing, and a
     * member already placed keeps its place. The upline gets its own depth-0 row if it had
     * none (an agent with no upline, or one made before the tree existed).
     */
    async place(
      executor: Db,
      input: { memberId: number; uplineId: number | null; merchantCode: string; joinedAt?: Date },
    ): Promise<void> {
      const { memberId, uplineId, merchantCode } = input;
      const joinedAt = input.joinedAt ?? new Date();
      if (uplineId !== null) {
        await executor
          .insertInto('agent_tree')
          .values({
            ancestor_id: uplineId,
            descendant_id: uplineId,
            depth: 0,
            merchant_code: merchantCode,
          })
          .onConflict((oc) => oc.doNothing())
          .execute();
        await sql`
          INSERT INTO agent_tree (ancestor_id, descendant_id, depth, merchant_code, joined_at)
          SELECT ancestor_id, ${memberId}::bigint, depth + 1, merchant_code, ${joinedAt}::timestamptz
            FROM agent_tree WHERE descendant_id = ${uplineId}::bigint
            AND NOT EXISTS (
              SELECT 1 FROM agent_tree WHERE descendant_id = ${memberId}::bigint AND depth > 0
            )
          ON CONFLICT DO NOTHING`.execute(executor);
      }
      await executor
        .insertInto('agent_tree')
        .values({
          ancestor_id: memberId,
          descendant_id: memberId,
          depth: 0,
          merchant_code: merchantCode,
          joined_at: joinedAt,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /** Which of these members already have their depth-0 row. */
    async placedOf(memberIds: number[]): Promise<Set<number>> {
      if (memberIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('agent_tree')
        .select('descendant_id')
        .where('ancestor_id', 'in', memberIds)
        .where('depth', '=', 0)
        .execute();
      return new Set(rows.map((row) => row.descendant_id));
    },

    /** The depth between two members when `descendantId` is in `ancestorId`'s team, else null. */
    async depthBetween(ancestorId: number, descendantId: number): Promise<number | null> {
      const row = await db
        .selectFrom('agent_tree')
        .select('depth')
        .where('ancestor_id', '=', ancestorId)
        .where('descendant_id', '=', descendantId)
        .executeTakeFirst();
      return row?.depth ?? null;
    },

    /** Uplines of a member, nearest first (depth 1 = its direct upline). */
    async ancestors(memberId: number): Promise<{ memberId: number; depth: number }[]> {
      const rows = await db
        .selectFrom('agent_tree')
        .select(['ancestor_id', 'depth'])
        .where('descendant_id', '=', memberId)
        .where('depth', '>', 0)
        .orderBy('depth')
        .execute();
      return rows.map((row) => ({ memberId: row.ancestor_id, depth: row.depth }));
    },

    /** Members of a team level by level, up to `limit` (the console's tree, small teams). */
    async descendants(
      agentId: number,
      options: { maxDepth?: number; limit: number },
    ): Promise<{ memberId: number; depth: number }[]> {
      let query = db
        .selectFrom('agent_tree')
        .select(['descendant_id', 'depth'])
        .where('ancestor_id', '=', agentId)
        .where('depth', '>', 0);
      if (options.maxDepth !== undefined) query = query.where('depth', '<=', options.maxDepth);
      const rows = await query
        .orderBy('depth')
        .orderBy('descendant_id')
        .limit(options.limit)
        .execute();
      return rows.map((row) => ({ memberId: row.descendant_id, depth: row.depth }));
    },

    /** Team size (the agent excluded) and its direct downline count. */
    async teamCounts(agentId: number): Promise<{ team: number; direct: number }> {
      const row = await db
        .selectFrom('agent_tree')
        .select([
          sql<number>`count(*) FILTER (WHERE depth > 0)::int`.as('team'),
          sql<number>`count(*) FILTER (WHERE depth = 1)::int`.as('direct'),
        ])
        .where('ancestor_id', '=', agentId)
        .executeTakeFirstOrThrow();
      return row;
    },
  };
}
export type TreeRepository = ReturnType<typeof createTreeRepository>;

/**
 * A condition "`memberColumn` is in the team of `agentId`" (the agent included when
 * `includeSelf`), for queries of this module that join figures (bets, settlements) to the tree
 * in SQL: `WHERE <teamMember(...)>` reads agent_tree's primary key once per row, or, written as
 * a join on `agent_tree`, one index range of the team.
 */
export function teamMember(
  memberColumn: Expression<unknown>,
  agentId: number,
  includeSelf = true,
): Expression<SqlBool> {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM agent_tree t WHERE t.ancestor_id = ${agentId}::bigint
    AND t.descendant_id = ${memberColumn} ${includeSelf ? sql`` : sql`AND t.depth > 0`})`;
}
