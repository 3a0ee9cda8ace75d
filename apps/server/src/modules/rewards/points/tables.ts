import type { ColumnType, Generated } from 'kysely';

/**
 * Tables of points and the points mall (migration 0034), owned by the rewards module: they join
 * the `Database` interface in rewards/tables.ts. Points themselves live in the member's points
 * wallet of the ledger; these rows are the rules, the goods and the redeems.
 */
export interface PointsSettingsTable {
  merchant_code: string;
  enabled: Generated<boolean>;
  rates: Generated<Record<string, number>>;
  exchange_rates: Generated<{ minPoints: number; pointsPerUnit: number }[]>;
  updated_at: Generated<Date>;
}

export interface MallGoodsTable {
  id: Generated<number>;
  merchant_code: string;
  kind: 'cash' | 'bonus' | 'physical';
  /** The pt-BR name and description: the fallback of an empty language (migration 0041). */
  name: string;
  description: Generated<string>;
  /** Per language, {"pt-BR": …, "en": …} (migration 0041). */
  names: ColumnType<Record<string, string>, string, string>;
  descriptions: ColumnType<Record<string, string>, string, string>;
  points_cost: number;
  amount_requirement_minor: Generated<number>;
  value_minor: Generated<number>;
  wagering_multiple: Generated<number>;
  stock: number | null;
  enabled: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface MallRedemptionsTable {
  id: Generated<number>;
  merchant_code: string;
  member_id: number;
  currency: string;
  goods_id: number | null;
  goods_name: string;
  quantity: number;
  points: number;
  value_minor: Generated<number>;
  status: 'in_process' | 'approved' | 'rejected';
  address: string | null;
  mobile: string | null;
  remark: string | null;
  reason: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  /**
   * When a decided redeem's money moved (migration 0041); NULL on a decided row: the job
   * rewards.mall-settle posts it again with the same key.
   */
  settled_at: Generated<Date | null>;
  created_at: Generated<Date>;
}

/**
 * Points earned from settled rounds, not yet in the ledger (migration 0049): the job
 * rewards.points-post takes `points` into a posting under `posting_key`, posts it, then clears it.
 */
export interface PointsAccrualsTable {
  merchant_code: string;
  member_id: number;
  currency: string;
  points: Generated<number>;
  posting_points: Generated<number>;
  posting_key: Generated<string | null>;
  postings: Generated<number>;
  updated_at: Generated<Date>;
}
