import { sql, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import type {
  LotteryBetTypesTable,
  LotteryClosedDaysTable,
  LotteryDrawsTable,
  LotteryGamesTable,
  LotteryLinesTable,
  LotteryResultEntriesTable,
  LotterySlipsTable,
  SlipStatus,
} from './tables';

export type GameRow = Selectable<LotteryGamesTable>;
export type BetTypeRow = Selectable<LotteryBetTypesTable>;
export type DrawRow = Selectable<LotteryDrawsTable>;
export type SlipRow = Selectable<LotterySlipsTable>;
export type LineRow = Selectable<LotteryLinesTable>;
export type ResultEntryRow = Selectable<LotteryResultEntriesTable>;
export type ClosedDayRow = Selectable<LotteryClosedDaysTable>;
export type NewDraw = Pick<
  DrawRow,
  | 'game_code'
  | 'draw_no'
  | 'close_at'
  | 'draw_at'
  | 'server_seed'
  | 'server_seed_hash'
  | 'client_seed'
>;
export type NewLine = {
  betType: string;
  selection: string;
  stakeMinor: number;
  oddsE4: number;
  /** VN/SEA: the odds table's tiers and the cost of a point the line was sold at. */
  oddsTiersE4?: number[];
  oddsDiv?: number;
  /** What the line adds to its selection's exposure (default: stake × odds). */
  exposureMinor?: number;
};

/** What entering a result sheet came to (lottery's double entry; docs/lottery.md). */
export type ResultsOutcome =
  | { kind: 'missing' }
  | { kind: 'draw'; status: 'drawn' | 'settled' | 'void' }
  | { kind: 'early' }
  | { kind: 'pending'; entryId: number }
  | { kind: 'same_operator' }
  | { kind: 'mismatch'; differs: string[] }
  | { kind: 'confirmed'; draw: DrawRow };

/** Why a slip could not be written: the draw's state, or the selection over its cap. */
export type SlipRefusal =
  | { kind: 'draw'; status: 'missing' | 'closed' | 'void' }
  | { kind: 'cap'; betType: string; selection: string; remainingPayoutMinor: number };

/** bigint columns arrive as text from node-postgres. */
const num = (v: unknown) => Number(v);

/**
 * A draw's betting lock (a transaction-scoped advisory lock keyed by the draw): slips take it
 * shared while they are written, the claim and the void take it exclusive, so a draw is never
 * drawn or voided under a slip still being written. An advisory lock rather than the draw row
 * FOR SHARE: a row share-locked by many writers at once goes through a multixact per new
 * locker, on the hottest row of a draw's last seconds.
 */
const drawLock = (drawId: number, mode: 'shared' | 'exclusive') =>
  mode === 'shared'
    ? sql`SELECT pg_advisory_xact_lock_shared(hashtext('lottery.draw'), ${drawId}::int)`
    : sql`SELECT pg_advisory_xact_lock(hashtext('lottery.draw'), ${drawId}::int)`;

/**
 * The closed days' lock (one transaction-scoped advisory lock): adding a day takes it exclusive
 * while it writes the day; opening a VN/SEA game's draws takes it shared while it checks their
 * days and writes them. So a draw is never opened on a day closed meanwhile: either the opening
 * committed first and the new day's void finds its draw, or it sees the day and skips it.
 */
const closedDaysLock = (mode: 'shared' | 'exclusive') =>
  mode === 'shared'
    ? sql`SELECT pg_advisory_xact_lock_shared(hashtext('lottery.closed_days'), 0)`
    : sql`SELECT pg_advisory_xact_lock(hashtext('lottery.closed_days'), 0)`;

export function createLotteryRepository(db: Db) {
  function games(): Promise<GameRow[]> {
    return db.selectFrom('lottery_games').selectAll().orderBy('sort_order').execute();
  }

  function betTypes(gameCode?: string): Promise<BetTypeRow[]> {
    let q = db.selectFrom('lottery_bet_types').selectAll();
    if (gameCode) q = q.where('game_code', '=', gameCode);
    return q.orderBy('game_code').execute();
  }

  async function updateGame(
    gameCode: string,
    patch: Partial<Omit<GameRow, 'game_code' | 'kind' | 'updated_at'>>,
    check: (after: GameRow) => boolean,
  ): Promise<{ before: GameRow; after: GameRow } | 'invalid' | null> {
    return db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('lottery_games')
        .selectAll()
        .where('game_code', '=', gameCode)
        .forUpdate()
        .executeTakeFirst();
      if (!before) return null;
      const after = { ...before, ...patch };
      if (!check(after)) return 'invalid' as const;
      const written = await trx
        .updateTable('lottery_games')
        .set({ ...patch, updated_at: new Date() })
        .where('game_code', '=', gameCode)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { before, after: written };
    });
  }

  async function updateBetType(
    gameCode: string,
    betType: string,
    patch: { rtp_bps?: number; enabled?: boolean; odds_tiers_e4?: number[] },
  ): Promise<BetTypeRow | null> {
    const row = await db
      .updateTable('lottery_bet_types')
      .set(patch)
      .where('game_code', '=', gameCode)
      .where('bet_type', '=', betType)
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * Opens draws (a draw already there for its time, not void, is left as it is); answers the new
   * ones. A voided draw does not hold its time (0052): a closed day removed opens it again.
   */
  async function insertDraws(trx: Transaction<Database>, draws: NewDraw[]): Promise<DrawRow[]> {
    if (draws.length === 0) return [];
    return trx
      .insertInto('lottery_draws')
      .values(draws)
      .onConflict((oc) =>
        oc
          .columns(['game_code', 'draw_at'])
          .where(sql<boolean>`status <> 'void'`)
          .doNothing(),
      )
      .returningAll()
      .execute();
  }

  // ---- closed days (0052) --------------------------------------------------------------------

  /** The closed days from `fromDay` on, every scope (the scheduler reads them once a pass). */
  function closedDays(fromDay: string): Promise<ClosedDayRow[]> {
    return db
      .selectFrom('lottery_closed_days')
      .selectAll()
      .where('day', '>=', fromDay)
      .orderBy('day')
      .execute();
  }

  /**
   * Inside the transaction that opens a game's draws, holding the closed days' lock shared:
   * which of `days` are closed for the game (its own or every game's).
   */
  async function closedAmong(
    trx: Transaction<Database>,
    gameCode: string,
    days: string[],
  ): Promise<Set<string>> {
    await closedDaysLock('shared').execute(trx);
    if (days.length === 0) return new Set();
    const rows = await trx
      .selectFrom('lottery_closed_days')
      .select('day')
      .where('day', 'in', days)
      .where((eb) => eb.or([eb('game_code', 'is', null), eb('game_code', '=', gameCode)]))
      .execute();
    return new Set(rows.map((r) => r.day));
  }

  /** Writes a closed day under the lock exclusive; null when the day is closed for that scope already. */
  async function addClosedDay(input: {
    day: string;
    gameCode: string | null;
    reason: string;
    staffId: number;
  }): Promise<ClosedDayRow | null> {
    return db.transaction().execute(async (trx) => {
      await closedDaysLock('exclusive').execute(trx);
      const row = await trx
        .insertInto('lottery_closed_days')
        .values({
          day: input.day,
          game_code: input.gameCode,
          reason: input.reason,
          created_by: input.staffId,
        })
        .onConflict((oc) => oc.columns(['day', 'game_code']).doNothing())
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    });
  }

  async function removeClosedDay(id: number): Promise<ClosedDayRow | null> {
    const row = await db
      .deleteFrom('lottery_closed_days')
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /** The console's list: the days from `today` on, soonest first, then the past ones, latest first. */
  async function listClosedDays(input: { today: string; limit: number; offset: number }) {
    const { rows } = await sql<ClosedDayRow & { total: number }>`
      SELECT c.*, count(*) OVER () AS total FROM lottery_closed_days c
      ORDER BY (c.day < ${input.today}::date),
               CASE WHEN c.day >= ${input.today}::date THEN c.day END,
               c.day DESC, c.game_code NULLS FIRST
      LIMIT ${input.limit} OFFSET ${input.offset}`.execute(db);
    return { rows, total: num(rows[0]?.total ?? 0) };
  }

  /** The draws of these games whose time falls in [from, to) (a closed day's, in any zone). */
  function drawsBetween(gameCodes: string[], from: Date, to: Date): Promise<DrawRow[]> {
    if (gameCodes.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('lottery_draws')
      .selectAll()
      .where('game_code', 'in', gameCodes)
      .where('draw_at', '>=', from)
      .where('draw_at', '<', to)
      .orderBy('draw_at')
      .orderBy('id')
      .execute();
  }

  /** The draw taking bets now: the earliest open one whose betting has not closed. */
  async function bettingDraw(gameCode: string, at: Date): Promise<DrawRow | null> {
    const row = await db
      .selectFrom('lottery_draws')
      .selectAll()
      .where('game_code', '=', gameCode)
      .where('status', '=', 'open')
      .where('close_at', '>', at)
      .orderBy('close_at')
      .limit(1)
      .executeTakeFirst();
    return row ?? null;
  }

  async function latestDrawAt(gameCode: string): Promise<Date | null> {
    const row = await db
      .selectFrom('lottery_draws')
      .select((eb) => eb.fn.max('draw_at').as('at'))
      .where('game_code', '=', gameCode)
      .executeTakeFirst();
    return row?.at ? new Date(row.at) : null;
  }

  /**
   * For a menu of games, in three statements whatever their number: each game's latest draw
   * time (what ensureDraws needs), its draw taking bets at `at` and its last result. Each is one
   * index probe per game (LATERAL … LIMIT 1 over the unique and partial indexes), so a game with
   * a year of one-minute draws costs what a new one does.
   */
  async function menuDraws(
    gameCodes: string[],
    at: Date,
  ): Promise<{
    latest: Map<string, Date | null>;
    betting: Map<string, DrawRow>;
    last: Map<string, DrawRow>;
  }> {
    const [latest, betting, last] = await Promise.all([
      sql<{ game_code: string; at: Date | null }>`
        SELECT g.code AS game_code,
               (SELECT d.draw_at FROM lottery_draws d WHERE d.game_code = g.code
                ORDER BY d.draw_at DESC LIMIT 1) AS at
        FROM unnest(${gameCodes}::text[]) AS g (code)`.execute(db),
      sql<DrawRow>`
        SELECT d.* FROM unnest(${gameCodes}::text[]) AS g (code)
        CROSS JOIN LATERAL (
          SELECT * FROM lottery_draws d WHERE d.game_code = g.code AND d.status = 'open'
            AND d.close_at > ${at} ORDER BY d.close_at LIMIT 1) d`.execute(db),
      sql<DrawRow>`
        SELECT d.* FROM unnest(${gameCodes}::text[]) AS g (code)
        CROSS JOIN LATERAL (
          SELECT * FROM lottery_draws d WHERE d.game_code = g.code AND d.status IN ('drawn', 'settled')
          ORDER BY d.draw_at DESC LIMIT 1) d`.execute(db),
    ]);
    return {
      latest: new Map(latest.rows.map((r) => [r.game_code, r.at ? new Date(r.at) : null])),
      betting: new Map(betting.rows.map((r) => [r.game_code, r])),
      last: new Map(last.rows.map((r) => [r.game_code, r])),
    };
  }

  async function draw(drawId: number): Promise<DrawRow | null> {
    const row = await db
      .selectFrom('lottery_draws')
      .selectAll()
      .where('id', '=', drawId)
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * Open draws whose time has come (not those waiting for operators' entries: they would fill
   * the batch), and drawn ones left unsettled since `staleBefore`.
   */
  function drawsToRun(at: Date, staleBefore: Date, limit: number): Promise<DrawRow[]> {
    return db
      .selectFrom('lottery_draws')
      .selectAll('lottery_draws')
      .where((eb) =>
        eb.or([
          eb.and([
            eb('status', '=', 'open'),
            eb('draw_at', '<=', at),
            eb(
              'game_code',
              'not in',
              eb
                .selectFrom('lottery_games')
                .select('game_code')
                .where('results_source', '=', 'operator'),
            ),
          ]),
          eb.and([eb('status', '=', 'drawn'), eb('drawn_at', '<', staleBefore)]),
        ]),
      )
      .orderBy('draw_at')
      .limit(limit)
      .execute();
  }

  /** Voided draws whose refund has not gone through every slip yet (one interrupted). */
  async function voidDrawsToRefund(limit: number): Promise<number[]> {
    const rows = await db
      .selectFrom('lottery_draws')
      .select('id')
      .where('status', '=', 'void')
      .where('refunded_at', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => num(r.id));
  }

  /** A voided draw's refund went through every slip: the backstop stops asking about it. */
  async function markDrawRefunded(drawId: number, at: Date): Promise<void> {
    await db
      .updateTable('lottery_draws')
      .set({ refunded_at: at })
      .where('id', '=', drawId)
      .where('status', '=', 'void')
      .execute();
  }

  /**
   * Draws it: one conditional update, so of two schedulers (or instances) exactly one moves the
   * draw from open to drawn; the other gets null.
   */
  async function claimDraw(drawId: number, numbers: number[], at: Date): Promise<DrawRow | null> {
    return db.transaction().execute(async (trx) => {
      await drawLock(drawId, 'exclusive').execute(trx);
      const row = await trx
        .updateTable('lottery_draws')
        .set({ status: 'drawn', numbers, drawn_at: at })
        .where('id', '=', drawId)
        .where('status', '=', 'open')
        .where('draw_at', '<=', at)
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    });
  }

  async function finishDraw(drawId: number, at: Date): Promise<void> {
    await db
      .updateTable('lottery_draws')
      .set({ status: 'settled', settled_at: at })
      .where('id', '=', drawId)
      .where('status', '=', 'drawn')
      .execute();
  }

  async function voidDraw(drawId: number, reason: string, at: Date): Promise<DrawRow | null> {
    return db.transaction().execute(async (trx) => {
      await drawLock(drawId, 'exclusive').execute(trx);
      const row = await trx
        .updateTable('lottery_draws')
        .set({ status: 'void', voided_at: at, void_reason: reason })
        .where('id', '=', drawId)
        .where('status', '=', 'open')
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    });
  }

  /** Drawn (or settled) draws of a game, newest first. */
  function results(gameCode: string, limit: number, offset = 0): Promise<DrawRow[]> {
    return db
      .selectFrom('lottery_draws')
      .selectAll()
      .where('game_code', '=', gameCode)
      .where('status', 'in', ['drawn', 'settled'])
      .orderBy('draw_at', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async function resultCount(gameCode: string): Promise<number> {
    const row = await db
      .selectFrom('lottery_draws')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('game_code', '=', gameCode)
      .where('status', 'in', ['drawn', 'settled'])
      .executeTakeFirstOrThrow();
    return num(row.n);
  }

  /**
   * Writes a slip, its lines and their exposure in one transaction, holding the draw's betting
   * lock shared: the insert, a statement after the lock, sees the draw open and its betting not
   * closed (by `at`, the server's clock) or writes nothing; a claim or void waits for the slip. Each line adds what it could pay to its selection's exposure only while the
   * total stays within `capMinor` (a conditional upsert: concurrent slips cannot both pass).
   */
  async function placeSlip(input: {
    drawId: number;
    gameCode: string;
    member: { memberId: number; merchantCode: string; currency: string };
    lines: NewLine[];
    capMinor: number;
    at: Date;
  }): Promise<{ slip: SlipRow } | { refused: SlipRefusal }> {
    const stake = input.lines.reduce((s, l) => s + l.stakeMinor, 0);
    const refusal = new Error('slip refused');
    let refused: SlipRefusal | null = null;
    try {
      return await db.transaction().execute(async (trx) => {
        await drawLock(input.drawId, 'shared').execute(trx);
        const { rows } = await sql<SlipRow>`
          INSERT INTO lottery_slips (draw_id, game_code, merchant_code, member_id, currency, stake_minor)
          SELECT ${input.drawId}, ${input.gameCode}, ${input.member.merchantCode}, ${input.member.memberId},
                 ${input.member.currency}, ${stake}
          WHERE EXISTS (SELECT 1 FROM lottery_draws d WHERE d.id = ${input.drawId} AND d.game_code = ${input.gameCode}
                          AND d.status = 'open' AND d.close_at > ${input.at})
          RETURNING *`.execute(trx);
        const slip = rows[0];
        if (!slip) {
          const d = await trx
            .selectFrom('lottery_draws')
            .select('status')
            .where('id', '=', input.drawId)
            .where('game_code', '=', input.gameCode)
            .executeTakeFirst();
          refused = {
            kind: 'draw',
            status: !d ? 'missing' : d.status === 'void' ? 'void' : 'closed',
          };
          throw refusal;
        }
        await trx
          .insertInto('lottery_lines')
          .values(
            input.lines.map((l) => ({
              slip_id: slip.id,
              draw_id: input.drawId,
              bet_type: l.betType,
              selection: l.selection,
              stake_minor: l.stakeMinor,
              odds_e4: l.oddsE4,
              ...(l.oddsTiersE4 ? { odds_tiers_e4: l.oddsTiersE4, odds_div: l.oddsDiv ?? 1 } : {}),
            })),
          )
          .execute();
        for (const l of input.lines) {
          const payout = l.exposureMinor ?? Math.floor((l.stakeMinor * l.oddsE4) / 10_000);
          const { rows: held } = await sql<{ payout_minor: string }>`
            INSERT INTO lottery_exposure AS e (draw_id, bet_type, selection, payout_minor)
            SELECT ${input.drawId}, ${l.betType}, ${l.selection}, ${payout} WHERE ${payout}::bigint <= ${input.capMinor}::bigint
            ON CONFLICT (draw_id, bet_type, selection) DO UPDATE SET payout_minor = e.payout_minor + EXCLUDED.payout_minor
              WHERE e.payout_minor + EXCLUDED.payout_minor <= ${input.capMinor}::bigint
            RETURNING e.payout_minor`.execute(trx);
          if (held.length === 0) {
            const now = await trx
              .selectFrom('lottery_exposure')
              .select('payout_minor')
              .where('draw_id', '=', input.drawId)
              .where('bet_type', '=', l.betType)
              .where('selection', '=', l.selection)
              .executeTakeFirst();
            refused = {
              kind: 'cap',
              betType: l.betType,
              selection: l.selection,
              remainingPayoutMinor: Math.max(0, input.capMinor - num(now?.payout_minor ?? 0)),
            };
            throw refusal;
          }
        }
        return { slip };
      });
    } catch (error) {
      if (error === refusal && refused) return { refused };
      throw error;
    }
  }

  /** A slip whose stake the ledger refused: gone from the draw's exposure, marked refused. */
  async function refuseSlip(slipId: number): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const slip = await trx
        .updateTable('lottery_slips')
        .set({ status: 'refused', settled_at: new Date() })
        .where('id', '=', slipId)
        .where('status', '=', 'pending')
        .returning('draw_id')
        .executeTakeFirst();
      if (!slip) return;
      await sql`
        UPDATE lottery_exposure e SET payout_minor = e.payout_minor - l.payout
        FROM (SELECT bet_type, selection,
                sum(CASE WHEN odds_tiers_e4 IS NULL THEN floor(stake_minor * odds_e4 / 10000)
                         ELSE floor(stake_minor::numeric * odds_tiers_e4[1] / (10000 * odds_div)) END)::bigint AS payout
              FROM lottery_lines WHERE slip_id = ${slipId} GROUP BY bet_type, selection) l
        WHERE e.draw_id = ${slip.draw_id} AND e.bet_type = l.bet_type AND e.selection = l.selection`.execute(
        trx,
      );
    });
  }

  async function markSlips(
    ids: number[],
    from: SlipStatus[],
    to: SlipStatus,
    at: Date,
  ): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await db
      .updateTable('lottery_slips')
      .set({ status: to, ...(to === 'placed' ? {} : { settled_at: at }) })
      .where('id', 'in', ids)
      .where('status', 'in', from)
      .executeTakeFirst();
    return num(result.numUpdatedRows);
  }

  /** Slips whose stake went back: refunded now, with how many and how much this call marked. */
  async function markSlipsRefunded(
    ids: number[],
    at: Date,
  ): Promise<{ slips: number; minor: number }> {
    if (ids.length === 0) return { slips: 0, minor: 0 };
    const rows = await db
      .updateTable('lottery_slips')
      .set({ status: 'refunded', settled_at: at })
      .where('id', '=', sql<number>`ANY (${ids}::bigint[])`)
      .where('status', 'in', ['pending', 'placed'])
      .returning('stake_minor')
      .execute();
    return { slips: rows.length, minor: rows.reduce((sum, r) => sum + num(r.stake_minor), 0) };
  }

  function slipsOfDraw(
    drawId: number,
    status: SlipStatus[],
    afterId: number,
    limit: number,
  ): Promise<SlipRow[]> {
    return db
      .selectFrom('lottery_slips')
      .selectAll()
      .where('draw_id', '=', drawId)
      .where('status', 'in', status)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /**
   * Prices the winning lines of one bet type of a drawn draw in one statement: the winning
   * selections (lottery-rules.ts) win their stake × odds. A losing line is not written: once its
   * slip is settled, `won` null means lost (payout 0 by default), which spares a settlement one
   * row version per losing line (most of them).
   */
  async function settleLines(drawId: number, betType: string, winning: string[]): Promise<void> {
    if (winning.length === 0) return;
    await sql`
      UPDATE lottery_lines SET won = true, payout_minor = floor(stake_minor * odds_e4 / 10000)
      WHERE draw_id = ${drawId} AND bet_type = ${betType} AND selection = ANY (${winning}::text[])`.execute(
      db,
    );
  }

  /**
   * Prices the lines of one VN/SEA bet type that hit, in one statement: `hits` per selection and
   * tier (lottery-vn-rules.ts `vnLineHits`, computed for the selections bet), each line paid
   * floor(stake · Σ hits·tier / (10,000 · cost)) with the odds it was sold at. Lines without a
   * hit are not written (null hits and won on a settled slip: none, lost).
   */
  async function settleTieredLines(
    drawId: number,
    betType: string,
    hits: Array<{ selection: string; tier: number; hits: number }>,
  ): Promise<void> {
    const selections = hits.map((h) => h.selection);
    const tiers = hits.map((h) => h.tier);
    const counts = hits.map((h) => h.hits);
    await sql`
      UPDATE lottery_lines l SET hits = w.hits, won = w.factor > 0,
        payout_minor = floor(l.stake_minor::numeric * w.factor / (10000 * l.odds_div))
      FROM (
        SELECT l2.id, sum(h.hits)::int AS hits,
               sum(h.hits::numeric * coalesce(l2.odds_tiers_e4[h.tier], 0)) AS factor
        FROM lottery_lines l2
        JOIN unnest(${selections}::text[], ${tiers}::int[], ${counts}::int[]) AS h (selection, tier, hits)
          ON h.selection = l2.selection AND h.hits > 0
        WHERE l2.draw_id = ${drawId} AND l2.bet_type = ${betType}
        GROUP BY l2.id) w
      WHERE l.id = w.id`.execute(db);
  }

  /** The distinct selections bet on one bet type of a draw (what a VN settlement prices). */
  async function selectionsOfDraw(drawId: number, betType: string): Promise<string[]> {
    const { rows } = await sql<{ selection: string }>`
      SELECT DISTINCT selection FROM lottery_lines WHERE draw_id = ${drawId} AND bet_type = ${betType}`.execute(
      db,
    );
    return rows.map((r) => r.selection);
  }

  /**
   * Enters a result sheet for an open draw, in one transaction holding the draw's betting lock
   * exclusive (so entries of one draw, bets and the void go one at a time): the feed's
   * (`staffId` null) is confirmed at once; an operator's is the first entry (pending) or, from a
   * different operator, the second: equal → both confirmed and the draw drawn with the numbers
   * (one conditional update), different → kept as rejected with the prizes that differ (so the
   * disagreement is on record) and nothing else changes.
   */
  async function enterResults(input: {
    drawId: number;
    staffId: number | null;
    numbers: number[];
    at: Date;
    differences: (first: number[], second: number[]) => string[];
  }): Promise<ResultsOutcome> {
    return db.transaction().execute(async (trx): Promise<ResultsOutcome> => {
      await drawLock(input.drawId, 'exclusive').execute(trx);
      const draw = await trx
        .selectFrom('lottery_draws')
        .selectAll()
        .where('id', '=', input.drawId)
        .executeTakeFirst();
      if (!draw) return { kind: 'missing' };
      if (draw.status !== 'open') return { kind: 'draw', status: draw.status };
      if (new Date(draw.draw_at).getTime() > input.at.getTime()) return { kind: 'early' };
      const confirm = async () => {
        const row = await trx
          .updateTable('lottery_draws')
          .set({ status: 'drawn', numbers: input.numbers, drawn_at: input.at })
          .where('id', '=', input.drawId)
          .where('status', '=', 'open')
          .returningAll()
          .executeTakeFirstOrThrow();
        return { kind: 'confirmed' as const, draw: row };
      };
      if (input.staffId === null) {
        await trx
          .insertInto('lottery_result_entries')
          .values({
            draw_id: input.drawId,
            source: 'feed',
            staff_id: null,
            numbers: input.numbers,
            status: 'confirmed',
            decided_at: input.at,
          })
          .execute();
        return confirm();
      }
      const first = await trx
        .selectFrom('lottery_result_entries')
        .selectAll()
        .where('draw_id', '=', input.drawId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (!first) {
        const entry = await trx
          .insertInto('lottery_result_entries')
          .values({
            draw_id: input.drawId,
            source: 'operator',
            staff_id: input.staffId,
            numbers: input.numbers,
            status: 'pending',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { kind: 'pending', entryId: num(entry.id) };
      }
      if (num(first.staff_id) === input.staffId) return { kind: 'same_operator' };
      const differs = input.differences(first.numbers.map(num), input.numbers);
      await trx
        .insertInto('lottery_result_entries')
        .values({
          draw_id: input.drawId,
          source: 'operator',
          staff_id: input.staffId,
          numbers: input.numbers,
          status: differs.length > 0 ? 'rejected' : 'confirmed',
          differs: differs.length > 0 ? differs : null,
          decided_by: input.staffId,
          decided_at: input.at,
        })
        .execute();
      if (differs.length > 0) return { kind: 'mismatch', differs };
      await trx
        .updateTable('lottery_result_entries')
        .set({ status: 'confirmed', decided_by: input.staffId, decided_at: input.at })
        .where('id', '=', first.id)
        .execute();
      return confirm();
    });
  }

  /** Discards the entry waiting for its second (a typo found): the next entry is a first again. */
  async function discardPending(drawId: number, staffId: number, at: Date): Promise<boolean> {
    const result = await db
      .updateTable('lottery_result_entries')
      .set({ status: 'discarded', decided_by: staffId, decided_at: at })
      .where('draw_id', '=', drawId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return num(result.numUpdatedRows) > 0;
  }

  /**
   * VN/SEA draws waiting for their results (open, their time passed), oldest first, each with
   * the entry waiting for its second (who and when; never its numbers: the second is blind).
   */
  async function awaitingResults(at: Date, limit: number) {
    const { rows } = await sql<
      DrawRow & {
        entry_id: string | null;
        entry_staff: string | null;
        entry_at: Date | null;
        slips: string;
      }
    >`
      SELECT d.*, e.id AS entry_id, e.staff_id AS entry_staff, e.created_at AS entry_at,
             (SELECT count(*) FROM lottery_slips x WHERE x.draw_id = d.id AND x.status <> 'refused') AS slips
      FROM lottery_draws d
      JOIN lottery_games g ON g.game_code = d.game_code AND g.results_source <> 'seed'
      LEFT JOIN lottery_result_entries e ON e.draw_id = d.id AND e.status = 'pending'
      WHERE d.status = 'open' AND d.draw_at <= ${at}
      ORDER BY d.draw_at, d.id LIMIT ${limit}`.execute(db);
    return rows;
  }

  /** A draw's entries, oldest first (the console's trail of a VN/SEA draw). */
  async function entriesOf(drawId: number) {
    return db
      .selectFrom('lottery_result_entries')
      .selectAll()
      .where('draw_id', '=', drawId)
      .orderBy('id')
      .execute();
  }

  /**
   * The placed slips of a priced draw with their payouts (the sum of their winning lines), in
   * member order: consecutive chunks then pay mostly different members, so chunks settled side
   * by side seldom wait on each other's account locks.
   */
  async function slipsToSettle(drawId: number): Promise<Array<SlipRow & { payout: number }>> {
    // Two reads joined here, not in SQL: the lines were just marked won, so their statistics
    // still say none is, and the join was planned as a nested loop comparing every slip with
    // every winning line (56 s for 100,000 slips of 100,000 members, bench:lottery).
    const won = await sql<{ slip_id: string; payout: string }>`
      SELECT slip_id, sum(payout_minor) AS payout FROM lottery_lines
      WHERE draw_id = ${drawId} AND won GROUP BY slip_id`.execute(db);
    const payouts = new Map(won.rows.map((row) => [num(row.slip_id), num(row.payout)]));
    const { rows } = await sql<SlipRow>`
      SELECT s.* FROM lottery_slips s
      WHERE s.draw_id = ${drawId} AND s.status = 'placed'
      ORDER BY s.member_id, s.id`.execute(db);
    return rows.map((row) => ({ ...row, payout: payouts.get(num(row.id)) ?? 0 }));
  }

  /** Settled slips marked with their payouts, in one statement (only those still placed). */
  async function markSettled(
    slips: Array<{ id: number; payout: number }>,
    at: Date,
  ): Promise<void> {
    if (slips.length === 0) return;
    const ids = slips.map((slip) => slip.id);
    // `id = ANY` as well as the join: the planner then probes the key (the join alone was
    // planned as a scan of the whole table per chunk).
    await sql`
      UPDATE lottery_slips s SET status = 'settled', settled_at = ${at}, payout_minor = v.payout
      FROM unnest(${ids}::bigint[], ${slips.map((slip) => slip.payout)}::bigint[]) AS v (id, payout)
      WHERE s.id = ANY (${ids}::bigint[]) AND s.id = v.id AND s.status = 'placed'`.execute(db);
  }

  async function betTypesOfDraw(drawId: number): Promise<string[]> {
    const { rows } = await sql<{ bet_type: string }>`
      SELECT DISTINCT bet_type FROM lottery_lines WHERE draw_id = ${drawId}`.execute(db);
    return rows.map((r) => r.bet_type);
  }

  function linesOf(slipIds: number[]): Promise<LineRow[]> {
    if (slipIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('lottery_lines')
      .selectAll()
      .where('slip_id', 'in', slipIds)
      .orderBy('id')
      .execute();
  }

  /** A member's slips with their draws' numbers, newest first. */
  async function memberSlips(input: {
    memberId: number;
    status: 'open' | 'settled' | 'all';
    gameCode?: string | undefined;
    limit: number;
    offset: number;
  }): Promise<{
    slips: Array<
      SlipRow & { draw_no: string; numbers: number[] | null; void_reason: string | null }
    >;
    total: number;
  }> {
    let q = db
      .selectFrom('lottery_slips as s')
      .innerJoin('lottery_draws as d', 'd.id', 's.draw_id')
      .where('s.member_id', '=', input.memberId)
      .where('s.status', '!=', 'refused');
    if (input.status === 'open') q = q.where('s.status', 'in', ['pending', 'placed']);
    if (input.status === 'settled') q = q.where('s.status', 'in', ['settled', 'refunded']);
    if (input.gameCode) q = q.where('s.game_code', '=', input.gameCode);
    const [slips, count] = await Promise.all([
      q
        .selectAll('s')
        .select(['d.draw_no', 'd.numbers', 'd.void_reason'])
        .orderBy('s.id', 'desc')
        .limit(input.limit)
        .offset(input.offset)
        .execute(),
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { slips, total: num(count.n) };
  }

  /** Draws for the console, newest first, with their slips, stakes, payouts and top liability. */
  async function adminDraws(input: {
    gameCode?: string | undefined;
    status?: string | undefined;
    withBets?: boolean;
    limit: number;
    offset: number;
  }) {
    const { rows } = await sql<
      DrawRow & { slips: string; stake: string; payout: string; liability: string; total: string }
    >`
      SELECT d.*, count(*) OVER () AS total,
        coalesce((SELECT count(*) FROM lottery_slips s WHERE s.draw_id = d.id AND s.status <> 'refused'), 0) AS slips,
        coalesce((SELECT sum(stake_minor) FROM lottery_slips s WHERE s.draw_id = d.id AND s.status <> 'refused'), 0) AS stake,
        coalesce((SELECT sum(payout_minor) FROM lottery_slips s WHERE s.draw_id = d.id AND s.status = 'settled'), 0) AS payout,
        coalesce((SELECT max(payout_minor) FROM lottery_exposure e WHERE e.draw_id = d.id), 0) AS liability
      FROM lottery_draws d
      WHERE (${input.gameCode ?? null}::text IS NULL OR d.game_code = ${input.gameCode ?? null})
        AND (${input.status ?? null}::text IS NULL OR d.status = ${input.status ?? null})
        AND (NOT ${input.withBets ?? false}::boolean OR EXISTS (
          SELECT 1 FROM lottery_slips s WHERE s.draw_id = d.id AND s.status <> 'refused'))
      ORDER BY d.draw_at DESC, d.id DESC LIMIT ${input.limit} OFFSET ${input.offset}`.execute(db);
    return rows.map((r) => ({
      ...r,
      slips: num(r.slips),
      stakeMinor: num(r.stake),
      payoutMinor: num(r.payout),
      maxLiabilityMinor: num(r.liability),
      total: num(r.total),
    }));
  }

  async function exposures(drawId: number, limit: number) {
    const rows = await db
      .selectFrom('lottery_exposure')
      .select(['bet_type', 'selection', 'payout_minor'])
      .where('draw_id', '=', drawId)
      .orderBy('payout_minor', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      betType: r.bet_type,
      selection: r.selection,
      payoutMinor: num(r.payout_minor),
    }));
  }

  return {
    games,
    betTypes,
    updateGame,
    updateBetType,
    insertDraws,
    closedDays,
    closedAmong,
    addClosedDay,
    removeClosedDay,
    listClosedDays,
    drawsBetween,
    bettingDraw,
    latestDrawAt,
    menuDraws,
    draw,
    drawsToRun,
    voidDrawsToRefund,
    markDrawRefunded,
    markSlipsRefunded,
    claimDraw,
    finishDraw,
    voidDraw,
    results,
    resultCount,
    placeSlip,
    refuseSlip,
    markSlips,
    slipsOfDraw,
    settleLines,
    settleTieredLines,
    selectionsOfDraw,
    enterResults,
    discardPending,
    awaitingResults,
    entriesOf,
    slipsToSettle,
    markSettled,
    betTypesOfDraw,
    linesOf,
    memberSlips,
    adminDraws,
    exposures,
  };
}
export type LotteryRepository = ReturnType<typeof createLotteryRepository>;
