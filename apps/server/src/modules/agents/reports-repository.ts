import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { betRoundsOpenedIn, settledBetsByMember } from '../wallet';

/** A team figure row as SQL sums it (bigint sums arrive as strings on some drivers). */
type FiguresSql = {
  new_members: number | string | null;
  active_members: number | string | null;
  deposit_count: number | string | null;
  deposit_minor: number | string | null;
  withdrawal_count: number | string | null;
  withdrawal_minor: number | string | null;
  rounds: number | string | null;
  bet_minor: number | string | null;
  valid_bet_minor: number | string | null;
  profit_loss_minor: number | string | null;
};

export type Figures = {
  newMembers: number;
  activeMembers: number;
  depositCount: number;
  depositMinor: number;
  withdrawalCount: number;
  withdrawalMinor: number;
  rounds: number;
  betMinor: number;
  validBetMinor: number;
  profitLossMinor: number;
};

const n = (value: unknown) => Number(value ?? 0);
export function figuresOf(row: Partial<FiguresSql> | undefined): Figures {
  return {
    newMembers: n(row?.new_members),
    activeMembers: n(row?.active_members),
    depositCount: n(row?.deposit_count),
    depositMinor: n(row?.deposit_minor),
    withdrawalCount: n(row?.withdrawal_count),
    withdrawalMinor: n(row?.withdrawal_minor),
    rounds: n(row?.rounds),
    betMinor: n(row?.bet_minor),
    validBetMinor: n(row?.valid_bet_minor),
    profitLossMinor: n(row?.profit_loss_minor),
  };
}

/** The money and bet sums of agent_member_days rows (`d`). */
const moneySums = sql`coalesce(sum(d.deposit_count), 0) AS deposit_count,
  coalesce(sum(d.deposit_minor), 0) AS deposit_minor,
  coalesce(sum(d.withdrawal_count), 0) AS withdrawal_count,
  coalesce(sum(d.withdrawal_minor), 0) AS withdrawal_minor,
  coalesce(sum(d.rounds), 0) AS rounds,
  coalesce(sum(d.bet_minor), 0) AS bet_minor,
  coalesce(sum(d.valid_bet_minor), 0) AS valid_bet_minor,
  coalesce(sum(d.profit_loss_minor), 0) AS profit_loss_minor`;
/** Sums over any rows, members who played counted once however many days they played. */
const daySums = sql`${moneySums},
  count(DISTINCT d.member_id) FILTER (WHERE d.rounds > 0) AS active_members`;
/**
 * Sums of one day's rows: a member has one row a day, so players are counted without the
 * DISTINCT (which, over a 100,000-member team's week, costs more than the sums themselves).
 */
const oneDaySums = sql`${moneySums}, count(*) FILTER (WHERE d.rounds > 0) AS active_members`;

export type DayRange = { fromDay: string; toDay: string; fromUtc: Date; toUtc: Date };

/**
 * The team reports' SQL: figures of a team (agent_tree joined to agent_member_days) and the
 * money and bet rows the lists page through. The team never includes the agent itself.
 */
