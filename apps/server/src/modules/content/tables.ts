import type { Generated } from 'kysely';
import type {
  SupportConversationsTable,
  SupportDeskTicketsTable,
  SupportMessagesTable,
} from './support/tables';

/**
 * Tables of banners, announcements and feedback, owned by this module: no other module's code reads or writes them
 * (test/architecture.test.ts). Keep in step with the SQL of db/migrations.
 */
declare module '../../db/schema' {
  interface Database {
    banners: BannersTable;
    announcements: AnnouncementsTable;
    feedback: FeedbackTable;
    // The support chat (support/, migration 0038).
    support_conversations: SupportConversationsTable;
    support_messages: SupportMessagesTable;
    support_desk_tickets: SupportDeskTicketsTable;
  }
}

export interface BannersTable {
  id: Generated<number>;
  merchant_code: string;
  group_name: 'w_home' | 'w_login' | 'w_register' | 'w_forget';
  language: string;
  image_url: string;
  alt: Generated<string>;
  linkage_type: Generated<'none' | 'route' | 'external'>;
  target: Generated<string>;
  sort_order: Generated<number>;
  starts_at: Generated<Date>;
  ends_at: Date | null;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  merchant_code: string;
  type: 'B' | 'PL' | 'PU' | 'PR' | 'H';
  execution: Generated<'A' | 'B' | 'F'>;
  language: string;
  title: string;
  content: Generated<string>;
  /** A promotion category the go-to-promotion button opens (migration 0037). */
  promotion_type: string | null;
  sort_order: Generated<number>;
  starts_at: Generated<Date>;
  ends_at: Date | null;
  updated_at: Generated<Date>;
}

/** Members' feedback and the operators' answers (migration 0037). */
export interface FeedbackTable {
  id: Generated<number>;
  merchant_code: string;
  member_id: number;
  sender: string;
  type: 'deposit' | 'withdrawal' | 'game' | 'customer' | 'applyAgent' | 'others';
  content: string;
  image_key: string | null;
  image_type: 'image/png' | 'image/jpeg' | null;
  status: Generated<'pending' | 'in_progress' | 'answered' | 'closed'>;
  reply: string | null;
  replied_by: number | null;
  replied_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
