import type { ColumnType, Generated } from 'kysely';
import type { ContractTier } from '@banca/contracts';

/**
 * The contracts' tables (migration 0025), owned by the agents module, which declares them in
 * its tables.ts (the architecture test reads the owners there). Keep in step with the SQL.
 */

type Bigint = ColumnType<number, number | bigint, number | bigint>;

export interface AgentContractsTable {
  id: Generated<number>;
  merchant_code: string;
  kind: 'dividend' | 'daily' | 'hourly' | 'realtime';
  upline_member_id: number | null;
  downline_member_id: number;
  product_type: Generated<string>;
  period: string;
  min_active_members: Generated<number>;
  tiers: ColumnType<ContractTier[], string, string>;
  top_rate_bp: number;
  top_loss_rate_bp: Generated<number>;
  status: Generated<
    'pending' | 'active' | 'rejected' | 'terminated' | 'ended' | 'withdrawn' | 'replaced'
  >;
  offered_by_staff: string | null;
  created_at: Generated<Date>;
  responded_at: Date | null;
  ended_at: Date | null;
  end_reason: string | null;
}

export interface AgentSettlementsTable {
  id: Generated<number>;
  merchant_code: string;
  contract_id: number;
  kind: string;
  period_label: string;
  window_start: Date;
  window_end: Date;
  payer_member_id: number | null;
  payee_member_id: number;
  currency: string;
  valid_bet_minor: Bigint;
  profit_loss_minor: Bigint;
  won_bet_minor: Bigint;
  lost_bet_minor: Bigint;
  active_members: number;
  late_bet_minor: Bigint;
  rate_bp: number;
  loss_rate_bp: number;
  amount_minor: Bigint;
  status: 'paid' | 'unpaid' | 'below_threshold';
  operation_id: number | null;
  created_at: Generated<Date>;
}

export interface AgentSettlementRunsTable {
  kind: string;
  merchant_code: string;
  period_label: string;
  window_start: Date;
  window_end: Date;
  contracts: number;
  payouts: number;
  unpaid: number;
  paid_minor: Bigint;
  late_bet_minor: Bigint;
  duration_ms: number;
  finished_at: Generated<Date>;
}
