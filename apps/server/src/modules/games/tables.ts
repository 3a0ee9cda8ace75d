import type { Generated, Insertable } from 'kysely';

/**
 * Tables of the catalogue (vendors, categories, games, favourites, recents, winners), owned by
 * this module: no other module's code reads or writes them (test/architecture.test.ts). Keep in
 * step with the SQL of db/migrations.
 */
declare module '../../db/schema' {
  interface Database {
    vendors: VendorsTable;
    game_categories: { code: string; sort_order: number };
    games: GamesTable;
    favourite_games: { member_id: number; game_id: number; created_at: Generated<Date> };
    recent_games: { member_id: number; game_id: number; launched_at: Generated<Date> };
    game_winners: {
      id: Generated<number>;
      merchant_code: string;
      display_name: string;
      game_id: number;
      amount_minor: number;
      currency: string;
      won_at: Generated<Date>;
      /** The real round this win was (migration 0015); null for seeded wins. */
      bet_round_id: number | null;
    };
    /** Settled rounds of the hot window per game and hour (migration 0045). */
    game_play_hours: { merchant_code: string; game_id: number; hour: Date; rounds: number };
    /** The `bets.settled` events counted into game_play_hours (a redelivery counts nothing). */
    game_play_events: { event_id: number; counted_at: Generated<Date> };
  }
}

export interface VendorsTable {
  code: string;
  name: string;
  game_category: string;
  wallet_mode: 'seamless' | 'transfer';
  entry_kind: 'VASSALAGE' | 'LOBBY';
  sort_order: number;
  maintenance: Generated<boolean>;
  wallet_type_id: number | null;
  /** The vendor's own logo; null shows generated art (modules/games/art-urls.ts). */
  logo_url: string | null;
}

export interface GamesTable {
  id: Generated<number>;
  vendor_code: string;
  game_code: string;
  game_category: string;
  name_en: string;
  name_pt: string;
  classify: string;
  is_hot: Generated<boolean>;
  is_new: Generated<boolean>;
  maintenance: Generated<boolean>;
  rtp_bps: number;
  sort_order: number;
  art_seed: number;
  /** The game's own card picture; null shows generated art (modules/games/art-urls.ts). */
  icon_url: string | null;
}
export type NewGame = Insertable<GamesTable>;
