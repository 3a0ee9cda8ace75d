import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types for Kysely, one interface per table of `migrations/`. Keep in step with the SQL:
 * the migrations are the source of truth, these only let the compiler check queries.
 */
export interface Database {
  schema_migrations: { id: string; applied_at: Generated<Date> };
  brands: BrandsTable;
  brand_domains: { domain: string; merchant_code: string };
  help_topics: HelpTopicsTable;
  banners: BannersTable;
  announcements: AnnouncementsTable;
  vendors: VendorsTable;
  game_categories: { code: string; sort_order: number };
  games: GamesTable;
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
  favourite_games: { member_id: number; game_id: number; created_at: Generated<Date> };
  recent_games: { member_id: number; game_id: number; launched_at: Generated<Date> };
  game_winners: {
    id: Generated<number>;
    merchant_code: string;
    display_name: string;
    game_id: number;
    amount_minor: number;
    currency: string;
    won_at: Generated<Date>;
  };
  ledger_accounts: LedgerAccountsTable;
  ledger_operations: {
    id: Generated<number>;
    idempotency_key: string;
    fingerprint: string;
    kind: string;
    reference: Generated<string>;
    created_at: Generated<Date>;
  };
  ledger_transfers: LedgerTransfersTable;
  operator_audit: {
    id: Generated<number>;
    merchant_code: string;
    operator_id: string;
    action: string;
    subject: string;
    detail: ColumnType<unknown, string, string>;
    created_at: Generated<Date>;
  };
  encryption_keys: {
    kid: string;
    public_jwk: ColumnType<unknown, string, string>;
    private_pkcs8: string;
    created_at: Generated<Date>;
    retire_after: Date;
  };
  // Events and jobs (lib/events.ts, lib/jobs.ts, migration 0012).
  domain_events: DomainEventsTable;
  event_deliveries: EventDeliveriesTable;
  job_runs: JobRunsTable;
}

export interface DomainEventsTable {
  id: Generated<number>;
  type: string;
  payload: ColumnType<unknown, string, never>;
  dispatched: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface EventDeliveriesTable {
  event_id: number;
  handler: string;
  status: Generated<'pending' | 'done' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Date;
  last_error: string | null;
  finished_at: Date | null;
}

export interface JobRunsTable {
  job: string;
  period: string;
  payload: ColumnType<unknown, string | null, never>;
  status: Generated<'pending' | 'done' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Date;
  last_error: string | null;
  created_at: Generated<Date>;
  finished_at: Date | null;
}

export interface BrandsTable {
  merchant_code: string;
  name: string;
  currency: string;
  currency_symbol: string;
  country_code: string;
  country_dialing_code: string;
  time_zone: string;
  default_language: string;
  is_default: Generated<boolean>;
  /** Validated by brandSettingsSchema on read; written as JSON text. */
  settings: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export type BrandRow = Selectable<BrandsTable>;

export interface HelpTopicsTable {
  id: Generated<number>;
  merchant_code: string;
  topic_key: string;
  language: string;
  title: string;
  content: string;
  sort_order: number;
}

export interface VendorsTable {
  code: string;
  name: string;
  game_category: string;
  wallet_mode: 'seamless' | 'transfer';
  entry_kind: 'VASSALAGE' | 'LOBBY';
  sort_order: number;
  maintenance: Generated<boolean>;
  wallet_type_id: number | null;
  /** The vendor's own logo; null shows generated art (modules/games/art-urls.ts). */
  logo_url: string | null;
}

export interface GamesTable {
  id: Generated<number>;
  vendor_code: string;
  game_code: string;
  game_category: string;
  name_en: string;
  name_pt: string;
  classify: string;
  is_hot: Generated<boolean>;
  is_new: Generated<boolean>;
  maintenance: Generated<boolean>;
  rtp_bps: number;
  sort_order: number;
  art_seed: number;
  /** The game's own card picture; null shows generated art (modules/games/art-urls.ts). */
  icon_url: string | null;
}
export type NewGame = Insertable<GamesTable>;

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

export interface LedgerAccountsTable {
  id: Generated<number>;
  merchant_code: string;
  owner_kind: 'member' | 'house';
  member_id: number | null;
  purpose: string;
  vendor_code: Generated<string>;
  currency: string;
  balance_minor: Generated<number>;
  created_at: Generated<Date>;
}

export interface LedgerTransfersTable {
  id: Generated<number>;
  operation_id: number;
  seq: number;
  kind: string;
  reference: Generated<string>;
  from_account_id: number;
  to_account_id: number;
  amount_minor: number;
  from_balance_after: number | null;
  to_balance_after: number | null;
  created_at: Generated<Date>;
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
  sort_order: Generated<number>;
  starts_at: Generated<Date>;
  ends_at: Date | null;
}