export function createReportsRepository(db: Db) {
  return {
    /**
     * Per-day figures of the team of `agentId` over the days, its active members over the
     * whole range (a member active on two days counts once; one day's count is the range's
     * when the range is a day), and who joined per day. Every part reads the team once by
     * agent_tree's primary key; agent_tree rows carry the descendant's join time, so "new
     * members" needs no second lookup per member.
     */
    async teamOverview(agentId: number, range: DayRange, timeZone: string) {
      const oneDay = range.fromDay === range.toDay;
      const [days, active, joined] = await Promise.all([
        sql<FiguresSql & { day: string }>`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, ${oneDaySums}
          FROM agent_tree t JOIN agent_member_days d ON d.member_id = t.descendant_id
          WHERE t.ancestor_id = ${agentId} AND t.depth > 0
            AND d.day BETWEEN ${range.fromDay}::date AND ${range.toDay}::date
          GROUP BY d.day ORDER BY d.day`.execute(db),
        oneDay
          ? Promise.resolve(null)
          : sql<{ n: number }>`SELECT count(*)::int AS n FROM agent_tree t
              WHERE t.ancestor_id = ${agentId} AND t.depth > 0 AND EXISTS (
                SELECT 1 FROM agent_member_days d WHERE d.member_id = t.descendant_id AND d.rounds > 0
                  AND d.day BETWEEN ${range.fromDay}::date AND ${range.toDay}::date)`.execute(db),
        sql<{
          day: string;
          n: number;
        }>`SELECT to_char(t.joined_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day,
            count(*)::int AS n
          FROM agent_tree t
          WHERE t.ancestor_id = ${agentId} AND t.depth > 0
            AND t.joined_at >= ${range.fromUtc} AND t.joined_at < ${range.toUtc}
          GROUP BY 1`.execute(db),
      ]);
      return {
        days: days.rows,
        activeMembers: active ? (active.rows[0]?.n ?? 0) : n(days.rows[0]?.active_members),
        newMembers: joined.rows,
      };
    },

    /**
     * One page of `parentId`'s direct downline (optionally only `memberId`), each with its
     * team size and the figures of itself and its team over the days.
     */
    async downlinePage(
      parentId: number,
      range: DayRange,
      options: { memberId?: number; limit: number; offset: number },
    ) {
      const only =
        options.memberId !== undefined ? sql`AND c.descendant_id = ${options.memberId}` : sql``;
      const [rows, count] = await Promise.all([
        sql<FiguresSql & { member_id: number; joined_at: Date; team_size: number }>`
          SELECT c.descendant_id AS member_id, j.joined_at,
            (SELECT count(*)::int FROM agent_tree s WHERE s.ancestor_id = c.descendant_id AND s.depth > 0) AS team_size,
            f.*
          FROM agent_tree c
          JOIN agent_tree j ON j.ancestor_id = c.descendant_id AND j.depth = 0
          CROSS JOIN LATERAL (
            SELECT ${daySums}
            FROM agent_tree s JOIN agent_member_days d ON d.member_id = s.descendant_id
            WHERE s.ancestor_id = c.descendant_id
              AND d.day BETWEEN ${range.fromDay}::date AND ${range.toDay}::date
          ) f
          WHERE c.ancestor_id = ${parentId} AND c.depth = 1 ${only}
          ORDER BY j.joined_at DESC, c.descendant_id DESC
          LIMIT ${options.limit} OFFSET ${options.offset}`.execute(db),
        sql<{ n: number }>`SELECT count(*)::int AS n FROM agent_tree c
          WHERE c.ancestor_id = ${parentId} AND c.depth = 1 ${only}`.execute(db),
      ]);
      return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
    },

    /** Each team member's own figures over the days (user loss), biggest loss to the house first. */
    async memberFigures(
      agentId: number,
      range: DayRange,
      options: { memberId?: number; limit: number; offset: number },
    ) {
      const only =
        options.memberId !== undefined ? sql`AND t.descendant_id = ${options.memberId}` : sql``;
      const base = sql`FROM agent_tree t JOIN agent_member_days d ON d.member_id = t.descendant_id
        WHERE t.ancestor_id = ${agentId} AND t.depth > 0 ${only}
          AND d.day BETWEEN ${range.fromDay}::date AND ${range.toDay}::date`;
      const [rows, totals] = await Promise.all([
        sql<FiguresSql & { member_id: number }>`SELECT d.member_id, ${daySums} ${base}
          GROUP BY d.member_id
          ORDER BY coalesce(sum(d.profit_loss_minor), 0) ASC, d.member_id
          LIMIT ${options.limit} OFFSET ${options.offset}`.execute(db),
        sql<
          FiguresSql & { members: number }
        >`SELECT count(DISTINCT d.member_id)::int AS members, ${daySums} ${base}`.execute(db),
      ]);
      return { rows: rows.rows, totals: totals.rows[0], total: totals.rows[0]?.members ?? 0 };
    },

    /** A page of the team's bet records placed in the window, newest first, with sums. */
    async teamBets(
      agentId: number,
      window: { merchantCode: string; fromUtc: Date; toUtc: Date },
      options: { memberId?: number; limit: number; offset: number },
    ) {
      const only =
        options.memberId !== undefined ? sql`AND t.descendant_id = ${options.memberId}` : sql``;
      const from = sql`FROM (${betRoundsOpenedIn(window)}) b
        JOIN agent_tree t ON t.descendant_id = b.member_id AND t.ancestor_id = ${agentId} AND t.depth > 0 ${only}`;
      const [rows, totals] = await Promise.all([
        sql<{
          id: number;
          member_id: number;
          vendor_code: string;
          game_code: string;
          round_id: string;
          stake_minor: number;
          valid_bet_minor: number;
          payout_minor: number;
          status: string;
          opened_at: Date;
          settled_at: Date | null;
        }>`SELECT b.* ${from} ORDER BY b.opened_at DESC, b.id DESC
          LIMIT ${options.limit} OFFSET ${options.offset}`.execute(db),
        sql<{ n: number; stake: number; valid: number; payout: number }>`SELECT count(*)::int AS n,
          coalesce(sum(b.stake_minor), 0) AS stake, coalesce(sum(b.valid_bet_minor), 0) AS valid,
          coalesce(sum(b.payout_minor), 0) AS payout ${from}`.execute(db),
      ]);
      const sums = totals.rows[0];
      return {
        rows: rows.rows,
        total: sums?.n ?? 0,
        totals: {
          stakeMinor: n(sums?.stake),
          validBetMinor: n(sums?.valid),
          payoutMinor: n(sums?.payout),
        },
      };
    },

    /**
     * A page of the team's money movements in the window: deposits and withdrawals of team
     * members and agent transfers to or from anyone of the team (the agent's own included).
     */
    async accountDetails(
      agentId: number,
      window: { fromUtc: Date; toUtc: Date },
      options: { memberId?: number; kinds: readonly string[]; limit: number; offset: number },
    ) {
      const only =
        options.memberId !== undefined ? sql`AND member_id = ${options.memberId}` : sql``;
      const kinds = options.kinds.length ? options.kinds : ['none'];
      const union = sql`SELECT * FROM (
          SELECT 'm' || m.id AS key, m.member_id, m.kind, m.amount_minor, NULL::bigint AS counterparty_id, m.at
          FROM agent_member_money m JOIN agent_tree t ON t.descendant_id = m.member_id AND t.ancestor_id = ${agentId} AND t.depth > 0
          WHERE m.at >= ${window.fromUtc} AND m.at < ${window.toUtc}
          UNION ALL
          SELECT 'ti' || x.id, x.to_member_id, 'transfer_in', x.amount_minor, x.from_member_id, x.created_at
          FROM agent_transfers x JOIN agent_tree t ON t.descendant_id = x.to_member_id AND t.ancestor_id = ${agentId}
          WHERE x.created_at >= ${window.fromUtc} AND x.created_at < ${window.toUtc}
          UNION ALL
          SELECT 'to' || x.id, x.from_member_id, 'transfer_out', x.amount_minor, x.to_member_id, x.created_at
          FROM agent_transfers x JOIN agent_tree t ON t.descendant_id = x.from_member_id AND t.ancestor_id = ${agentId}
          WHERE x.created_at >= ${window.fromUtc} AND x.created_at < ${window.toUtc}
        ) u WHERE kind IN (${sql.join(kinds)}) ${only}`;
      const [rows, count] = await Promise.all([
        sql<{
          key: string;
          member_id: number;
          kind: 'deposit' | 'withdrawal' | 'transfer_in' | 'transfer_out';
          amount_minor: number;
          counterparty_id: number | null;
          at: Date;
        }>`${union} ORDER BY at DESC, key LIMIT ${options.limit} OFFSET ${options.offset}`.execute(
          db,
        ),
        sql<{ n: number }>`SELECT count(*)::int AS n FROM (${union}) c`.execute(db),
      ]);
      return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
    },

    /**
     * Rolls the brand's rounds settled in [fromUtc, toUtc) (one brand day at most) into
     * agent_member_days under `day`, for members in a tree. The caller holds the brand's cursor.
     */
    async rollUpBets(
      executor: Db,
      window: { merchantCode: string; fromUtc: Date; toUtc: Date },
      day: string,
    ): Promise<number> {
      const result = await sql`INSERT INTO agent_member_days
          (member_id, day, merchant_code, rounds, bet_minor, valid_bet_minor, profit_loss_minor)
        SELECT s.member_id, ${day}::date, ${window.merchantCode}, s.rounds, s.stake_minor,
          s.valid_bet_minor, s.profit_loss_minor
        FROM (${settledBetsByMember(window)}) s
        JOIN agent_tree t ON t.ancestor_id = s.member_id AND t.descendant_id = s.member_id
        ON CONFLICT (member_id, day) DO UPDATE SET
          rounds = agent_member_days.rounds + excluded.rounds,
          bet_minor = agent_member_days.bet_minor + excluded.bet_minor,
          valid_bet_minor = agent_member_days.valid_bet_minor + excluded.valid_bet_minor,
          profit_loss_minor = agent_member_days.profit_loss_minor + excluded.profit_loss_minor`.execute(
        executor,
      );
      return Number(result.numAffectedRows ?? 0);
    },

    /** Locks the brand's rollup cursor (creating it at `startUtc`), answering where it stands. */
    async lockCursor(executor: Db, merchantCode: string, startUtc: Date): Promise<Date> {
      await executor
        .insertInto('agent_rollup_cursors')
        .values({ merchant_code: merchantCode, rolled_to: startUtc })
        .onConflict((oc) => oc.column('merchant_code').doNothing())
        .execute();
      const row = await executor
        .selectFrom('agent_rollup_cursors')
        .select('rolled_to')
        .where('merchant_code', '=', merchantCode)
        .forUpdate()
        .executeTakeFirstOrThrow();
      return row.rolled_to;
    },

    async moveCursor(executor: Db, merchantCode: string, to: Date): Promise<void> {
      await executor
        .updateTable('agent_rollup_cursors')
        .set({ rolled_to: to })
        .where('merchant_code', '=', merchantCode)
        .execute();
    },

    /** When the brand's tree got its first member: where its rollup starts. */
    async firstJoinedAt(merchantCode: string): Promise<Date> {
      const row = await db
        .selectFrom('agent_tree')
        .select((eb) => eb.fn.min('joined_at').as('first'))
        .where('merchant_code', '=', merchantCode)
        .executeTakeFirst();
      return row?.first ? new Date(row.first) : new Date();
    },

    /** Brands with a tree (the only ones whose figures anyone reads). */
    async brandsWithTrees(): Promise<string[]> {
      const rows = await db.selectFrom('agent_tree').select('merchant_code').distinct().execute();
      return rows.map((row) => row.merchant_code);
    },

    /**
     * Records a team member's deposit or withdrawal once (by its source key) and adds it to the
     * member's day; false when it was already recorded.
     */
    async recordMoney(input: {
      merchantCode: string;
      memberId: number;
      kind: 'deposit' | 'withdrawal';
      amountMinor: number;
      currency: string;
      sourceKey: string;
      at: Date;
      day: string;
    }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('agent_member_money')
          .values({
            merchant_code: input.merchantCode,
            member_id: input.memberId,
            kind: input.kind,
            amount_minor: input.amountMinor,
            currency: input.currency,
            source_key: input.sourceKey,
            at: input.at,
          })
          .onConflict((oc) => oc.column('source_key').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) return false;
        const deposit = input.kind === 'deposit';
        await sql`INSERT INTO agent_member_days
            (member_id, day, merchant_code, deposit_count, deposit_minor, withdrawal_count, withdrawal_minor)
          VALUES (${input.memberId}, ${input.day}::date, ${input.merchantCode},
            ${deposit ? 1 : 0}, ${deposit ? input.amountMinor : 0},
            ${deposit ? 0 : 1}, ${deposit ? 0 : input.amountMinor})
          ON CONFLICT (member_id, day) DO UPDATE SET
            deposit_count = agent_member_days.deposit_count + excluded.deposit_count,
            deposit_minor = agent_member_days.deposit_minor + excluded.deposit_minor,
            withdrawal_count = agent_member_days.withdrawal_count + excluded.withdrawal_count,
            withdrawal_minor = agent_member_days.withdrawal_minor + excluded.withdrawal_minor`.execute(
          trx,
        );
        return true;
      });
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
