import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Tables of the accounts (`members`) and how they prove who they are, owned by this module: no other module's code reads or writes them
 * (test/architecture.test.ts). Keep in step with the SQL of db/migrations.
 */
declare module '../../db/schema' {
  interface Database {
    members: MembersTable;
    sessions: SessionsTable;
    login_failures: {
      id: Generated<number>;
      merchant_code: string;
      account_key: string;
      ip: string;
      created_at: Generated<Date>;
    };
    /** `client_hash`: SHA-256 of the fetching client's IP and user agent (modules/auth/captcha.ts). */
    captchas: {
      id: string;
      answer_hash: string;
      client_hash: string;
      expires_at: Date;
      used_at: Date | null;
    };
    verification_codes: VerificationCodesTable;
    /** Digests of encrypted bodies already opened: each is accepted once (http/encrypted-body.ts). */
    encrypted_body_uses: { digest: string; expires_at: Date };
    outbox_messages: OutboxMessagesTable;
    member_known_ips: { member_id: number; ip: string; verified_at: Generated<Date> };
    pending_logins: PendingLoginsTable;
    encryption_keys: {
      kid: string;
      public_jwk: ColumnType<unknown, string, string>;
      private_pkcs8: string;
      created_at: Generated<Date>;
      retire_after: Date;
    };
    // Events and jobs (lib/events.ts, lib/jobs.ts, migration 0012).
  }
}

export interface MembersTable {
  id: Generated<number>;
  merchant_code: string;
  username: string;
  password_hash: string;
  payment_password_hash: string | null;
  type: Generated<number>;
  status: Generated<'active' | 'locked' | 'disabled'>;
  nickname: string | null;
  full_name: string | null;
  email: string | null;
  country_dialing_code: string | null;
  mobile_num: string | null;
  /** `date` column, read and written as 'YYYY-MM-DD'. */
  birthday: ColumnType<string | null, string | null, string | null>;
  messaging: ColumnType<Record<string, string>, string | undefined, string>;
  id_number: string | null;
  address: string | null;
  nationality: string | null;
  occupation: string | null;
  source_of_income: string | null;
  language: Generated<string>;
  vip_level: Generated<number>;
  invite_code: string;
  upline_member_id: number | null;
  referred_by_member_id: number | null;
  must_change_password: Generated<boolean>;
  password_changed_at: Generated<Date>;
  totp_secret: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: number | null;
  first_login_at: Date | null;
  last_login_at: Date | null;
  registration_ip: string | null;
  registration_device: string | null;
  /** When the e-mail / mobile last changed after registration (cooling period for recovery). */
  email_changed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  mobile_changed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Generated<Date>;
}
export type MemberRow = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  member_id: number;
  scope: 'full' | 'password_change';
  remember: boolean;
  ip: string;
  device: string;
  user_agent: string | null;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Date;
  ended_at: Date | null;
  /** When this session last proved its owner again (password or a code): "sudo mode". */
  reauthenticated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
export type SessionRow = Selectable<SessionsTable>;

export interface VerificationCodesTable {
  id: Generated<number>;
  merchant_code: string;
  purpose: 'register' | 'login' | 'reset_password' | 'login_ip' | 'reauth' | 'verify_contact';
  channel: 'sms' | 'email';
  destination: string;
  code_hash: string;
  attempts: Generated<number>;
  client_key: string;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}

export interface OutboxMessagesTable {
  id: Generated<number>;
  merchant_code: string;
  channel: 'sms' | 'email';
  destination: string;
  subject: string | null;
  body: string;
  created_at: Generated<Date>;
}

export interface PendingLoginsTable {
  token_hash: string;
  member_id: number;
  ip: string;
  remember: boolean;
  agent_login: boolean;
  attempts: Generated<number>;
  expires_at: Date;
  used_at: Date | null;
}
