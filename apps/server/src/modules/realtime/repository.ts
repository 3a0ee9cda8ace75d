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

    /** The events already pushed for these sources, by source. */
    async bySources(executor: Db, sourceKeys: string[]) {
      if (sourceKeys.length === 0)
        return new Map<string, { memberId: number; frame: RealtimeEventFrame }>();
      const rows = await executor
        .selectFrom('realtime_events')
        .select(['member_id', 'seq', 'type', 'data', 'source_key'])
        .where('source_key', 'in', sourceKeys)
        .execute();
      return new Map(
        rows.map((row) => [row.source_key, { memberId: row.member_id, frame: toFrame(row) }]),
      );
    },

    /**
     * Numbers and stores many members' next events in the caller's transaction, in three
     * statements whatever their number: each member's cursor moves by its count of events (rows
     * locked in member order, so two batches cannot deadlock on each other), the events get the
     * numbers in the order given, and are inserted together. A source already pushed by a
     * concurrent transaction throws SourceAlreadyPushed (the transaction then rolls back).
     */
    async appendMany(
      trx: Db,
      events: {
        memberId: number;
        merchantCode: string;
        type: string;
        data: unknown;
        sourceKey: string;
      }[],
    ): Promise<number[]> {
      if (events.length === 0) return [];
      const counts = new Map<number, number>();
      for (const event of events) counts.set(event.memberId, (counts.get(event.memberId) ?? 0) + 1);
      const memberIds = [...counts.keys()].sort((a, b) => a - b);
      const cursors = await sql<{ member_id: number; last_seq: number }>`
        INSERT INTO realtime_cursors (member_id, last_seq)
        SELECT member_id, n FROM unnest(${memberIds}::bigint[], ${memberIds.map((id) => counts.get(id)!)}::bigint[]) AS c(member_id, n)
        ORDER BY member_id
        ON CONFLICT (member_id) DO UPDATE SET last_seq = realtime_cursors.last_seq + EXCLUDED.last_seq
        RETURNING member_id, last_seq`.execute(trx);
      // The next free number of each member: the new last, less what this batch takes.
      const next = new Map<number, number>();
      for (const row of cursors.rows)
        next.set(
          Number(row.member_id),
          Number(row.last_seq) - counts.get(Number(row.member_id))! + 1,
        );
      const seqs = events.map((event) => {
        const seq = next.get(event.memberId)!;
        next.set(event.memberId, seq + 1);
        return seq;
      });
      const inserted = await sql<{ source_key: string }>`
        INSERT INTO realtime_events (member_id, seq, merchant_code, type, data, source_key)
        SELECT member_id, seq, merchant_code, type, data::jsonb, source_key
        FROM unnest(
          ${events.map((e) => e.memberId)}::bigint[], ${seqs}::bigint[],
          ${events.map((e) => e.merchantCode)}::text[], ${events.map((e) => e.type)}::text[],
          ${events.map((e) => JSON.stringify(e.data))}::text[], ${events.map((e) => e.sourceKey)}::text[]
        ) AS e(member_id, seq, merchant_code, type, data, source_key)
        ON CONFLICT (source_key) DO NOTHING
        RETURNING source_key`.execute(trx);
      if (inserted.rows.length !== events.length)
        throw new SourceAlreadyPushed(events.map((e) => e.sourceKey).join(','));
      return seqs;
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
