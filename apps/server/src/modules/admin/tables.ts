import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * Tables of the operator side, owned by this module: no other module's code reads or writes
 * them (test/architecture.test.ts). Keep in step with the SQL of db/migrations (0003, 0019).
 */
declare module '../../db/schema' {
  interface Database {
    operator_audit: {
      id: Generated<number>;
      merchant_code: string;
      operator_id: string;
      action: string;
      subject: string;
      detail: ColumnType<unknown, string, string>;
      ip: string | null;
      request_id: string | null;
      before_state: ColumnType<unknown, string | null, never>;
      after_state: ColumnType<unknown, string | null, never>;
      created_at: Generated<Date>;
    };
    staff_accounts: StaffAccountsTable;
    staff_sessions: StaffSessionsTable;
    staff_pending_logins: {
      token_hash: string;
      staff_id: number;
      ip: string;
      enrol_secret: string | null;
      attempts: Generated<number>;
      expires_at: Date;
      used_at: Date | null;
    };
  }
}

export interface StaffAccountsTable {
  id: Generated<number>;
  username: string;
  display_name: string;
  password_hash: string;
  roles: ColumnType<string[], string[] | undefined, string[]>;
  status: Generated<'active' | 'disabled'>;
  totp_secret: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: number | null;
  created_by: number | null;
  created_at: Generated<Date>;
  last_login_at: Date | null;
}
export type StaffAccountRow = Selectable<StaffAccountsTable>;

export interface StaffSessionsTable {
  id: Generated<number>;
  token_hash: string;
  binding_hash: string;
  user_agent_hash: string;
  staff_id: number;
  ip: string;
  user_agent: string | null;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  idle_expires_at: Date;
  absolute_expires_at: Date;
  ended_at: Date | null;
}
