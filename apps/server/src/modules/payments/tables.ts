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
