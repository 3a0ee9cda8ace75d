import type { Generated } from 'kysely';
import type { MessageKind } from '@banca/contracts';

/**
 * The member inbox (migration 0020), owned by this module: no other module's code reads or
 * writes it (test/architecture.test.ts).
 */
declare module '../../db/schema' {
  interface Database {
    member_messages: MemberMessagesTable;
  }
}

/** A template's values: the amount and the message's second parameter (docs/realtime.md). */
export type MessageParams = { amountMinor: number; currency: string; detail: string };

export interface MemberMessagesTable {
  id: Generated<number>;
  merchant_code: string;
  member_id: number;
  kind: MessageKind;
  params: MessageParams;
  source_key: string;
  read_at: Date | null;
  deleted_at: Date | null;
  created_at: Generated<Date>;
}
