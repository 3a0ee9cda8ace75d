import { sql } from 'kysely';
import type { Db } from '../../db/connect';

/** The only code that reads the game catalogue's tables. */
export function createGamesRepository(db: Db) {
  return {
    /** Vendors with their playable game counts, in category order then vendor order. */
    listVendorsWithCounts() {
      return db
        .selectFrom('vendors as v')
        .innerJoin('game_categories as c', 'c.code', 'v.game_category')
        .leftJoin('games as g', 'g.vendor_code', 'v.code')
        .select([
          'v.code',
          'v.name',
          'v.game_category',
          'v.wallet_mode',
          'v.entry_kind',
          'v.maintenance',
          'v.logo_url',
          sql<number>`count(g.id)::int`.as('game_count'),
        ])
        .groupBy(['v.code', 'c.sort_order'])
        .orderBy('c.sort_order')
        .orderBy('v.sort_order')
        .execute();
    },

    findGameArt(nodeId: number) {
      return db
        .selectFrom('games')
        .select(['id', 'name_en', 'vendor_code', 'art_seed', 'game_category'])
        .where('id', '=', nodeId)
        .executeTakeFirst();
    },

    /** A game as the vendor integration needs it (launch, the PAM API's game check). */
    findPlayableGame(where: { id: number } | { vendorCode: string; gameCode: string }) {
      let query = db
        .selectFrom('games as g')
        .innerJoin('vendors as v', 'v.code', 'g.vendor_code')
        .select([
          'g.id',
          'g.vendor_code',
          'g.game_code',
          'g.maintenance',
          'v.maintenance as vendor_maintenance',
        ]);
      query =
        'id' in where
          ? query.where('g.id', '=', where.id)
          : query
              .where('g.vendor_code', '=', where.vendorCode)
              .where('g.game_code', '=', where.gameCode);
      return query.executeTakeFirst();
    },

    findVendor(code: string) {
      return db
        .selectFrom('vendors')
        .select(['code', 'name'])
        .where('code', '=', code)
        .executeTakeFirst();
    },

    /** Names of the given games (vendor, game code): the betting record's rows (a page at a time). */
    gameNames(keys: { vendorCode: string; gameCode: string }[]) {
      if (keys.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('games')
        .select(['vendor_code', 'game_code', 'name_en', 'name_pt'])
        .where((eb) =>
          eb.or(
            keys.map((k) =>
              eb.and([eb('vendor_code', '=', k.vendorCode), eb('game_code', '=', k.gameCode)]),
            ),
          ),
        )
        .execute();
    },

    /** Vendors that keep their own balance (transfer wallets), with the wallet id they appear under. */
    /** Every vendor of the catalogue, in category then vendor order (the Vendors desk's chooser). */
    catalogueVendors() {
      return db
        .selectFrom('vendors as v')
        .innerJoin('game_categories as c', 'c.code', 'v.game_category')
        .select(['v.code', 'v.name', 'v.game_category', 'v.wallet_mode'])
        .orderBy('c.sort_order')
        .orderBy('v.sort_order')
        .execute();
    },

    transferVendors() {
      return db
        .selectFrom('vendors')
        .select(['code', 'name', 'wallet_type_id'])
        .where('wallet_mode', '=', 'transfer')
        .where('wallet_type_id', 'is not', null)
        .orderBy('wallet_type_id')
        .execute();
    },
  };
}
export type GamesRepository = ReturnType<typeof createGamesRepository>;
