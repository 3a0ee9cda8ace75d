import type { Generated } from 'kysely';
import type { LotteryKind, LotteryPrizeMode } from '@banca/contracts/lottery-rules';

/**
 * Tables of the e-lottery (migration 0036), owned by this module. Money is not here: stakes,
 * payouts and refunds are ledger operations with bet records, written through the wallet's
 * service.
 */
declare module '../../db/schema' {
  interface Database {
    lottery_games: LotteryGamesTable;
    lottery_bet_types: LotteryBetTypesTable;
    lottery_draws: LotteryDrawsTable;
    lottery_slips: LotterySlipsTable;
    lottery_lines: LotteryLinesTable;
    lottery_exposure: LotteryExposureTable;
    lottery_result_entries: LotteryResultEntriesTable;
    lottery_closed_days: LotteryClosedDaysTable;
  }
}

export type DrawStatus = 'open' | 'drawn' | 'settled' | 'void';
export type SlipStatus = 'pending' | 'placed' | 'settled' | 'refunded' | 'refused';

export interface LotteryGamesTable {
  game_code: string;
  kind: LotteryKind;
  prize_mode: LotteryPrizeMode;
  name_en: string;
  name_pt: string;
  interval_seconds: number;
  close_seconds: number;
  min_stake_minor: number;
  max_stake_minor: number;
  max_payout_per_number_minor: number;
  enabled: boolean;
  sort_order: number;
  updated_at: Generated<Date>;
  /** seed: drawn from its seeds (ELOTT); operator: double entry; feed: the results feed (0039). */
  results_source: Generated<ResultsSource>;
  /** Local draw time `HH:MM` in `time_zone` (VN/SEA); null: on the epoch's grid. */
  draw_time: string | null;
  time_zone: Generated<string>;
  /** ISO weekdays (1 Monday … 7 Sunday, in `time_zone`) it draws on; null: every day (0046). */
  draw_weekdays: number[] | null;
  /** Miền Bắc / Trung / Nam: groups the VN provinces in the menus (0046); null otherwise. */
  region: LotteryRegion | null;
}

export type LotteryRegion = 'north' | 'central' | 'south';

export type ResultsSource = 'seed' | 'operator' | 'feed';

export interface LotteryBetTypesTable {
  game_code: string;
  bet_type: string;
  rtp_bps: number;
  enabled: boolean;
  /** VN/SEA odds table, E4 per tier (0039); null for the e-lottery's derived odds. */
  odds_tiers_e4: Generated<number[] | null>;
}

export interface LotteryDrawsTable {
  id: Generated<number>;
  game_code: string;
  draw_no: string;
  close_at: Date;
  draw_at: Date;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  status: Generated<DrawStatus>;
  numbers: number[] | null;
  drawn_at: Date | null;
  settled_at: Date | null;
  voided_at: Date | null;
  /** When a voided draw's refund went through every slip (migration 0051). */
  refunded_at: Generated<Date | null>;
  /**
   * The bet rounds of its slips (migration 0054): `member`, one round `D<drawId>` per member (the
   * default); `slip`, one round `L<slipId>` per slip (the draws opened before 0054).
   */
  rounds: Generated<'member' | 'slip'>;
  void_reason: string | null;
  created_at: Generated<Date>;
}

export interface LotterySlipsTable {
  id: Generated<number>;
  draw_id: number;
  game_code: string;
  merchant_code: string;
  member_id: number;
  currency: string;
  stake_minor: number;
  payout_minor: Generated<number>;
  status: Generated<SlipStatus>;
  created_at: Generated<Date>;
  settled_at: Date | null;
}

export interface LotteryLinesTable {
  id: Generated<number>;
  slip_id: number;
  draw_id: number;
  bet_type: string;
  selection: string;
  stake_minor: number;
  odds_e4: number;
  won: boolean | null;
  payout_minor: Generated<number>;
  odds_tiers_e4: Generated<number[] | null>;
  odds_div: Generated<number>;
  hits: Generated<number | null>;
}

export interface LotteryExposureTable {
  draw_id: number;
  bet_type: string;
  selection: string;
  payout_minor: number;
}

export type ResultEntryStatus = 'pending' | 'confirmed' | 'rejected' | 'discarded';

/** Result sheets of VN/SEA draws as entered by operators or the feed (0039). */
export interface LotteryResultEntriesTable {
  id: Generated<number>;
  draw_id: number;
  source: 'operator' | 'feed';
  staff_id: number | null;
  numbers: number[];
  status: ResultEntryStatus;
  differs: string[] | null;
  decided_by: number | null;
  created_at: Generated<Date>;
  decided_at: Date | null;
}

/**
 * Days a lottery company does not draw (0052): the scheduler skips a game's draw whose local
 * date is closed for it (`game_code`) or for every game with a local draw time (null).
 */
export interface LotteryClosedDaysTable {
  id: Generated<number>;
  /** `YYYY-MM-DD`, read in each game's time zone. */
  day: string;
  game_code: string | null;
  reason: string;
  /** The operator who added it; null for the days the migration seeded (Tết 2027). */
  created_by: number | null;
  created_at: Generated<Date>;
}
