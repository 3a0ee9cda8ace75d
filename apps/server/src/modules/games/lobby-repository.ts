import { sql } from 'kysely';
import type { Db } from '../../db/connect';

export type GameRow = {
  id: number;
  vendor_code: string;
  vendor_name: string;
  game_code: string;
  game_category: string;
  name_en: string;
  name_pt: string;
  classify: string;
  is_hot: boolean;
  is_new: boolean;
  maintenance: boolean;
  vendor_maintenance: boolean;
  entry_kind: 'VASSALAGE' | 'LOBBY';
  rtp_bps: number;
  icon_url: string | null;
};

/** How many of the latest wins the board ranks by amount. */
const WINNER_WINDOW = 200;

/** The only code that queries the catalogue for the lobby, favourites, recent games and winners. */
export function createLobbyRepository(db: Db) {
  function base() {
    return db
      .selectFrom('games as g')
      .innerJoin('vendors as v', 'v.code', 'g.vendor_code')
      .innerJoin('game_categories as c', 'c.code', 'g.game_category');
  }

  const columns = [
    'g.id',
    'g.vendor_code',
    'v.name as vendor_name',
    'g.game_code',
    'g.game_category',
    'g.name_en',
    'g.name_pt',
    'g.classify',
    'g.is_hot',
    'g.is_new',
    'g.maintenance',
    'v.maintenance as vendor_maintenance',
    'v.entry_kind',
    'g.rtp_bps',
    'g.icon_url',
  ] as const;

  return {
    /** The whole catalogue in lobby order: the lobby filters it in memory (see lobby-service). */
    async allGames(): Promise<GameRow[]> {
      const rows = await base()
        .select([...columns])
        .orderBy('c.sort_order')
        .orderBy('v.sort_order')
        .orderBy('g.sort_order')
        .orderBy('g.id')
        .execute();
      return rows as unknown as GameRow[];
    },

    /** Node ids of the member's favourites (newest first) or recent games (latest first). */
    async memberGameIds(kind: 'favourites' | 'recent', memberId: number): Promise<number[]> {
      const rows =
        kind === 'favourites'
          ? await db
              .selectFrom('favourite_games')
              .select('game_id')
              .where('member_id', '=', memberId)
              .orderBy('created_at', 'desc')
              .orderBy('game_id')
              .execute()
          : await db
              .selectFrom('recent_games')
              .select('game_id')
              .where('member_id', '=', memberId)
              .orderBy('launched_at', 'desc')
              .orderBy('game_id')
              .execute();
      return rows.map((r) => r.game_id);
    },

    findGame(id: number): Promise<GameRow | undefined> {
      return base()
        .select([...columns])
        .where('g.id', '=', id)
        .executeTakeFirst() as Promise<GameRow | undefined>;
    },

    classifyKeys() {
      return db
        .selectFrom('games')
        .select(['game_category', 'classify', 'vendor_code'])
        .where('game_category', 'not in', ['SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'COCKFIGHT'])
        .groupBy(['game_category', 'classify', 'vendor_code'])
        .execute();
    },

    async addFavourite(memberId: number, gameId: number): Promise<void> {
      await db
        .insertInto('favourite_games')
        .values({ member_id: memberId, game_id: gameId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    async removeFavourite(memberId: number, gameId: number): Promise<void> {
      await db
        .deleteFrom('favourite_games')
        .where('member_id', '=', memberId)
        .where('game_id', '=', gameId)
        .execute();
    },

    async recordLaunch(memberId: number, gameId: number): Promise<void> {
      await sql`INSERT INTO recent_games (member_id, game_id) VALUES (${memberId}, ${gameId})
        ON CONFLICT (member_id, game_id) DO UPDATE SET launched_at = now()`.execute(db);
    },

    /** The latest wins (a window of WINNER_WINDOW), biggest first (docs/product.md §9: sorted by amount descending). */
    async winners(merchantCode: string, category: string | null, limit: number) {
      const { rows } = await sql<{
        id: number;
        display_name: string;
        amount_minor: number;
        currency: string;
        won_at: Date;
        game_id: number;
        icon_url: string | null;
        name_en: string;
        name_pt: string;
        game_category: string;
        vendor_code: string;
      }>`
        SELECT w.id, w.display_name, w.amount_minor, w.currency, w.won_at, g.id AS game_id, g.icon_url, g.name_en, g.name_pt, g.game_category, g.vendor_code
        FROM (
          SELECT * FROM game_winners
          WHERE merchant_code = ${merchantCode}
          ORDER BY won_at DESC, id DESC
          LIMIT ${WINNER_WINDOW}
        ) w
        JOIN games g ON g.id = w.game_id
        WHERE ${category}::text IS NULL OR g.game_category = ${category}
        -- Real wins first (issue 12 §6); the seeded ones fill the board until there are enough.
        ORDER BY (w.bet_round_id IS NULL), w.amount_minor DESC, w.id DESC
        LIMIT ${limit}`.execute(db);
      return rows;
    },

    /**
     * Wins of real rounds only (no seeded ones) since `since`: the biggest first for the winners
     * ranking, the newest first for the latest winners (docs/content.md "Winners").
     */
    async realWinners(
      merchantCode: string,
      order: 'amount' | 'latest',
      since: Date,
      limit: number,
    ) {
      const { rows } = await sql<{
        id: number;
        display_name: string;
        amount_minor: number;
        currency: string;
        won_at: Date;
        game_id: number;
        icon_url: string | null;
        name_en: string;
        name_pt: string;
        game_category: string;
        vendor_code: string;
      }>`
        SELECT w.id, w.display_name, w.amount_minor, w.currency, w.won_at, g.id AS game_id, g.icon_url, g.name_en, g.name_pt, g.game_category, g.vendor_code
        FROM game_winners w
        JOIN games g ON g.id = w.game_id
        WHERE w.merchant_code = ${merchantCode}
          AND w.bet_round_id IS NOT NULL
          AND w.won_at >= ${since}
        ORDER BY ${order === 'amount' ? sql`w.amount_minor DESC, w.won_at DESC` : sql`w.won_at DESC`}, w.id DESC
        LIMIT ${limit}`.execute(db);
      return rows;
    },

    /** A game's node id by its vendor and code (a settled round names its game so). */
    async gameIdByCode(vendorCode: string, gameCode: string): Promise<number | null> {
      const row = await db
        .selectFrom('games')
        .select('id')
        .where('vendor_code', '=', vendorCode)
        .where('game_code', '=', gameCode)
        .executeTakeFirst();
      return row ? Number(row.id) : null;
    },

    /**
     * Adds settled rounds to their game's hour, once per event: the events' ids are recorded
     * first and only the rounds of those recorded now count, in one transaction (two
     * statements whatever the number of rounds).
     */
    async recordPlays(
      plays: readonly { eventId: number; merchantCode: string; gameId: number; hour: Date }[],
    ): Promise<void> {
      if (plays.length === 0) return;
      const eventIds = [...new Set(plays.map((play) => play.eventId))];
      await db.transaction().execute(async (trx) => {
        const fresh = await sql<{ event_id: number }>`
          INSERT INTO game_play_events (event_id) SELECT unnest(${eventIds}::bigint[])
          ON CONFLICT DO NOTHING RETURNING event_id`.execute(trx);
        const counted = new Set(fresh.rows.map((row) => Number(row.event_id)));
        const hours = new Map<
          string,
          { merchant_code: string; game_id: number; hour: string; rounds: number }
        >();
        for (const play of plays) {
          if (!counted.has(play.eventId)) continue;
          const hour = play.hour.toISOString();
          const key = `${play.merchantCode}|${play.gameId}|${hour}`;
          const entry = hours.get(key) ?? {
            merchant_code: play.merchantCode,
            game_id: play.gameId,
            hour,
            rounds: 0,
          };
          entry.rounds += 1;
          hours.set(key, entry);
        }
        if (hours.size === 0) return;
        // In key order, so two batches adding to the same hours lock them in the same order.
        const rows = [...hours.values()].sort((a, b) =>
          `${a.merchant_code}|${a.hour}|${a.game_id}`.localeCompare(
            `${b.merchant_code}|${b.hour}|${b.game_id}`,
          ),
        );
        await sql`
          INSERT INTO game_play_hours (merchant_code, game_id, hour, rounds)
          SELECT merchant_code, game_id, hour, rounds FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            AS r(merchant_code text, game_id bigint, hour timestamptz, rounds integer)
          ON CONFLICT (merchant_code, hour, game_id)
          DO UPDATE SET rounds = game_play_hours.rounds + EXCLUDED.rounds`.execute(trx);
      });
    },

    /** A real win on the board; once per round. */
    async recordWin(win: {
      betRoundId: number;
      merchantCode: string;
      displayName: string;
      gameId: number;
      amountMinor: number;
      currency: string;
      wonAt: Date;
    }): Promise<void> {
      await sql`INSERT INTO game_winners (merchant_code, display_name, game_id, amount_minor, currency, won_at, bet_round_id)
        VALUES (${win.merchantCode}, ${win.displayName}, ${win.gameId}, ${win.amountMinor}, ${win.currency}, ${win.wonAt}, ${win.betRoundId})
        ON CONFLICT (bet_round_id) WHERE bet_round_id IS NOT NULL DO NOTHING`.execute(db);
    },

    /** The brand's most played games since `sinceUtc` (settled rounds), most rounds first. */
    async mostPlayed(merchantCode: string, sinceUtc: Date, limit: number) {
      const { rows } = await sql<{ game_id: number | string; rounds: number }>`
        SELECT game_id, sum(rounds)::int AS rounds FROM game_play_hours
        WHERE merchant_code = ${merchantCode} AND hour >= ${sinceUtc}
        GROUP BY game_id ORDER BY rounds DESC, game_id LIMIT ${limit}`.execute(db);
      return rows.map((r) => ({ gameId: Number(r.game_id), rounds: r.rounds }));
    },

    /** Forgets the hours (and the counted events) older than the hot window. */
    async prunePlays(beforeUtc: Date): Promise<number> {
      await db.deleteFrom('game_play_events').where('counted_at', '<', beforeUtc).execute();
      const result = await db
        .deleteFrom('game_play_hours')
        .where('hour', '<', beforeUtc)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type LobbyRepository = ReturnType<typeof createLobbyRepository>;
