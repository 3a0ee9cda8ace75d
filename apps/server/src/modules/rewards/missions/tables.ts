import type { ColumnType, Generated, Selectable } from 'kysely';
import type {
  MISSION_REWARD_KINDS,
  MissionKind,
  MissionPeriod,
  MissionStatus,
} from '@banca/contracts';

/**
 * Tables of missions (migration 0035), owned by the rewards module's missions part; they join
 * the `Database` interface in rewards/tables.ts. The referral part records its counted rounds
 * in mission_counted_facts too. Rewards are issued through the module's issuers (seam.ts).
 */

/** The issuers' kinds (seam.ts's RewardKind, spelled by the contracts). */
type RewardKind = (typeof MISSION_REWARD_KINDS)[number];
type TicketKind = 'bonus' | 'points' | 'egg' | 'red_envelope' | 'prize_wheel';
export interface MissionsTable {
  id: Generated<number>;
  merchant_code: string;
  kind: MissionKind;
  game_category: string | null;
  period_type: MissionPeriod;
  target: number;
  reward_kind: RewardKind;
  reward_minor: number;
  ticket_kind: TicketKind | null;
  wagering_multiple: Generated<number>;
  mission_points: Generated<number>;
  titles: ColumnType<Record<string, string>, string, string>;
  enabled: Generated<boolean>;
  sort_order: Generated<number>;
  /** The mission's own window (migration 0047); NULL leaves that side open. */
  starts_at: Date | null;
  ends_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export type MissionRow = Selectable<MissionsTable>;

export interface MissionProgressTable {
  id: Generated<number>;
  mission_id: number;
  merchant_code: string;
  member_id: number;
  currency: string;
  period_key: string;
  progress: Generated<number>;
  status: Generated<MissionStatus>;
  completed_at: Date | null;
  claimed_at: Date | null;
  reward_reference: string | null;
  points_earned: Generated<number>;
  /** When the member was told it became claimable (MISSION push, migration 0041). */
  notified_at: Date | null;
  updated_at: Generated<Date>;
}
export type MissionProgressRow = Selectable<MissionProgressTable>;

export interface MissionCountedFactsTable {
  fact_key: string;
  created_at: Generated<Date>;
}
