import type { Generated } from 'kysely';

/**
 * Tables of money in, owned by this module (migration 0018_payments.sql): no other module's
 * code names them (test/architecture.test.ts). Keep in step with the SQL.
 */
declare module '../../db/schema' {
  interface Database {
    payment_channels: PaymentChannelsTable;
    deposits: DepositsTable;
    payment_webhook_receipts: PaymentWebhookReceiptsTable;
    // Money out (migration 0021_withdrawals.sql).
    member_identities: MemberIdentitiesTable;
    member_pix_keys: MemberPixKeysTable;
    withdrawal_settings: WithdrawalSettingsTable;
    withdrawals: WithdrawalsTable;
    withdrawal_proofs: WithdrawalProofsTable;
  }
}

export type PaymentMethod = 'pix' | 'bank_transfer';
export type DepositStatus = 'pending' | 'credited' | 'failed' | 'expired';

export interface PaymentChannelsTable {
  id: Generated<number>;
  merchant_code: string;
  code: string;
  method: PaymentMethod;
  provider: string;
  name: string;
  min_minor: number;
  max_minor: number;
  presets_minor: unknown;
  expiry_seconds: number;
  instructions: unknown;
  enabled: Generated<boolean>;
  sort_order: Generated<number>;
}

export interface DepositsTable {
  id: Generated<number>;
  merchant_code: string;
  member_id: number;
  channel_code: string;
  method: PaymentMethod;
  provider: string;
  currency: string;
  amount_minor: number;
  status: Generated<DepositStatus>;
  txid: string | null;
  copia_e_cola: string | null;
  location: string | null;
  expires_at: Date | null;
  end_to_end_id: string | null;
  payer_cpf: string | null;
  payer_name: string | null;
  paid_at: Date | null;
  receipt_key: string | null;
  receipt_type: string | null;
  review_decision: 'approve' | 'reject' | null;
  reviewed_by: string | null;
  review_note: string | null;
  failure_reason: string | null;
  ledger_operation_id: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  credited_at: Date | null;
  last_checked_at: Date | null;
}

export interface PaymentWebhookReceiptsTable {
  id: Generated<number>;
  provider: string;
  kind: 'pix' | 'payout';
  notice_id: string;
  reference: string;
  amount_minor: number | null;
  times_received: Generated<number>;
  outcome: string;
  received_at: Generated<Date>;
  last_received_at: Generated<Date>;
}

// ── money out (migration 0021_withdrawals.sql) ─────────────────────────────────

export type PixKeyType = 'cpf' | 'email' | 'phone' | 'evp';
export type WithdrawalStatus =
  | 'new'
  | 'pending'
  | 'rejecting'
  | 'rejected'
  | 'approved'
  | 'failing'
  | 'failed'
  | 'paid'
  | 'confirmed'
  | 'disputed'
  | 'refunding'
  | 'refunded'
  | 'dispute_closed'
  | 'cancelled';
export type ConfirmationAnswer = 'received' | 'partial' | 'not_received' | 'deemed_received';

export interface MemberIdentitiesTable {
  member_id: number;
  merchant_code: string;
  cpf: string;
  full_name: string;
  /** A `date`: read as yyyy-MM-dd text (db/connect.ts keeps dates as text). */
  birth_date: string;
  verified_at: Generated<Date>;
}

export interface MemberPixKeysTable {
  id: Generated<number>;
  merchant_code: string;
  member_id: number;
  key_type: PixKeyType;
  key_value: string;
  created_at: Generated<Date>;
}

export interface WithdrawalSettingsTable {
  merchant_code: string;
  provider: string;
  min_minor: number;
  max_minor: number;
  daily_count_max: number;
  daily_amount_max_minor: number;
  turnover_pct: number;
  min_deposit_total_minor: number;
  identity_required: boolean;
  confirm_minutes: number;
}

export interface WithdrawalsTable {
  id: Generated<number>;
  merchant_code: string;
  member_id: number;
  currency: string;
  amount_minor: number;
  status: Generated<WithdrawalStatus>;
  pix_key_type: PixKeyType;
  pix_key: string;
  provider: string;
  payout_id: string;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  review_note: string | null;
  payout_attempts: Generated<number>;
  next_payout_at: Date | null;
  payout_error: string | null;
  end_to_end_id: string | null;
  paid_at: Date | null;
  confirm_by: Date | null;
  confirmation: ConfirmationAnswer | null;
  received_minor: number | null;
  confirmed_at: Date | null;
  failure_reason: string | null;
  // The cashier's settlement of a dispute or of a payout the job gave up on (migration 0023).
  resolved_by: string | null;
  resolved_at: Date | null;
  resolution_note: string | null;
  /** What a dispute's refund credited back (the missing amount). */
  refund_minor: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface WithdrawalProofsTable {
  id: Generated<number>;
  withdrawal_id: number;
  storage_key: string;
  content_type: 'image/png' | 'image/jpeg';
  size_bytes: number;
  created_at: Generated<Date>;
}
