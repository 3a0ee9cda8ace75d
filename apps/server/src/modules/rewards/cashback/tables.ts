import type { CashbackPeriodKind } from '@banca/contracts';
import type { Generated } from 'kysely';

/**
 * Tables of cashback and manual rebate (migration 0030), owned by the rewards module: they join
 * the `Database` interface in rewards/tables.ts. The money is ledger operations
 * (`cashback:<period>:<member>`); these rows say what was paid for which period, once.
 */
export interface CashbackSettingsTable {
  merchant_code: string;
  enabled: Generated<boolean>;
  /** Day, week (Monday to Sunday) or calendar month of the brand's zone (migration 0033). */
  period: Generated<CashbackPeriodKind>;
  rate_bp: Generated<number>;
  min_loss_minor: Generated<number>;
  max_payout_minor: Generated<number>;
  rebate_enabled: Generated<boolean>;
  rebate_rates_bp: Generated<Record<string, number>>;
  updated_at: Generated<Date>;
}

export interface CashbackPayoutsTable {
  id: Generated<number>;
  merchant_code: string;
  member_id: number;
  currency: string;
  kind: 'cashback' | 'rebate';
  period_key: string;
  window_start: Date;
  window_end: Date;
  basis_minor: number;
  amount_minor: number;
  operation_id: number | null;
  created_at: Generated<Date>;
}

/** How far the cashback job has looked (migration 0043): the end of the latest hour a run handled. */
export interface CashbackJobCoverageTable {
  job: string;
  covered_until: Date;
}
