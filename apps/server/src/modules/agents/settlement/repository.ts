import type { ContractKind } from '@banca/contracts';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../../db/connect';
import { settledBetsByMember } from '../../wallet';
import type { AgentSettlementRunsTable, AgentSettlementsTable, ContractRow } from '../contracts';

export type SettlementRow = Selectable<AgentSettlementsTable>;
export type SettlementRunRow = Selectable<AgentSettlementRunsTable>;

export type Window = { merchantCode: string; fromUtc: Date; toUtc: Date };

/** A team's figures for a window, per contract holder (the team is the holder and everyone under it). */
export type TeamFiguresRow = {
  holderId: number;
  validBetMinor: number;
  wonBetMinor: number;
  lostBetMinor: number;
  profitLossMinor: number;
  lateBetMinor: number;
  activeMembers: number;
};

export type NewSettlement = Omit<
  SettlementRow,
  | 'id'
  | 'created_at'
  | 'valid_bet_minor'
  | 'profit_loss_minor'
  | 'won_bet_minor'
  | 'lost_bet_minor'
  | 'late_bet_minor'
  | 'amount_minor'
> & {
  valid_bet_minor: number;
  profit_loss_minor: number;
  won_bet_minor: number;
  lost_bet_minor: number;
  late_bet_minor: number;
  amount_minor: number;
};

const n = (v: unknown) => Number(v ?? 0);

/**
 * Memory for the team figures statement's sorts and hashes (SET LOCAL, this statement only):
 * a busy window groups ~100,000 players (~10 MB of hash table), which PostgreSQL's 4 MB default
 * would spill to disk (bench/agents).
 */
const FIGURES_WORK_MEM = '64MB';

