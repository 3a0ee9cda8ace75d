import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { MemberMessagesTable } from './tables';
import type { Insertable } from 'kysely';

/** The only code that reads and writes the inbox (member_messages). */
export function createMessagesRepository(db: Db) {
  /** Visible messages of one member (not deleted). */
  const visible = (memberId: number) =>
    db
      .selectFrom('member_messages')
      .where('member_id', '=', memberId)
      .where('deleted_at', 'is', null);

  return {
    /** Writes a message unless its source already has one; the new id, or null. */
    async insertOnce(executor: Db, row: Insertable<MemberMessagesTable>): Promise<number | null> {
      const inserted = await executor
        .insertInto('member_messages')
        .values({ ...row, params: JSON.stringify(row.params) as never })
        .onConflict((oc) => oc.column('source_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted?.id ?? null;
    },

    /** insertOnce for many rows in one statement: the rows written (sources new to the inbox). */
    async insertManyOnce(
      executor: Db,
      rows: Insertable<MemberMessagesTable>[],
    ): Promise<{ id: number; sourceKey: string }[]> {
      if (rows.length === 0) return [];
      const inserted = await executor
        .insertInto('member_messages')
        .values(rows.map((row) => ({ ...row, params: JSON.stringify(row.params) as never })))
        .onConflict((oc) => oc.column('source_key').doNothing())
        .returning(['id', 'source_key'])
        .execute();
      return inserted.map((row) => ({ id: row.id, sourceKey: row.source_key }));
    },

    /** One page, newest first, and the count of the filter. */
    async page(memberId: number, options: { unreadOnly: boolean; offset: number; limit: number }) {
      let query = visible(memberId);
      if (options.unreadOnly) query = query.where('read_at', 'is', null);
      const [rows, total] = await Promise.all([
        query
          .select(['id', 'kind', 'params', 'read_at', 'created_at'])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .offset(options.offset)
          .limit(options.limit)
          .execute(),
        query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: total.n };
    },

    async unreadCount(memberId: number): Promise<number> {
      const row = await visible(memberId)
        .where('read_at', 'is', null)
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      return row.n;
    },

    /** unreadCount of many members in one query (members without unread messages: 0). */
    async unreadCounts(memberIds: number[]): Promise<Map<number, number>> {
      const counts = new Map(memberIds.map((id) => [id, 0]));
      if (memberIds.length === 0) return counts;
      const rows = await db
        .selectFrom('member_messages')
        .where('member_id', 'in', memberIds)
        .where('deleted_at', 'is', null)
        .where('read_at', 'is', null)
        .groupBy('member_id')
        .select(['member_id', sql<number>`count(*)::int`.as('n')])
        .execute();
      for (const row of rows) counts.set(Number(row.member_id), row.n);
      return counts;
    },

    /** Marks the member's messages among `ids` read (keeping the first read time) or unread. */
    async setRead(memberId: number, ids: number[], read: boolean, at: Date): Promise<void> {
      await db
        .updateTable('member_messages')
        .set({ read_at: read ? sql<Date>`coalesce(read_at, ${at}::timestamptz)` : null })
        .where('member_id', '=', memberId)
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .execute();
    },

    async softDelete(memberId: number, ids: number[], at: Date): Promise<void> {
      await db
        .updateTable('member_messages')
        .set({ deleted_at: at })
        .where('member_id', '=', memberId)
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .execute();
    },
  };
}
export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
