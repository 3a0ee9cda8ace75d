import type { Generated } from 'kysely';

/**
 * Tables of the support chat (migration 0038), owned by the content module's support part: they
 * join the `Database` interface in content/tables.ts (where the architecture check reads a
 * module's tables). Keep in step with the SQL of db/migrations.
 */

export interface SupportConversationsTable {
  id: Generated<number>;
  merchant_code: string;
  member_id: number;
  username: string;
  status: Generated<'open' | 'closed'>;
  /** The last message id the member has seen (operator messages after it are unread). */
  member_read_id: Generated<number>;
  /** The last message id an operator has seen (member messages after it are unread). */
  staff_read_id: Generated<number>;
  last_message_id: number | null;
  last_message_at: Date | null;
  created_at: Generated<Date>;
  closed_at: Date | null;
  closed_by: number | null;
}

export interface SupportMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender: 'member' | 'staff';
  staff_id: number | null;
  author_name: string | null;
  /** Empty on a line that is only a picture (migration 0042). */
  body: string;
  /** The line's picture in file storage (lib/file-storage), and its type by its bytes. */
  image_key: string | null;
  image_type: 'image/png' | 'image/jpeg' | 'image/webp' | null;
  created_at: Generated<Date>;
}

/** Tickets that let a console socket follow `support.desk` on /ws (migration 0042). */
export interface SupportDeskTicketsTable {
  /** SHA-256 of the ticket: a leaked table row does not open the topic. */
  ticket_hash: Buffer;
  staff_id: number;
  expires_at: Date;
}
