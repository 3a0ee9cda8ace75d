import type { Generated } from 'kysely';
import type {
  BonusGrantsTable,
  BonusLateSharesTable,
  BonusLateWatchesTable,
  BonusSettingsTable,
  BonusWagerCountsTable,
} from './bonus/tables';
import type {
  CashbackJobCoverageTable,
  CashbackPayoutsTable,
  CashbackSettingsTable,
} from './cashback/tables';
import type {
  RewardTicketDrawsTable,
  RewardTicketsTable,
  TicketPrizesTable,
  TicketTablesTable,
} from './tickets/tables';
import type {
  LoyaltyCountedEventsTable,
  VipActivityTable,
  VipLevelsTable,
  VipMembersTable,
  VipRewardsTable,
  VipSettingsTable,
} from './vip/tables';
import type {
  MallGoodsTable,
  MallRedemptionsTable,
  PointsAccrualsTable,
  PointsSettingsTable,
} from './points/tables';
import type {
  MissionCountedFactsTable,
  MissionProgressTable,
  MissionsTable,
} from './missions/tables';
import type { ReferralSettingsTable, ReferralsTable } from './referral/tables';

/**
 * Tables of the promotions (migration 0029), owned by this module: no other module's code reads
 * or writes them (test/architecture.test.ts). Money is not here: rewards are issued through the
 * module's issuers (seam.ts), which post to the wallet's ledger.
 */
declare module '../../db/schema' {
  interface Database {
    promotions: PromotionsTable;
    promotion_entries: PromotionEntriesTable;
    promotion_counted_facts: PromotionCountedFactsTable;
    promotion_applications: PromotionApplicationsTable;
    promotion_application_proofs: PromotionApplicationProofsTable;
    // The bonus wallet and cashback (migration 0030, bonus/tables.ts).
    bonus_settings: BonusSettingsTable;
    bonus_grants: BonusGrantsTable;
    bonus_wager_counts: BonusWagerCountsTable;
    cashback_settings: CashbackSettingsTable;
    cashback_payouts: CashbackPayoutsTable;
    // Late bonus shares and the cashback job's coverage (migration 0043).
    bonus_late_watches: BonusLateWatchesTable;
    bonus_late_shares: BonusLateSharesTable;
    cashback_job_coverage: CashbackJobCoverageTable;
    // Reward tickets (migration 0031, tickets/tables.ts).
    ticket_tables: TicketTablesTable;
    ticket_prizes: TicketPrizesTable;
    reward_tickets: RewardTicketsTable;
    reward_ticket_draws: RewardTicketDrawsTable;
    // VIP, points and the mall (migration 0034, vip/tables.ts, points/tables.ts).
    vip_settings: VipSettingsTable;
    vip_levels: VipLevelsTable;
    vip_activity: VipActivityTable;
    vip_members: VipMembersTable;
    vip_rewards: VipRewardsTable;
    loyalty_counted_events: LoyaltyCountedEventsTable;
    points_settings: PointsSettingsTable;
    mall_goods: MallGoodsTable;
    mall_redemptions: MallRedemptionsTable;
    // Points earned, not yet posted (migration 0049, points/tables.ts).
    points_accruals: PointsAccrualsTable;
    // Missions and invite-a-friend (migration 0035, missions/tables.ts, referral/tables.ts).
    missions: MissionsTable;
    mission_progress: MissionProgressTable;
    mission_counted_facts: MissionCountedFactsTable;
    referral_settings: ReferralSettingsTable;
    referrals: ReferralsTable;
  }
}

export type PromotionCategory =
  | 'other'
  | 'sports'
  | 'live'
  | 'slots'
  | 'poker'
  | 'fishing'
  | 'lottery'
  | 'cashback'
  | 'points_shop'
  | 'vip'
  | 'deposit'
  | 'download_app'
  | 'welcome';
export type PromotionTrigger =
  'deposit' | 'first_deposit' | 'registration' | 'turnover' | 'loss' | 'application';
export type RewardKind = 'cash' | 'bonus' | 'points' | 'ticket';
export type TicketKind = 'bonus' | 'points' | 'egg' | 'red_envelope' | 'prize_wheel';
export type PeriodType = 'once' | 'daily' | 'weekly' | 'semimonthly' | 'monthly';
export type Eligibility = 'all' | 'new_members' | 'depositors';
export type EntryStatus = 'joined' | 'in_process' | 'claimable' | 'issuing' | 'issued';
export type ApplicationStatus = 'pending' | 'approved' | 'rejected';
/** Text by language: `{ "pt-BR": …, "en": … }`. */
export type LocalizedText = Record<string, string>;

export interface PromotionsTable {
  id: Generated<number>;
  merchant_code: string;
  category: PromotionCategory;
  sort_order: Generated<number>;
  titles: LocalizedText;
  summaries: Generated<LocalizedText>;
  bodies: Generated<LocalizedText>;
  banner_key: string | null;
  banner_content_type: string | null;
  trigger: PromotionTrigger;
  requires_join: Generated<boolean>;
  claim_mode: Generated<'auto' | 'claim'>;
  threshold_minor: Generated<number>;
  reward_kind: RewardKind;
  ticket_kind: TicketKind | null;
  reward_calc: 'fixed' | 'percent';
  reward_fixed_minor: Generated<number>;
  reward_percent_bps: Generated<number>;
  reward_cap_minor: number | null;
  wagering_multiple: Generated<number>;
  wagering_base: Generated<'bonus' | 'bonus_deposit'>;
  period_type: Generated<PeriodType>;
  eligibility: Generated<Eligibility>;
  starts_at: Date;
  ends_at: Date | null;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PromotionEntriesTable {
  id: Generated<number>;
  promotion_id: number;
  merchant_code: string;
  member_id: number;
  currency: string;
  period_key: string;
  status: EntryStatus;
  progress_minor: Generated<number>;
  deposit_minor: Generated<number>;
  reward_minor: number | null;
  claimed_by_member: Generated<boolean>;
  reward_reference: string | null;
  joined_at: Generated<Date>;
  qualified_at: Date | null;
  issued_at: Date | null;
  updated_at: Generated<Date>;
}

export interface PromotionCountedFactsTable {
  promotion_id: number;
  source_key: string;
  created_at: Generated<Date>;
}

export interface PromotionApplicationsTable {
  id: Generated<number>;
  promotion_id: number;
  merchant_code: string;
  member_id: number;
  currency: string;
  period_key: string;
  comment: Generated<string>;
  status: Generated<ApplicationStatus>;
  reject_reason: string | null;
  entry_id: number | null;
  decided_by_staff_id: number | null;
  decided_at: Date | null;
  created_at: Generated<Date>;
}

export interface PromotionApplicationProofsTable {
  id: Generated<number>;
  application_id: number;
  file_key: string;
  content_type: string;
  size_bytes: number;
  position: number;
}
