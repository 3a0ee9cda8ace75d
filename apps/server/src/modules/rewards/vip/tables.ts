import type { Generated } from 'kysely';

/**
 * Tables of VIP levels (migration 0034), owned by the rewards module: they join the `Database`
 * interface in rewards/tables.ts. Money is ledger operations (`vip-reward:<id>`); these rows
 * say who holds which level, what the windows hold, and which reward was owed once.
 */
export interface VipSettingsTable {
  merchant_code: string;
  enabled: Generated<boolean>;
  period: Generated<'rolling' | 'month'>;
  rolling_days: Generated<number>;
  requirement: Generated<'all' | 'any'>;
  updated_at: Generated<Date>;
}

export interface VipLevelsTable {
  id: Generated<number>;
  merchant_code: string;
  rank: number;
  name: string;
  deposit_minor: number;
  valid_bet_minor: number;
  keep_deposit_minor: number;
  keep_valid_bet_minor: number;
  level_up_reward_minor: number;
  weekly_reward_minor: number;
  monthly_reward_minor: number;
  cashback_rate_bp: number;
  updated_at: Generated<Date>;
}

export interface VipActivityTable {
  member_id: number;
  day: string;
  merchant_code: string;
  deposit_minor: Generated<number>;
  valid_bet_minor: Generated<number>;
}

export interface VipMembersTable {
  member_id: number;
  merchant_code: string;
  rank: number;
  changed_at: Generated<Date>;
}

export interface VipRewardsTable {
  id: Generated<number>;
  merchant_code: string;
  member_id: number;
  currency: string;
  kind: 'level_up' | 'weekly' | 'monthly';
  period_key: string;
  rank: number;
  amount_minor: number;
  operation_id: number | null;
  created_at: Generated<Date>;
}

export interface LoyaltyCountedEventsTable {
  handler: string;
  event_id: number;
  created_at: Generated<Date>;
}
