import { sql, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { HouseBetsTable, HouseBetStatus, HouseGamesTable, HouseSeedsTable } from './tables';

export type HouseGameRow = Selectable<HouseGamesTable>;
export type SeedRow = Selectable<HouseSeedsTable>;
export type BetRow = Selectable<HouseBetsTable>;
/** A bet with its seed pair's commitment and, once revealed, its server seed. */
export type BetWithSeed = BetRow & {
  server_seed_hash: string;
  server_seed: string | null;
};

/** Bets still in flight block a rotation: their outcomes would be revealed before they end. */
const UNFINISHED: HouseBetStatus[] = ['pending', 'open', 'settling'];

export function createHouseRepository(db: Db) {
  function games(): Promise<HouseGameRow[]> {
    return db.selectFrom('house_games').selectAll().orderBy('game_code').execute();
  }

  /** The member's active seed pair, made on first use (one per member: a partial unique index). */
  async function activeSeed(
    member: { memberId: number; merchantCode: string },
    make: () => { serverSeed: string; serverSeedHash: string; clientSeed: string },
  ): Promise<SeedRow> {
    const found = await db
      .selectFrom('house_seeds')
      .selectAll()
      .where('member_id', '=', member.memberId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (found) return found;
    const seed = make();
    await sql`INSERT INTO house_seeds (merchant_code, member_id, server_seed, server_seed_hash, client_seed, status)
      VALUES (${member.merchantCode}, ${member.memberId}, ${seed.serverSeed}, ${seed.serverSeedHash}, ${seed.clientSeed}, 'active')
      ON CONFLICT (member_id) WHERE status = 'active' DO NOTHING`.execute(db);
    return db
      .selectFrom('house_seeds')
      .selectAll()
      .where('member_id', '=', member.memberId)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
  }

  function revealedSeeds(memberId: number, limit: number): Promise<SeedRow[]> {
    return db
      .selectFrom('house_seeds')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('status', '=', 'revealed')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Reveals the active pair and makes the next one, in one transaction that holds the active
   * row's lock (a bet takes the same lock for its nonce). Refused while a bet is unfinished.
   */
  async function rotate(
    memberId: number,
    next: { serverSeed: string; serverSeedHash: string; clientSeed: string; merchantCode: string },
  ): Promise<{ revealed: SeedRow; active: SeedRow }> {
    return db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('house_seeds')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('status', '=', 'active')
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw new AppError('house_round_not_found');
      const busy = await trx
        .selectFrom('house_bets')
        .select('id')
        .where('member_id', '=', memberId)
        .where('status', 'in', UNFINISHED)
        .executeTakeFirst();
      if (busy) throw new AppError('house_round_open');
      const revealed = await trx
        .updateTable('house_seeds')
        .set({ status: 'revealed', revealed_at: new Date() })
        .where('id', '=', current.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const active = await trx
        .insertInto('house_seeds')
        .values({
          merchant_code: next.merchantCode,
          member_id: memberId,
          server_seed: next.serverSeed,
          server_seed_hash: next.serverSeedHash,
          client_seed: next.clientSeed,
          status: 'active',
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { revealed, active };
    });
  }

  /**
   * A new bet with the next nonce of the member's active pair, in two statements and no
   * transaction (two round trips instead of five; the bench's hot path): the nonce is taken and
   * counted by one UPDATE (the row lock makes each nonce once), then the bet is written with what
   * `decide` computes from the seeds, but only while the pair is still active, read FOR SHARE:
   * a rotation holds the row FOR UPDATE while it checks for unfinished bets, so either it sees
   * this bet (and refuses) or this insert sees the pair revealed and writes nothing
   * (`bet_round_changed`; the nonce stays unused, no money moved). Null: no active pair yet.
   */
  async function placeBet(
    memberId: number,
    bet: Omit<
      HouseBetsTable,
      | 'id'
      | 'seed_id'
      | 'nonce'
      | 'client_seed'
      | 'outcome'
      | 'multiplier_e4'
      | 'payout_minor'
      | 'revealed'
      | 'status'
      | 'created_at'
      | 'settled_at'
    >,
    decide: (seed: SeedRow & { nonce: number }) => {
      outcome: Record<string, unknown>;
      multiplierE4: number;
      payoutMinor: number;
      status: HouseBetStatus;
    },
    refuseOpen: boolean,
  ): Promise<BetWithSeed | null> {
    const seed = await db
      .updateTable('house_seeds')
      .set((eb) => ({ next_nonce: eb('next_nonce', '+', 1) }))
      .where('member_id', '=', memberId)
      .where('status', '=', 'active')
      .returningAll()
      .executeTakeFirst();
    if (!seed) return null;
    const nonce = seed.next_nonce - 1;
    const decided = decide({ ...seed, nonce });
    const { rows } = await sql<BetRow>`
      INSERT INTO house_bets (merchant_code, member_id, currency, game_code, engine, seed_id, nonce,
                              client_seed, rtp_bps, params, stake_minor, outcome, multiplier_e4,
                              payout_minor, status)
      SELECT ${bet.merchant_code}, ${bet.member_id}, ${bet.currency}, ${bet.game_code}, ${bet.engine},
             ${seed.id}, ${nonce}, ${seed.client_seed}, ${bet.rtp_bps}, ${JSON.stringify(bet.params)}::jsonb,
             ${bet.stake_minor}, ${JSON.stringify(decided.outcome)}::jsonb, ${decided.multiplierE4},
             ${decided.payoutMinor}, ${decided.status}
      WHERE EXISTS (SELECT 1 FROM house_seeds s WHERE s.id = ${seed.id} AND s.status = 'active' FOR SHARE)
        AND (NOT ${refuseOpen} OR NOT EXISTS (
          SELECT 1 FROM house_bets o WHERE o.member_id = ${bet.member_id}
            AND o.game_code = ${bet.game_code} AND o.status = 'open'))
      RETURNING *`.execute(db);
    const row = rows[0];
    if (!row) {
      if (refuseOpen && (await openBet(db, bet.member_id, bet.game_code)))
        throw new AppError('house_round_open');
      throw new AppError('bet_round_changed');
    }
    return {
      ...row,
      created_at: new Date(row.created_at),
      server_seed_hash: seed.server_seed_hash,
      server_seed: null,
    };
  }

  function openBet(
    q: Db | Transaction<Database>,
    memberId: number,
    gameCode: string,
  ): Promise<BetRow | undefined> {
    return q
      .selectFrom('house_bets')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('game_code', '=', gameCode)
      .where('status', '=', 'open')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  async function setStatus(
    id: number,
    status: HouseBetStatus,
    fields: { payoutMinor?: number; multiplierE4?: number } = {},
  ): Promise<void> {
    await db
      .updateTable('house_bets')
      .set({
        status,
        ...(fields.payoutMinor === undefined ? {} : { payout_minor: fields.payoutMinor }),
        ...(fields.multiplierE4 === undefined ? {} : { multiplier_e4: fields.multiplierE4 }),
        ...(status === 'settled' || status === 'refused' ? { settled_at: new Date() } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  /**
   * A change of an open round (mines: reveal, cash out) under its row's lock: `change` sees the
   * row as it is now and answers the new values, or throws to change nothing.
   */
  async function changeOpenBet(
    memberId: number,
    betId: number,
    change: (bet: BetRow) => {
      revealed: number[];
      status: HouseBetStatus;
      multiplierE4: number;
      payoutMinor: number;
    },
  ): Promise<BetRow> {
    return db.transaction().execute(async (trx) => {
      const bet = await trx
        .selectFrom('house_bets')
        .selectAll()
        .where('id', '=', betId)
        .where('member_id', '=', memberId)
        .forUpdate()
        .executeTakeFirst();
      if (!bet) throw new AppError('house_round_not_found');
      if (bet.status !== 'open') throw new AppError('house_round_over');
      const next = change(bet);
      return trx
        .updateTable('house_bets')
        .set({
          revealed: next.revealed,
          status: next.status,
          multiplier_e4: next.multiplierE4,
          payout_minor: next.payoutMinor,
        })
        .where('id', '=', betId)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  const withSeed = () =>
    db
      .selectFrom('house_bets as b')
      .innerJoin('house_seeds as s', 's.id', 'b.seed_id')
      .selectAll('b')
      .select([
        's.server_seed_hash',
        sql<string | null>`CASE WHEN s.status = 'revealed' THEN s.server_seed END`.as(
          'server_seed',
        ),
      ]);

  function bet(memberId: number, id: number): Promise<BetWithSeed | undefined> {
    return withSeed()
      .where('b.id', '=', id)
      .where('b.member_id', '=', memberId)
      .executeTakeFirst() as Promise<BetWithSeed | undefined>;
  }

  function memberBets(input: {
    memberId: number;
    gameCode?: string | undefined;
    limit: number;
    offset: number;
  }): Promise<BetWithSeed[]> {
    let query = withSeed()
      .where('b.member_id', '=', input.memberId)
      .where('b.status', '!=', 'refused');
    if (input.gameCode) query = query.where('b.game_code', '=', input.gameCode);
    return query
      .orderBy('b.id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute() as Promise<BetWithSeed[]>;
  }

  function openMinesBet(memberId: number, gameCode: string) {
    return openBet(db, memberId, gameCode);
  }

  /** Bets left pending or settling (an instance stopped mid-bet) before `beforeUtc`. */
  function unfinished(beforeUtc: Date, limit: number): Promise<BetRow[]> {
    return db
      .selectFrom('house_bets')
      .selectAll()
      .where('status', 'in', ['pending', 'settling'])
      .where('created_at', '<', beforeUtc)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Per game: settled bets, stakes, payouts (the operator's P&L), personal and shared rounds alike. */
  async function profitByGame(fromUtc: Date, toUtc: Date) {
    const { rows } = await sql<{
      game_code: string;
      currency: string;
      bets: string;
      stake: string;
      payout: string;
    }>`SELECT game_code, currency, count(*) AS bets, coalesce(sum(stake_minor), 0) AS stake,
              coalesce(sum(payout_minor), 0) AS payout
       FROM (SELECT game_code, currency, stake_minor, payout_minor FROM house_bets
             WHERE status = 'settled' AND settled_at >= ${fromUtc} AND settled_at < ${toUtc}
             UNION ALL
             SELECT r.game_code, b.currency, b.stake_minor, b.payout_minor
             FROM house_round_bets b JOIN house_rounds r ON r.id = b.round_id
             WHERE b.status = 'settled' AND b.settled_at >= ${fromUtc} AND b.settled_at < ${toUtc}) AS settled
       GROUP BY game_code, currency ORDER BY game_code`.execute(db);
    return rows.map((r) => ({
      gameCode: r.game_code,
      currency: r.currency,
      bets: Number(r.bets),
      stakeMinor: Number(r.stake),
      payoutMinor: Number(r.payout),
    }));
  }

  async function updateGame(
    gameCode: string,
    change: Partial<
      Pick<
        HouseGameRow,
        | 'enabled'
        | 'min_bet_minor'
        | 'max_bet_minor'
        | 'max_payout_minor'
        | 'max_round_payout_minor'
        | 'rtp_bps'
      >
    >,
  ): Promise<{ before: HouseGameRow; after: HouseGameRow } | null> {
    return db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('house_games')
        .selectAll()
        .where('game_code', '=', gameCode)
        .forUpdate()
        .executeTakeFirst();
      if (!before) return null;
      const after = await trx
        .updateTable('house_games')
        .set({ ...change, updated_at: new Date() })
        .where('game_code', '=', gameCode)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { before, after };
    });
  }

  /** The chains in use and used up, newest first: what anyone needs to check the shared rounds. */
  function chains(limit: number) {
    return db
      .selectFrom('house_chains as c')
      .innerJoin('house_games as g', 'g.game_code', 'c.game_code')
      .select(['c.game_code', 'g.engine', 'c.commitment', 'c.salt', 'c.length', 'c.played'])
      .orderBy('c.id', 'desc')
      .limit(limit)
      .execute();
  }

  return {
    chains,
    games,
    activeSeed,
    revealedSeeds,
    rotate,
    placeBet,
    setStatus,
    changeOpenBet,
    bet,
    memberBets,
    openMinesBet,
    unfinished,
    profitByGame,
    updateGame,
  };
}
export type HouseRepository = ReturnType<typeof createHouseRepository>;
