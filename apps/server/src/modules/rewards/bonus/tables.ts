import type { Generated } from 'kysely';

/**
 * Tables of the bonus wallet (migration 0030), owned by the rewards module: they
 * join the `Database` interface in rewards/tables.ts (where the architecture check reads a
 * module's tables). Money is not here: grants, conversions, forfeits and expiries are
 * ledger operations.
 */
export type BonusGrantStatus = 'open' | 'completed' | 'forfeited' | 'expired';
/** Which wallet a bet uses first (migration 0032, docs/bonus.md "Which wallet a bet uses"). */
export type BetOrder = 'cash_first' | 'bonus_first';

export interface BonusSettingsTable {
  merchant_code: string;
  category_weights: Generated<Record<string, number>>;
  bet_order: Generated<BetOrder>;
  /** Game categories whose bets never take bonus money (a JSON array of category names). */
  cash_only_categories: Generated<string[]>;
  updated_at: Generated<Date>;
}

export interface BonusGrantsTable {
  id: Generated<number>;
  merchant_code: string;
  member_id: number;
  currency: string;
  source_key: string;
  titles: Record<string, string>;
  promotion_id: number | null;
  amount_minor: number;
  deposit_minor: Generated<number>;
  wagering_multiple: number;
  wagering_base: 'bonus' | 'bonus_deposit';
  required_minor: number;
  wagered_minor: Generated<number>;
  status: Generated<BonusGrantStatus>;
  expires_at: Date;
  created_at: Generated<Date>;
  grant_operation_id: number | null;
  closed_at: Date | null;
  closed_operation_id: number | null;
  /** What the close moved out of the bonus account; NULL until it is posted (migration 0032). */
  closed_amount_minor: Generated<number | null>;
}

export interface BonusWagerCountsTable {
  grant_id: number;
  bet_round_id: number;
  counted_minor: number;
}

/**
 * A close whose rounds were still open (migration 0043, docs/bonus.md "A win after its bonus
 * closed"): their wins' bonus shares that land later follow the close's outcome.
 */
export interface BonusLateWatchesTable {
  grant_id: number;
  merchant_code: string;
  member_id: number;
  currency: string;
  outcome: 'completed' | 'forfeited' | 'expired';
  /** The bonus account's latest transfer once the close was posted: later ones are late. */
  after_transfer_id: number;
  /** The watched rounds as the ledger's references name them: `vendor:game:round`. */
  rounds: string[];
  /** The watched rounds opened after this (the bet records' index is walked from it). */
  rounds_since: Date;
  created_at: Generated<Date>;
  until: Date;
  done_at: Date | null;
}

/** One late share moved on, once per transfer that brought it (migration 0043). */
export interface BonusLateSharesTable {
  transfer_id: number;
  grant_id: number;
  amount_minor: number;
  operation_id: number | null;
  created_at: Generated<Date>;
}