/** The settlement's SQL: contracts in force, team figures from the bet records, statement rows. */
export function createSettlementRepository(db: Db) {
  return {
    /** Brands with contracts of a kind in force (the jobs settle brand by brand). */
    async brandsWithContracts(kinds: ContractKind[]): Promise<string[]> {
      const rows = await db
        .selectFrom('agent_contracts')
        .select('merchant_code')
        .distinct()
        .where('kind', 'in', kinds)
        .where((eb) => eb.or([eb('status', '=', 'active'), eb('ended_at', 'is not', null)]))
        .execute();
      return rows.map((r) => r.merchant_code);
    },

    /**
     * The contracts of a kind in force at the window's end (the contract in force when a
     * period closes pays it: docs/agents.md "Settlement"), with the holder's depth in the tree
     * so uplines are paid before they pay their own downlines.
     */
    async inForceAt(
      merchantCode: string,
      kind: ContractKind,
      atUtc: Date,
      periods?: string[],
    ): Promise<(ContractRow & { depth: number })[]> {
      let q = db
        .selectFrom('agent_contracts as c')
        .selectAll('c')
        .select(
          sql<number>`(SELECT coalesce(max(t.depth), 0) FROM agent_tree t WHERE t.descendant_id = c.downline_member_id)`.as(
            'depth',
          ),
        )
        .where('c.merchant_code', '=', merchantCode)
        .where('c.kind', '=', kind)
        .where('c.status', 'in', ['active', 'terminated', 'ended', 'replaced'])
        .where('c.responded_at', '<', atUtc)
        .where((eb) => eb.or([eb('c.ended_at', 'is', null), eb('c.ended_at', '>=', atUtc)]));
      if (periods) q = q.where('c.period', 'in', periods);
      const rows = await q.execute();
      return rows.map((r) => ({ ...r, depth: Number(r.depth) }));
    },

    /**
     * Each holder's team figures for a window in one statement: the wallet's settled rounds per
     * member (a subquery the wallet owns) joined with this module's tree. Active members are
     * the team's members with a valid bet in the window.
     */
    async teamFigures(window: Window, holderIds: number[]): Promise<TeamFiguresRow[]> {
      if (holderIds.length === 0) return [];
      const result = await db.transaction().execute(async (trx) => {
        await sql`SELECT set_config('work_mem', ${FIGURES_WORK_MEM}, true)`.execute(trx);
        return sql<Record<string, unknown>>`
        WITH bets AS (${settledBetsByMember(window)})
        SELECT t.ancestor_id AS holder_id,
          sum(b.valid_bet_minor) AS valid_bet, sum(b.won_bet_minor) AS won_bet,
          sum(b.lost_bet_minor) AS lost_bet, sum(b.profit_loss_minor) AS profit_loss,
          sum(b.late_bet_minor) AS late_bet,
          count(*) FILTER (WHERE b.valid_bet_minor > 0) AS active_members
        FROM bets b
        JOIN agent_tree t ON t.descendant_id = b.member_id
        WHERE t.ancestor_id = ANY(${holderIds}::bigint[])
        GROUP BY t.ancestor_id`.execute(trx);
      });
      return result.rows.map((r) => ({
        holderId: n(r.holder_id),
        validBetMinor: n(r.valid_bet),
        wonBetMinor: n(r.won_bet),
        lostBetMinor: n(r.lost_bet),
        profitLossMinor: n(r.profit_loss),
        lateBetMinor: n(r.late_bet),
        activeMembers: n(r.active_members),
      }));
    },

    /** Contracts of `ids` that already have their row for the period (a re-run skips them). */
    async settledContracts(ids: number[], periodLabel: string): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('agent_settlements')
        .select('contract_id')
        .where('period_label', '=', periodLabel)
        .where('contract_id', 'in', ids)
        .execute();
      return new Set(rows.map((r) => Number(r.contract_id)));
    },

    /** Statement rows; a second writer of the same (contract, period) changes nothing. */
    async insertSettlements(rows: NewSettlement[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('agent_settlements')
        .values(rows)
        .onConflict((oc) => oc.columns(['contract_id', 'period_label']).doNothing())
        .execute();
    },

    /** The oldest statement rows whose payer could not pay when they were settled. */
    async unpaidSettlements(limit: number): Promise<SettlementRow[]> {
      return db
        .selectFrom('agent_settlements')
        .selectAll()
        .where('status', '=', 'unpaid')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Marks an unpaid row paid by the given operation; false when it was no longer unpaid. */
    async markUnpaidPaid(id: number, operationId: number): Promise<boolean> {
      const result = await db
        .updateTable('agent_settlements')
        .set({ status: 'paid', operation_id: operationId })
        .where('id', '=', id)
        .where('status', '=', 'unpaid')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The run's totals, recounted from the statement rows so a re-run reports the same. */
    async recordRun(input: {
      kind: ContractKind;
      merchantCode: string;
      periodLabels: string[];
      runLabel: string;
      window: Window;
      durationMs: number;
    }): Promise<SettlementRunRow> {
      const totals = await db
        .selectFrom('agent_settlements')
        .select([
          sql<number>`count(*)::int`.as('contracts'),
          sql<number>`count(*) FILTER (WHERE status = 'paid')::int`.as('payouts'),
          sql<number>`count(*) FILTER (WHERE status = 'unpaid')::int`.as('unpaid'),
          sql<string>`coalesce(sum(amount_minor) FILTER (WHERE status = 'paid'), 0)`.as('paid'),
          sql<string>`coalesce(sum(late_bet_minor), 0)`.as('late'),
        ])
        .where('merchant_code', '=', input.merchantCode)
        .where('kind', '=', input.kind)
        .where('period_label', 'in', input.periodLabels)
        .executeTakeFirstOrThrow();
      const row = {
        kind: input.kind,
        merchant_code: input.merchantCode,
        period_label: input.runLabel,
        window_start: input.window.fromUtc,
        window_end: input.window.toUtc,
        contracts: totals.contracts,
        payouts: totals.payouts,
        unpaid: totals.unpaid,
        paid_minor: n(totals.paid),
        late_bet_minor: n(totals.late),
        duration_ms: Math.round(input.durationMs),
      };
      return db
        .insertInto('agent_settlement_runs')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['kind', 'merchant_code', 'period_label']).doUpdateSet({
            contracts: row.contracts,
            payouts: row.payouts,
            unpaid: row.unpaid,
            paid_minor: row.paid_minor,
            late_bet_minor: row.late_bet_minor,
            duration_ms: row.duration_ms,
            finished_at: new Date(),
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The member's statement rows of a kind, received or paid, in a time range, newest first. */
    async memberSettlements(filter: {
      memberId: number;
      kind: ContractKind;
      fromUtc: Date;
      toUtc: Date;
      limit: number;
      offset: number;
    }): Promise<{
      rows: SettlementRow[];
      total: number;
      receivedMinor: number;
      paidMinor: number;
    }> {
      const base = db
        .selectFrom('agent_settlements')
        .where('kind', '=', filter.kind)
        .where('window_start', '>=', filter.fromUtc)
        .where('window_start', '<', filter.toUtc)
        .where((eb) =>
          eb.or([
            eb('payee_member_id', '=', filter.memberId),
            eb('payer_member_id', '=', filter.memberId),
          ]),
        );
      const [rows, totals] = await Promise.all([
        base
          .selectAll()
          .orderBy('window_start', 'desc')
          .orderBy('id', 'desc')
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        base
          .select([
            sql<number>`count(*)::int`.as('total'),
            sql<string>`coalesce(sum(amount_minor) FILTER (WHERE status = 'paid' AND payee_member_id = ${filter.memberId}), 0)`.as(
              'received',
            ),
            sql<string>`coalesce(sum(amount_minor) FILTER (WHERE status = 'paid' AND payer_member_id = ${filter.memberId}), 0)`.as(
              'paid',
            ),
          ])
          .executeTakeFirstOrThrow(),
      ]);
      return {
        rows,
        total: totals.total,
        receivedMinor: n(totals.received),
        paidMinor: n(totals.paid),
      };
    },

    /** Paid amounts per local day and kind, received and paid by the member ("my income"). */
    async incomeByDay(filter: {
      memberId: number;
      fromUtc: Date;
      toUtc: Date;
      timeZone: string;
    }): Promise<{ day: string; kind: ContractKind; receivedMinor: number; paidMinor: number }[]> {
      const result = await sql<Record<string, unknown>>`
        SELECT to_char(window_start AT TIME ZONE ${filter.timeZone}, 'YYYY-MM-DD') AS day, kind,
          coalesce(sum(amount_minor) FILTER (WHERE payee_member_id = ${filter.memberId}), 0) AS received,
          coalesce(sum(amount_minor) FILTER (WHERE payer_member_id = ${filter.memberId}), 0) AS paid
        FROM agent_settlements
        WHERE status = 'paid' AND window_start >= ${filter.fromUtc} AND window_start < ${filter.toUtc}
          AND (payee_member_id = ${filter.memberId} OR payer_member_id = ${filter.memberId})
        GROUP BY 1, 2
        ORDER BY 1 DESC, 2`.execute(db);
      return result.rows.map((r) => ({
        day: String(r.day),
        kind: r.kind as ContractKind,
        receivedMinor: n(r.received),
        paidMinor: n(r.paid),
      }));
    },

    async runs(filter: {
      kind?: ContractKind | undefined;
      limit: number;
      offset: number;
    }): Promise<{ rows: SettlementRunRow[]; total: number }> {
      let q = db.selectFrom('agent_settlement_runs');
      if (filter.kind) q = q.where('kind', '=', filter.kind);
      const [rows, count] = await Promise.all([
        q
          .selectAll()
          .orderBy('window_start', 'desc')
          .orderBy('kind')
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: count.n };
    },
  };
}
export type SettlementRepository = ReturnType<typeof createSettlementRepository>;
