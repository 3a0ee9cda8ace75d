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
}

export interface LotteryBetTypesTable {
  game_code: string;
  bet_type: string;
  rtp_bps: number;
  enabled: boolean;
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
}

export interface LotteryExposureTable {
  draw_id: number;
  bet_type: string;
  selection: string;
  payout_minor: number;
}
