import type { Generated } from 'kysely';

/**
 * Tables of the house games (migration 0022), owned by this module: no other module's code
 * reads or writes them (test/architecture.test.ts). Money is not here: stakes and payouts are
 * ledger operations with bet records, written through the wallet's service.
 */
declare module '../../db/schema' {
  interface Database {
    house_games: HouseGamesTable;
    house_seeds: HouseSeedsTable;
    house_bets: HouseBetsTable;
    house_chains: HouseChainsTable;
    house_rounds: HouseRoundsTable;
    house_round_bets: HouseRoundBetsTable;
  }
}

export type Engine = 'dice' | 'limbo' | 'mines' | 'plinko' | 'double' | 'crash';
export type HouseBetStatus = 'pending' | 'open' | 'settling' | 'settled' | 'refused';

export interface HouseGamesTable {
  game_code: string;
  engine: Engine;
  rtp_bps: number;
  min_bet_minor: Generated<number>;
  max_bet_minor: Generated<number>;
  max_payout_minor: Generated<number>;
  /** Crash: the most one round pays in all (migration 0026). */
  max_round_payout_minor: Generated<number>;
  enabled: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface HouseSeedsTable {
  id: Generated<number>;
  merchant_code: string;
  member_id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: Generated<number>;
  status: 'active' | 'revealed';
  created_at: Generated<Date>;
  revealed_at: Date | null;
}

export interface HouseBetsTable {
  id: Generated<number>;
  merchant_code: string;
  member_id: number;
  currency: string;
  game_code: string;
  engine: Engine;
  seed_id: number;
  nonce: number;
  client_seed: string;
  rtp_bps: number;
  params: Record<string, unknown>;
  stake_minor: number;
  multiplier_e4: Generated<number>;
  payout_minor: Generated<number>;
  outcome: Record<string, unknown>;
  revealed: Generated<number[]>;
  status: HouseBetStatus;
  created_at: Generated<Date>;
  settled_at: Date | null;
}

export interface HouseChainsTable {
  id: Generated<number>;
  game_code: string;
  salt: string;
  commitment: string;
  length: number;
  terminal: string;
  played: Generated<number>;
  created_at: Generated<Date>;
}

export interface HouseRoundsTable {
  id: Generated<number>;
  game_code: string;
  chain_id: number;
  chain_index: number;
  rtp_bps: number;
  status: 'betting' | 'running' | 'ended';
  betting_ends_at: Date;
  started_at: Date | null;
  ended_at: Date | null;
  result: number | null;
  game_hash: string | null;
  /** Crash: the round's payout limit, its stakes so far, the multiplier its limit is reached at. */
  max_payout_minor: number | null;
  staked_minor: Generated<number>;
  cap_e2: number | null;
}

export interface HouseRoundBetsTable {
  id: Generated<number>;
  round_id: number;
  merchant_code: string;
  member_id: number;
  currency: string;
  stake_minor: number;
  pick: Generated<string>;
  auto_cashout_e2: number | null;
  cashout_e2: number | null;
  payout_minor: Generated<number>;
  status: 'pending' | 'placed' | 'settling' | 'settled' | 'refused';
  /** Cashed out by the round's limit. */
  forced: Generated<boolean>;
  created_at: Generated<Date>;
  settled_at: Date | null;
}
