import type { Generated, Selectable } from 'kysely';

/**
 * Tables of invite-a-friend (migration 0035), owned by the rewards module's referral part; they
 * join the `Database` interface in rewards/tables.ts.
 */
export interface ReferralSettingsTable {
  merchant_code: string;
  enabled: Generated<boolean>;
  min_deposit_minor: Generated<number>;
  min_turnover_minor: Generated<number>;
  reward_kind: Generated<'cash' | 'bonus' | 'points'>;
  reward_minor: Generated<number>;
  wagering_multiple: Generated<number>;
  block_same_ip: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface ReferralsTable {
  friend_member_id: number;
  referrer_member_id: number;
  merchant_code: string;
  currency: string;
  status: Generated<'registered' | 'deposited' | 'qualified' | 'blocked'>;
  blocked_reason: 'same_device' | 'same_ip' | 'same_cpf' | null;
  first_deposit_minor: Generated<number>;
  turnover_minor: Generated<number>;
  registered_at: Date;
  deposited_at: Date | null;
  qualified_at: Date | null;
  reward_minor: Generated<number>;
  reward_reference: string | null;
}
export type ReferralRow = Selectable<ReferralsTable>;
