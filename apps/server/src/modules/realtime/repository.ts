import { sql } from 'kysely';
import type { RealtimeEventFrame } from '@banca/contracts';
import type { Db } from '../../db/connect';

type StoredEvent = { seq: number; type: string; data: unknown };

function toFrame(row: StoredEvent): RealtimeEventFrame {
  return { kind: 'event', seq: row.seq, type: row.type, data: row.data } as RealtimeEventFrame;
}

/** Thrown inside the push transaction when a concurrent push of the same source won: it rolls the number back. */
export class SourceAlreadyPushed extends Error {}

/** The only code that reads and writes realtime_cursors and realtime_events. */
export function createRealtimeRepository(db: Db) {
  return {
    /** The event already pushed for this source, if any. */
    async bySource(executor: Db, sourceKey: string) {
      const row = await executor
        .selectFrom('realtime_events')
        .select(['member_id', 'seq', 'type', 'data'])
        .where('source_key', '=', sourceKey)
        .executeTakeFirst();
      return row ? { memberId: row.member_id, frame: toFrame(row) } : null;
    },

    /**
     * Numbers and stores a member's next event, in the caller's transaction. The cursor row's
     * lock orders the member's pushes, so numbers commit in order without gaps; a concurrent
     * push of the same source throws SourceAlreadyPushed (the transaction then rolls back).
     */
    async append(
      trx: Db,
      event: {
        memberId: number;
        merchantCode: string;
        type: string;
        data: unknown;
        sourceKey: string;
      },
    ): Promise<number> {
      const cursor = await sql<{ last_seq: number }>`
        INSERT INTO realtime_cursors (member_id, last_seq) VALUES (${event.memberId}, 1)
        ON CONFLICT (member_id) DO UPDATE SET last_seq = realtime_cursors.last_seq + 1
        RETURNING last_seq`.execute(trx);
      const seq = cursor.rows[0]!.last_seq;
      const inserted = await trx
        .insertInto('realtime_events')
        .values({
          member_id: event.memberId,
          seq,
          merchant_code: event.merchantCode,
          type: event.type,
          data: JSON.stringify(event.data),
          source_key: event.sourceKey,
        })
        .onConflict((oc) => oc.column('source_key').doNothing())
        .returning('seq')
        .executeTakeFirst();
      if (!inserted) throw new SourceAlreadyPushed(event.sourceKey);
      return seq;
    },

    /** The member's latest event number (0 before the first). */
    async currentSeq(memberId: number): Promise<number> {
      const row = await db
        .selectFrom('realtime_cursors')
        .select('last_seq')
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return row?.last_seq ?? 0;
    },

    /** The member's events after `afterSeq` up to `throughSeq`, oldest first, at most `limit`. */
    async eventsAfter(
      memberId: number,
      afterSeq: number,
      throughSeq: number,
      limit: number,
    ): Promise<RealtimeEventFrame[]> {
      const rows = await db
        .selectFrom('realtime_events')
        .select(['seq', 'type', 'data'])
        .where('member_id', '=', memberId)
        .where('seq', '>', afterSeq)
        .where('seq', '<=', throughSeq)
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map(toFrame);
    },

    /** Forgets events older than `before` (the backlog is short; see BACKLOG_MAX_AGE_MS). */
    async prune(before: Date): Promise<number> {
      const result = await db
        .deleteFrom('realtime_events')
        .where('created_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type RealtimeRepository = ReturnType<typeof createRealtimeRepository>;
