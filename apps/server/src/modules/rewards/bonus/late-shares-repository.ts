import { sql } from 'kysely';
import type { Db } from '../../../db/connect';
import { betRoundsOpenedIn } from '../../wallet';
import type { BonusLateWatchesTable } from './tables';
import type { Selectable } from 'kysely';

export type LateWatchRow = Selectable<BonusLateWatchesTable>;

/** SQL of late bonus shares (migration 0043): the watches of closes and the shares moved on. */
export function createLateSharesRepository(db: Db) {
  return {
    /**
     * Which of these rounds (`vendor:game:round`) of the member opened since `sinceUtc` are
     * still open: the wallet's bet records, walked by the member's index.
     */
    async openRounds(input: {
      merchantCode: string;
      memberId: number;
      sinceUtc: Date;
      refs: string[];
    }): Promise<string[]> {
      if (input.refs.length === 0) return [];
      const { rows } = await sql<{ ref: string }>`
        SELECT r.vendor_code || ':' || r.game_code || ':' || r.round_id AS ref
        FROM (${betRoundsOpenedIn({
          merchantCode: input.merchantCode,
          fromUtc: input.sinceUtc,
          toUtc: new Date(Date.now() + 86_400_000),
        })}) r
        WHERE r.member_id = ${input.memberId} AND r.status = 'open'
          AND r.vendor_code || ':' || r.game_code || ':' || r.round_id = ANY (${input.refs}::text[])`.execute(
        db,
      );
      return rows.map((r) => r.ref);
    },

    /** Watches a close's open rounds (once per grant: a second close run finds it). */
    async insertWatch(row: Omit<LateWatchRow, 'created_at' | 'done_at'>): Promise<void> {
      await db
        .insertInto('bonus_late_watches')
        .values({ ...row, rounds: JSON.stringify(row.rounds) as never })
        .onConflict((oc) => oc.column('grant_id').doNothing())
        .execute();
    },

    /** Watches not over yet: of these members, or the oldest (the minute job's batch). */
    async pendingWatches(memberIds: number[] | null, limit: number): Promise<LateWatchRow[]> {
      let query = db
        .selectFrom('bonus_late_watches')
        .selectAll()
        .where('done_at', 'is', null)
        .orderBy('grant_id')
        .limit(limit);
      if (memberIds !== null) {
        if (memberIds.length === 0) return [];
        query = query.where('member_id', 'in', memberIds);
      }
      return query.execute();
    },

    async endWatch(grantId: number): Promise<void> {
      await db
        .updateTable('bonus_late_watches')
        .set({ done_at: new Date() })
        .where('grant_id', '=', grantId)
        .where('done_at', 'is', null)
        .execute();
    },

    /** Of these transfers, the ones whose late share was already moved on (or found empty). */
    async handledTransfers(transferIds: number[]): Promise<Set<number>> {
      if (transferIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('bonus_late_shares')
        .select('transfer_id')
        .where('transfer_id', 'in', transferIds)
        .execute();
      return new Set(rows.map((r) => Number(r.transfer_id)));
    },

    /** Records a late share once (the first record of a transfer stays). */
    async recordShare(row: {
      transfer_id: number;
      grant_id: number;
      amount_minor: number;
      operation_id: number | null;
    }): Promise<void> {
      await db
        .insertInto('bonus_late_shares')
        .values(row)
        .onConflict((oc) => oc.column('transfer_id').doNothing())
        .execute();
    },

    /** What late shares each of these grants moved on (the bonus list shows it with the close). */
    async lateSums(grantIds: number[]): Promise<Map<number, number>> {
      if (grantIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('bonus_late_shares')
        .select(['grant_id', sql<number>`COALESCE(SUM(amount_minor), 0)::bigint`.as('sum')])
        .where('grant_id', 'in', grantIds)
        .groupBy('grant_id')
        .execute();
      return new Map(rows.map((r) => [Number(r.grant_id), Number(r.sum)]));
    },
  };
}
export type LateSharesRepository = ReturnType<typeof createLateSharesRepository>;
