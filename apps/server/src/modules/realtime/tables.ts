import type { Generated } from 'kysely';

/**
 * The realtime backlog (migration 0020), owned by this module: each member's event numbers and
 * what was pushed to them lately, for sockets that reconnect (docs/realtime.md).
 */
declare module '../../db/schema' {
  interface Database {
    realtime_cursors: { member_id: number; last_seq: number };
    realtime_events: RealtimeEventsTable;
  }
}

export interface RealtimeEventsTable {
  member_id: number;
  seq: number;
  merchant_code: string;
  type: string;
  data: unknown;
  source_key: string;
  created_at: Generated<Date>;
}
