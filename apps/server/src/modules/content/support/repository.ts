import type { SUPPORT_DESK_SORTS } from '@banca/contracts';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../../db/connect';
import type { SupportConversationsTable, SupportMessagesTable } from './tables';

export type ConversationRow = Selectable<SupportConversationsTable>;
export type MessageRow = Selectable<SupportMessagesTable>;
/** A conversation as the desk lists it: the row, its unread count and its last line. */
export type DeskConversationRow = ConversationRow & {
  unread: number;
  last_body: string | null;
  last_image_key: string | null;
  last_sender: 'member' | 'staff' | null;
};

/** Sorts the desk offers, by the contracts' names. */
const DESK_SORT_COLUMNS: Record<DeskSort, string> = {
  lastMessageAt: 'c.last_message_at',
  createdAt: 'c.created_at',
  unread: 'unread',
};
export type DeskSort = (typeof SUPPORT_DESK_SORTS)[number];

/** The only code that reads and writes support_conversations and support_messages. */
export function createSupportRepository(db: Db) {
  /** Member messages after the operators' read mark: the desk's unread count of a conversation. */
  const staffUnread = sql<number>`(
    SELECT count(*)::int FROM support_messages m
    WHERE m.conversation_id = c.id AND m.sender = 'member' AND m.id > c.staff_read_id)`;

  function deskSelect(executor: Db) {
    return executor
      .selectFrom('support_conversations as c')
      .leftJoin('support_messages as last', 'last.id', 'c.last_message_id')
      .selectAll('c')
      .select([
        staffUnread.as('unread'),
        'last.body as last_body',
        'last.image_key as last_image_key',
        'last.sender as last_sender',
      ]);
  }

  return {
    async findByMember(memberId: number): Promise<ConversationRow | undefined> {
      return db
        .selectFrom('support_conversations')
        .selectAll()
        .where('member_id', '=', memberId)
        .executeTakeFirst();
    },

    /**
     * The member's conversation, created by their first message or opened again by a later one,
     * its row locked for the rest of the transaction (the unique member_id decides between two
     * first messages sent at once: both end on the one row).
     */
    async openForMember(
      trx: Db,
      owner: { memberId: number; merchantCode: string; username: string },
    ): Promise<ConversationRow> {
      return trx
        .insertInto('support_conversations')
        .values({
          merchant_code: owner.merchantCode,
          member_id: owner.memberId,
          username: owner.username,
        })
        .onConflict((oc) =>
          oc.column('member_id').doUpdateSet({ status: 'open', closed_at: null, closed_by: null }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** A conversation's row locked for the rest of the transaction (replies and closing). */
    async lock(trx: Db, id: number): Promise<ConversationRow | undefined> {
      return trx
        .selectFrom('support_conversations')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Adds a line to a conversation whose row the transaction holds locked, and marks it the last. */
    async insertMessage(
      trx: Db,
      message: {
        conversationId: number;
        sender: 'member' | 'staff';
        staffId: number | null;
        authorName: string | null;
        body: string;
        image: { key: string; type: 'image/png' | 'image/jpeg' | 'image/webp' } | null;
        at: Date;
      },
    ): Promise<MessageRow> {
      const row = await trx
        .insertInto('support_messages')
        .values({
          conversation_id: message.conversationId,
          sender: message.sender,
          staff_id: message.staffId,
          author_name: message.authorName,
          body: message.body,
          image_key: message.image?.key ?? null,
          image_type: message.image?.type ?? null,
          created_at: message.at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('support_conversations')
        .set({ last_message_id: row.id, last_message_at: message.at })
        .where('id', '=', message.conversationId)
        .execute();
      return row;
    },

    /**
     * Up to `limit` messages before `beforeId` (the newest when absent), oldest first, and
     * whether older ones exist.
     */
    async messages(
      conversationId: number,
      options: { beforeId?: number; limit: number },
    ): Promise<{ rows: MessageRow[]; hasOlder: boolean }> {
      let query = db
        .selectFrom('support_messages')
        .selectAll()
        .where('conversation_id', '=', conversationId);
      if (options.beforeId !== undefined) query = query.where('id', '<', options.beforeId);
      const rows = await query
        .orderBy('id', 'desc')
        .limit(options.limit + 1)
        .execute();
      return {
        rows: rows.slice(0, options.limit).reverse(),
        hasOlder: rows.length > options.limit,
      };
    },

    /** The other side's messages after a side's read mark. */
    async unreadFor(
      executor: Db,
      conversation: Pick<ConversationRow, 'id' | 'member_read_id' | 'staff_read_id'>,
      reader: 'member' | 'staff',
    ): Promise<number> {
      const row = await executor
        .selectFrom('support_messages')
        .where('conversation_id', '=', conversation.id)
        .where('sender', '=', reader === 'member' ? 'staff' : 'member')
        .where(
          'id',
          '>',
          reader === 'member' ? conversation.member_read_id : conversation.staff_read_id,
        )
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      return row.n;
    },

    /**
     * Moves a side's read mark forward to `upToId`, never past the conversation's last message
     * (a mark ahead of it would hide the next one) and never back. Answers the row after it.
     */
    async markRead(
      conversationId: number,
      reader: 'member' | 'staff',
      upToId: number,
    ): Promise<ConversationRow | undefined> {
      const column = reader === 'member' ? 'member_read_id' : 'staff_read_id';
      return db
        .updateTable('support_conversations')
        .set({
          [column]: sql<number>`greatest(${sql.ref(column)}, least(${upToId}::bigint, coalesce(last_message_id, 0)))`,
        })
        .where('id', '=', conversationId)
        .returningAll()
        .executeTakeFirst();
    },

    async close(trx: Db, id: number, staffId: number, at: Date): Promise<void> {
      await trx
        .updateTable('support_conversations')
        .set({ status: 'closed', closed_at: at, closed_by: staffId })
        .where('id', '=', id)
        .execute();
    },

    async deskRow(executor: Db, id: number): Promise<DeskConversationRow | undefined> {
      return deskSelect(executor).where('c.id', '=', id).executeTakeFirst();
    },

    /** The desk's page: by status, optionally only with unread member messages, by username prefix. */
    async deskPage(filter: {
      status: 'open' | 'closed' | 'all';
      unreadOnly: boolean;
      search?: string;
      sort: DeskSort;
      order: 'asc' | 'desc';
      offset: number;
      limit: number;
    }): Promise<{ rows: DeskConversationRow[]; total: number }> {
      let query = deskSelect(db);
      let count = db.selectFrom('support_conversations as c');
      if (filter.status !== 'all') {
        query = query.where('c.status', '=', filter.status);
        count = count.where('c.status', '=', filter.status);
      }
      if (filter.unreadOnly) {
        const hasUnread = sql<boolean>`EXISTS (
          SELECT 1 FROM support_messages m
          WHERE m.conversation_id = c.id AND m.sender = 'member' AND m.id > c.staff_read_id)`;
        query = query.where(hasUnread);
        count = count.where(hasUnread);
      }
      if (filter.search) {
        const prefix = `${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where('c.username', 'ilike', prefix);
        count = count.where('c.username', 'ilike', prefix);
      }
      const direction = filter.order === 'asc' ? sql`ASC` : sql`DESC`;
      const [rows, total] = await Promise.all([
        query
          .orderBy(sql`${sql.raw(DESK_SORT_COLUMNS[filter.sort])} ${direction} NULLS LAST`)
          .orderBy('c.id', 'desc')
          .offset(filter.offset)
          .limit(filter.limit)
          .execute(),
        count.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: total.n };
    },

    /** A line's picture and the member whose conversation holds it (access checks). */
    async messageImage(
      messageId: number,
    ): Promise<{ image_key: string; member_id: number } | undefined> {
      const row = await db
        .selectFrom('support_messages as m')
        .innerJoin('support_conversations as c', 'c.id', 'm.conversation_id')
        .select(['m.image_key', 'c.member_id'])
        .where('m.id', '=', messageId)
        .where('m.image_key', 'is not', null)
        .executeTakeFirst();
      return row ? { image_key: row.image_key!, member_id: Number(row.member_id) } : undefined;
    },

    /** Stores a desk ticket's hash, forgetting the expired ones (a handful a day per operator). */
    async insertDeskTicket(
      hash: Buffer,
      staffId: number,
      expiresAt: Date,
      at: Date,
    ): Promise<void> {
      await db.deleteFrom('support_desk_tickets').where('expires_at', '<', at).execute();
      await db
        .insertInto('support_desk_tickets')
        .values({ ticket_hash: hash, staff_id: staffId, expires_at: expiresAt })
        .execute();
    },

    async liveDeskTicket(hash: Buffer, at: Date): Promise<boolean> {
      const row = await db
        .selectFrom('support_desk_tickets')
        .select('staff_id')
        .where('ticket_hash', '=', hash)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Open conversations, and conversations (any status) with member messages no operator read. */
    async summary(): Promise<{ open: number; unreadConversations: number }> {
      const row = await db
        .selectFrom('support_conversations as c')
        .select([
          sql<number>`count(*) FILTER (WHERE c.status = 'open')::int`.as('open'),
          sql<number>`count(*) FILTER (WHERE EXISTS (
            SELECT 1 FROM support_messages m
            WHERE m.conversation_id = c.id AND m.sender = 'member' AND m.id > c.staff_read_id))::int`.as(
            'unread',
          ),
        ])
        .executeTakeFirstOrThrow();
      return { open: row.open, unreadConversations: row.unread };
    },
  };
}
export type SupportRepository = ReturnType<typeof createSupportRepository>;
