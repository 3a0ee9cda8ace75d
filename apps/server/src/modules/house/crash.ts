import type { CrashTopicEvent } from '@banca/contracts';
import { crashMsToReach, crashMultiplierAtE2, crashPointE2 } from '@banca/contracts/fairness';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { BetRecord, MemberRef, WalletService } from '../wallet';
import { gameHashAt, nodeHmac, openNextRound, postShared, roundHash, staleRounds } from './chain';
import { roundCapE2 } from './round-limit';

/**
 * Crash (docs/house.md "Crash"): one round at a time per game, shared by everyone: bets during
 * a countdown, then the multiplier climbs as floor(100·e^(0.00006·ms))/100 from the round's start
 * until the crash point the chain's game hash gives (docs/fairness.md §4). A cash-out is decided
 * by the server's clock: the multiplier at the moment the request is handled, if the round has
 * not crashed by then; an automatic cash-out at a target pays the target when the point reaches
 * it. Rounds advance on reads and requests, with conditional updates (any instance drives them).
 * The point is stored when the round opens and answered only once it has crashed.
 */
export const CRASH_BETTING_MS = 8_000;
/** How long a crashed round stays before the next opens. */
export const CRASH_RESULT_MS = 3_000;
const CLOSE_MARGIN_MS = 300;
const HISTORY = 20;
/** Players a state answer lists (the biggest stakes first). */
const PLAYERS_LISTED = 50;
/** Manual cash-outs gathered into one `cashouts` frame (about a tick). */
const CASHOUT_BATCH_MS = 100;
/** Cash-outs per `cashouts` event. */
const CASHOUTS_PER_EVENT = 400;

type RoundRow = {
  id: string;
  game_code: string;
  chain_id: string;
  chain_index: number;
  rtp_bps: number;
  status: 'betting' | 'running' | 'ended';
  betting_ends_at: Date;
  started_at: Date | null;
  ended_at: Date | null;
  result: number;
  game_hash: string | null;
  max_payout_minor: string | null;
  staked_minor: string;
  cap_e2: number | null;
};
type BetRow = {
  id: string;
  merchant_code: string;
  member_id: string;
  currency: string;
  stake_minor: string;
  auto_cashout_e2: number | null;
  cashout_e2: number | null;
  payout_minor: string;
  status: string;
  forced: boolean;
  created_at: Date;
};
type Exec = Db | Transaction<Database>;

export function createCrash(deps: {
  db: Db;
  wallet: WalletService;
  game: (gameCode: string) => Promise<{
    rtpBps: number;
    enabled: boolean;
    maxPayoutMinor: number;
    maxRoundPayoutMinor: number;
  } | null>;
  now?: () => number;
  /** Announces the round's changes (house.crash over /ws); called after they committed. */
  publish?: (event: CrashTopicEvent) => void;
}) {
  const { db, wallet } = deps;
  const now = deps.now ?? Date.now;
  const publish = deps.publish ?? (() => {});
  const startOf = (r: RoundRow) => new Date(r.betting_ends_at).getTime();
  const crashAt = (r: RoundRow) => startOf(r) + crashMsToReach(r.result);
  /** The round's limit stops the flight for its players before the crash (docs/house.md). */
  const capBeforeCrash = (r: RoundRow) =>
    r.cap_e2 !== null && r.cap_e2 < r.result ? r.cap_e2 : null;
  const capAt = (r: RoundRow) => {
    const cap = capBeforeCrash(r);
    return cap === null ? Infinity : startOf(r) + crashMsToReach(cap);
  };
  const maxPayoutOf = async (gameCode: string) => (await deps.game(gameCode))?.maxPayoutMinor ?? 0;
  /** Rounds whose forced cash-outs this instance has made (the check is then skipped). */
  const forcedHere = new Set<string>();
  /** Flights this instance started: it sends their ticks (one sender per round). */
  const flyingHere = new Set<string>();
  const playerName = (memberId: string | number) => `***${String(memberId).slice(-3)}`;
  /**
   * Manual cash-outs are announced together, CASHOUT_BATCH_MS at a time: a frame per cash-out
   * would be sent to every socket (1,000 cash-outs to 1,000 players: a million frames).
   */
  const queuedCashouts = new Map<string, { round: RoundRow; bets: BetRow[] }>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  /** Runs `send` in CASHOUT_BATCH_MS, unless the app closes first (stop). */
  function later(send: () => void) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      send();
    }, CASHOUT_BATCH_MS);
    timer.unref?.();
    timers.add(timer);
  }
  function announceCashout(round: RoundRow, bet: BetRow) {
    const queued = queuedCashouts.get(round.id);
    if (queued) return void queued.bets.push(bet);
    queuedCashouts.set(round.id, { round, bets: [bet] });
    later(() => {
      const batch = queuedCashouts.get(round.id);
      queuedCashouts.delete(round.id);
      if (batch) publishCashouts(batch.round, batch.bets);
    });
  }
  /** Bets are announced together too, CASHOUT_BATCH_MS at a time (a countdown of 1,000 bets). */
  const queuedBets = new Map<string, BetRow[]>();
  function announceBet(round: RoundRow, bet: BetRow) {
    const queued = queuedBets.get(round.id);
    if (queued) return void queued.push(bet);
    queuedBets.set(round.id, [bet]);
    later(() => {
      const batch = queuedBets.get(round.id) ?? [];
      queuedBets.delete(round.id);
      for (let i = 0; i < batch.length; i += CASHOUTS_PER_EVENT)
        publish({
          kind: 'bets',
          gameCode: round.game_code,
          roundId: Number(round.id),
          bets: batch.slice(i, i + CASHOUTS_PER_EVENT).map((b) => ({
            betId: Number(b.id),
            player: playerName(b.member_id),
            stakeMinor: Number(b.stake_minor),
          })),
        });
    });
  }
  function publishCashouts(round: RoundRow, bets: readonly BetRow[]) {
    if (bets.length === 0) return;
    // Batches stay far under the socket's 64 KB broadcast limit (~90 bytes a cash-out).
    for (let i = 0; i < bets.length; i += CASHOUTS_PER_EVENT)
      publish({
        kind: 'cashouts',
        gameCode: round.game_code,
        roundId: Number(round.id),
        cashouts: bets.slice(i, i + CASHOUTS_PER_EVENT).map((b) => ({
          betId: Number(b.id),
          player: playerName(b.member_id),
          cashoutE2: b.cashout_e2!,
          payoutMinor: Number(b.payout_minor),
          forced: b.forced,
        })),
      });
  }

  async function latest(gameCode: string): Promise<RoundRow | null> {
    const { rows } =
      await sql<RoundRow>`SELECT * FROM house_rounds WHERE game_code = ${gameCode} ORDER BY id DESC LIMIT 1`.execute(
        db,
      );
    return rows[0] ?? null;
  }
  const lockRound = async (trx: Exec, id: string) =>
    (await sql<RoundRow>`SELECT * FROM house_rounds WHERE id = ${id} FOR UPDATE`.execute(trx))
      .rows[0]!;

  async function advance(gameCode: string): Promise<RoundRow> {
    const game = await deps.game(gameCode);
    if (!game) throw new AppError('house_game_not_found');
    for (let step = 0; step < 5; step++) {
      const round = await latest(gameCode);
      const at = now();
      if (round?.status === 'betting' && at >= startOf(round)) {
        await start(round, game.maxPayoutMinor);
        continue;
      }
      if (round?.status === 'running' && at >= crashAt(round)) {
        await end(round);
        continue;
      }
      if (round?.status === 'running' && at >= capAt(round) && !forcedHere.has(round.id)) {
        await reachLimit(round, game.maxPayoutMinor);
        continue;
      }
      if (round?.status === 'ended') await settle(round);
      if (
        !round ||
        (round.status === 'ended' && at >= new Date(round.ended_at!).getTime() + CRASH_RESULT_MS)
      ) {
        if (!game.enabled) {
          if (round) return round;
          throw new AppError('house_game_disabled');
        }
        await open(gameCode, game.rtpBps, game.maxRoundPayoutMinor);
        continue;
      }
      return round;
    }
    return (await latest(gameCode))!;
  }

  async function open(gameCode: string, rtpBps: number, limitMinor: number): Promise<void> {
    const endsAt = new Date(now() + CRASH_BETTING_MS);
    const opened = await openNextRound(
      db,
      gameCode,
      ['betting', 'running'],
      async (trx, chain, index) => {
        const point = crashPointE2(
          gameHashAt(chain.terminal, chain.length, index),
          chain.salt,
          rtpBps,
          nodeHmac,
        );
        const { rows } = await sql<{ id: string }>`
        INSERT INTO house_rounds (game_code, chain_id, chain_index, rtp_bps, status, betting_ends_at, result, max_payout_minor)
        VALUES (${gameCode}, ${chain.id}, ${index}, ${rtpBps}, 'betting', ${endsAt}, ${point}, ${limitMinor})
        RETURNING id`.execute(trx);
        return { id: Number(rows[0]!.id), index };
      },
    );
    if (!opened) return; // another request opened it
    publish({
      kind: 'round',
      gameCode,
      roundId: opened.id,
      chainIndex: opened.index,
      bettingEndsAtUtc: endsAt.toISOString(),
      serverTimeUtc: new Date(now()).toISOString(),
      limitMinor,
    });
  }

  /** The limit's multiplier from the round's bets now (null: never reached). */
  async function capOf(trx: Exec, round: RoundRow, maxPayoutMinor: number) {
    if (round.max_payout_minor === null) return null;
    const { rows } = await sql<BetRow>`
      SELECT * FROM house_round_bets WHERE round_id = ${round.id} AND status <> 'refused'`.execute(
      trx,
    );
    return roundCapE2(
      rows.map((b) => ({
        stakeMinor: Number(b.stake_minor),
        autoCashoutE2: b.auto_cashout_e2,
        cashedOut: b.cashout_e2 !== null,
        payoutMinor: Number(b.payout_minor),
      })),
      Number(round.max_payout_minor),
      maxPayoutMinor,
    );
  }

  /** Betting is over: the flight starts, with the multiplier the round's limit is reached at. */
  async function start(round: RoundRow, maxPayoutMinor: number): Promise<void> {
    const started = await db.transaction().execute(async (trx) => {
      // The lock waits for bets being written (they hold it while they add their stake).
      const locked = await lockRound(trx, round.id);
      if (locked.status !== 'betting') return false;
      const cap = await capOf(trx, locked, maxPayoutMinor);
      await sql`UPDATE house_rounds SET status = 'running', started_at = betting_ends_at, cap_e2 = ${cap}
        WHERE id = ${round.id}`.execute(trx);
      return true;
    });
    if (started) flyingHere.add(round.id);
  }

  /**
   * The clock has reached the round's stored limit multiplier. It was computed as if every bet
   * still in the air stayed there, so the cash-outs since can only have pushed it up: it is
   * computed again under the round's lock. Higher than the clock: stored, the flight goes on.
   * Otherwise the limit is reached: every bet still in the air is cashed out at it (an automatic
   * target under it fired first) and paid at once (keyed; the crash's settlement pays what is
   * left). Answers the bets it cashed out.
   */
  async function reachLimit(round: RoundRow, maxPayoutMinor: number): Promise<BetRow[]> {
    const claimed = await db.transaction().execute(async (trx) => {
      const locked = await lockRound(trx, round.id);
      return (await limitUnderLock(trx, locked, maxPayoutMinor)).forced;
    });
    publishCashouts(round, claimed);
    for (const bet of claimed) await pay(bet, round.game_code);
    return claimed;
  }

  /** reachLimit's decision, in the caller's transaction holding the round's lock. */
  async function limitUnderLock(trx: Exec, locked: RoundRow, maxPayoutMinor: number) {
    if (locked.status !== 'running' || capBeforeCrash(locked) === null || now() < capAt(locked))
      return { forced: [] as BetRow[], round: locked };
    const inTheAir = await sql`SELECT 1 FROM house_round_bets WHERE round_id = ${locked.id}
      AND status = 'placed' AND cashout_e2 IS NULL LIMIT 1`.execute(trx);
    if (inTheAir.rows.length === 0) {
      // Everyone is out already (by the limit or by hand): nothing left to decide.
      forcedHere.add(locked.id);
      return { forced: [] as BetRow[], round: locked };
    }
    const cap = await capOf(trx, locked, maxPayoutMinor);
    const moved = { ...locked, cap_e2: cap };
    await sql`UPDATE house_rounds SET cap_e2 = ${cap} WHERE id = ${locked.id}`.execute(trx);
    const ceiling = capBeforeCrash(moved);
    if (ceiling === null || now() < capAt(moved)) return { forced: [] as BetRow[], round: moved };
    forcedHere.add(locked.id);
    const forced = (await claimAtCeiling(trx, moved, ceiling, maxPayoutMinor)).rows;
    return { forced, round: moved };
  }

  /** Claims the round's bets still in the air at `ceiling`: their target if under it, else forced. */
  const claimAtCeiling = (trx: Exec, round: RoundRow, ceiling: number, maxPayoutMinor: number) =>
    sql<BetRow>`UPDATE house_round_bets SET status = 'settling',
        cashout_e2 = CASE WHEN auto_cashout_e2 IS NOT NULL AND auto_cashout_e2 <= ${ceiling} THEN auto_cashout_e2 ELSE ${ceiling}::int END,
        forced = NOT (auto_cashout_e2 IS NOT NULL AND auto_cashout_e2 <= ${ceiling}),
        payout_minor = least(${maxPayoutMinor}::bigint, (stake_minor * CASE WHEN auto_cashout_e2 IS NOT NULL AND auto_cashout_e2 <= ${ceiling}
                                                     THEN auto_cashout_e2 ELSE ${ceiling}::int END) / 100)
      WHERE round_id = ${round.id} AND status = 'placed' AND cashout_e2 IS NULL
      RETURNING *`.execute(trx);

  async function end(round: RoundRow): Promise<void> {
    const { hash } = await roundHash(db, round.chain_id, round.chain_index);
    const ended =
      await sql`UPDATE house_rounds SET status = 'ended', game_hash = ${hash}, ended_at = ${new Date(crashAt(round))}
      WHERE id = ${round.id} AND status = 'running' RETURNING id`.execute(db);
    forcedHere.delete(round.id);
    flyingHere.delete(round.id);
    if (ended.rows.length === 0) return;
    publish({
      kind: 'crashed',
      gameCode: round.game_code,
      roundId: Number(round.id),
      chainIndex: round.chain_index,
      pointE2: round.result,
      gameHash: hash,
    });
    await settle({ ...round, status: 'ended', game_hash: hash });
  }

  function record(
    bet: BetRow,
    gameCode: string,
    type: 'WITHDRAW' | 'DEPOSIT',
    amount: number,
    gameOver: boolean,
  ): BetRecord {
    return {
      merchant: bet.merchant_code,
      member: Number(bet.member_id),
      vendor: 'BGS',
      game: gameCode,
      round: `C${bet.id}`,
      currency: bet.currency,
      txId: `C${bet.id}:${type === 'WITHDRAW' ? 'bet' : 'win'}`,
      type,
      betRef: null,
      amount,
      txTime: new Date(bet.created_at).toISOString(),
      gameOver,
      cancels: null,
      tombstone: false,
    };
  }
  const memberOf = (bet: BetRow): MemberRef => ({
    memberId: Number(bet.member_id),
    merchantCode: bet.merchant_code,
    currency: bet.currency,
  });

  /** The payout of a claimed bet (settling → settled), keyed: a second settler changes nothing. */
  async function pay(bet: BetRow, gameCode: string): Promise<number> {
    const posted = await postShared(wallet, {
      member: memberOf(bet),
      bet: record(bet, gameCode, 'DEPOSIT', Number(bet.payout_minor), true),
    });
    await sql`UPDATE house_round_bets SET status = 'settled', settled_at = now() WHERE id = ${bet.id} AND status = 'settling'`.execute(
      db,
    );
    return posted.balanceMinor;
  }

  /**
   * A crashed round: automatic cash-outs at or under the point win their target, the rest 0 —
   * unless the round's limit was reached before the crash: then the bets still in the air were
   * cashed out at the limit's multiplier (claimAtCeiling).
   */
  const settling = new Map<string, Promise<void>>();
  function settle(round: RoundRow): Promise<void> {
    // One settlement of a round at a time on this instance (the clock and requests all find it
    // ended); another instance's is made harmless by the ledger's keys (postShared).
    const running = settling.get(round.id);
    if (running) return running;
    const done = settleOnce(round).finally(() => settling.delete(round.id));
    settling.set(round.id, done);
    return done;
  }
  async function settleOnce(round: RoundRow): Promise<void> {
    const maxPayoutMinor = await maxPayoutOf(round.game_code);
    const pending =
      await sql<BetRow>`SELECT * FROM house_round_bets WHERE round_id = ${round.id} AND status = 'pending'`.execute(
        db,
      );
    for (const bet of pending.rows) {
      try {
        await postShared(wallet, {
          member: memberOf(bet),
          bet: record(bet, round.game_code, 'WITHDRAW', Number(bet.stake_minor), false),
        });
        await sql`UPDATE house_round_bets SET status = 'placed' WHERE id = ${bet.id} AND status = 'pending'`.execute(
          db,
        );
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'insufficient_funds') throw error;
        await sql`UPDATE house_round_bets SET status = 'refused', settled_at = now() WHERE id = ${bet.id}`.execute(
          db,
        );
      }
    }
    const cap = capBeforeCrash(round);
    const claimed =
      cap !== null
        ? await claimAtCeiling(db, round, cap, maxPayoutMinor)
        : await sql<BetRow>`UPDATE house_round_bets SET status = 'settling',
          cashout_e2 = CASE WHEN auto_cashout_e2 IS NOT NULL AND auto_cashout_e2 <= ${round.result} THEN auto_cashout_e2 END,
          payout_minor = CASE WHEN auto_cashout_e2 IS NOT NULL AND auto_cashout_e2 <= ${round.result}
                              THEN least(${maxPayoutMinor}::bigint, (stake_minor * auto_cashout_e2) / 100) ELSE 0 END
        WHERE round_id = ${round.id} AND status = 'placed' AND cashout_e2 IS NULL
        RETURNING *`.execute(db);
    // The automatic targets no tick claimed (no instance was ticking the round).
    publishCashouts(
      round,
      claimed.rows.filter((b) => b.cashout_e2 !== null),
    );
    const settling =
      await sql<BetRow>`SELECT * FROM house_round_bets WHERE round_id = ${round.id} AND status = 'settling'`.execute(
        db,
      );
    for (const bet of settling.rows) await pay(bet, round.game_code);
  }

  /**
   * A bet during the countdown. Its stake joins the round's stakes under the round's lock, and is
   * refused (`house_round_full`) if they would pass the round's limit: at 1.00× already the round
   * would pay more than it may.
   */
  async function bet(
    member: MemberRef,
    input: { gameCode: string; amountMinor: number; autoCashoutE2: number | null },
  ) {
    const round = await advance(input.gameCode);
    const placed = await db.transaction().execute(async (trx) => {
      const added =
        await sql`UPDATE house_rounds SET staked_minor = staked_minor + ${input.amountMinor}
        WHERE id = ${round.id} AND status = 'betting' AND betting_ends_at > ${new Date(now() + CLOSE_MARGIN_MS)}
          AND (max_payout_minor IS NULL OR staked_minor + ${input.amountMinor} <= max_payout_minor)
        RETURNING id`.execute(trx);
      const { rows } =
        added.rows.length === 0
          ? { rows: [] }
          : await sql<BetRow>`
        INSERT INTO house_round_bets (round_id, merchant_code, member_id, currency, stake_minor, auto_cashout_e2, status)
        VALUES (${round.id}, ${member.merchantCode}, ${member.memberId}, ${member.currency}, ${input.amountMinor}, ${input.autoCashoutE2}::int, 'pending')
        ON CONFLICT (round_id, member_id, pick) DO NOTHING
        RETURNING *`.execute(trx);
      if (rows[0]) return rows[0];
      const taken = await sql`SELECT 1 FROM house_round_bets WHERE round_id = ${round.id}
        AND member_id = ${member.memberId} AND pick = ''`.execute(trx);
      if (taken.rows.length > 0) throw new AppError('house_already_bet');
      const current = await lockRound(trx, round.id);
      if (
        current.status === 'betting' &&
        startOf(current) > now() + CLOSE_MARGIN_MS &&
        current.max_payout_minor !== null
      ) {
        const remainingMinor = Math.max(
          0,
          Number(current.max_payout_minor) - Number(current.staked_minor),
        );
        throw new AppError('house_round_full', { data: { remainingMinor } });
      }
      throw new AppError('house_round_over');
    });
    try {
      const posted = await postShared(wallet, {
        member,
        bet: record(placed, input.gameCode, 'WITHDRAW', input.amountMinor, false),
      });
      await sql`UPDATE house_round_bets SET status = 'placed' WHERE id = ${placed.id} AND status = 'pending'`.execute(
        db,
      );
      // Targets are the player's own business: the state shows them to the player alone.
      announceBet(round, placed);
      return { roundId: Number(round.id), balanceMinor: posted.balanceMinor };
    } catch (error) {
      if (error instanceof AppError && error.code === 'insufficient_funds')
        await sql`UPDATE house_round_bets SET status = 'refused', settled_at = now() WHERE id = ${placed.id}`.execute(
          db,
        );
      throw error;
    }
  }

  /**
   * A cash-out now, by the server's clock: the multiplier when the request is handled, or the
   * automatic target if it came first. One statement claims and prices the bet, only while the
   * clock is under the round's stored limit multiplier. No lock on the round: the stored
   * multiplier only ever rises, so a claim that read it just before a rise was within the limit
   * anyway, and the limit's decision counts a claim it could not see yet as still in the air (at
   * a higher multiplier than it was paid: on the safe side); a bet the limit cashed out is no
   * longer `placed`, so a late claim finds nothing. At or past it, the limit is decided first
   * (reachLimit, under the round's lock): moved up, the cash-out goes on at the clock's
   * multiplier; reached, the bet was cashed out at the limit: `house_cashed_out_by_limit` says at
   * what. Refused once the round has crashed or the bet was cashed out.
   */
  async function cashout(member: MemberRef, input: { gameCode: string }) {
    const round = await advance(input.gameCode);
    if (round.status !== 'running' || now() >= crashAt(round))
      throw new AppError('house_round_over');
    const maxPayoutMinor = await maxPayoutOf(input.gameCode);
    const claim = async (trx: Exec, limitChecked: boolean) => {
      const at = now();
      const m = crashMultiplierAtE2(at - startOf(round));
      if (at >= crashAt(round)) return null;
      const { rows } = await sql<BetRow>`
        UPDATE house_round_bets SET status = 'settling',
          cashout_e2 = CASE WHEN auto_cashout_e2 IS NOT NULL AND auto_cashout_e2 <= ${m} THEN auto_cashout_e2 ELSE ${m}::int END,
          payout_minor = least(${maxPayoutMinor}::bigint, (stake_minor * CASE WHEN auto_cashout_e2 IS NOT NULL AND auto_cashout_e2 <= ${m}
                                                       THEN auto_cashout_e2 ELSE ${m}::int END) / 100)
        WHERE round_id = ${round.id} AND member_id = ${member.memberId} AND status = 'placed' AND cashout_e2 IS NULL
          AND EXISTS (SELECT 1 FROM house_rounds r WHERE r.id = ${round.id} AND r.status = 'running'
                      AND (${limitChecked} OR r.cap_e2 IS NULL OR r.cap_e2 >= r.result OR r.cap_e2 > ${m}))
        RETURNING *`.execute(trx);
      return rows[0] ?? null;
    };
    let mine = await claim(db, false);
    if (!mine && now() >= capAt(round)) {
      // The stored limit multiplier is reached: decide the limit, then (if it moved up) claim.
      const decided = await db.transaction().execute(async (trx) => {
        const locked = await lockRound(trx, round.id);
        const limit = await limitUnderLock(trx, locked, maxPayoutMinor);
        const own =
          limit.forced.length === 0 && limit.round.status === 'running'
            ? await claim(trx, true)
            : null;
        return { forced: limit.forced, own };
      });
      publishCashouts(round, decided.forced);
      for (const bet of decided.forced) await pay(bet, input.gameCode);
      mine = decided.own;
    }
    if (mine) {
      announceCashout(round, mine);
      const balanceMinor = await pay(mine, input.gameCode);
      return { cashoutE2: mine.cashout_e2!, payoutMinor: Number(mine.payout_minor), balanceMinor };
    }
    // Cashed out by the round's limit (by this request or an earlier one): say so, and at what.
    const forced = await sql<BetRow>`SELECT * FROM house_round_bets WHERE round_id = ${round.id}
      AND member_id = ${member.memberId} AND pick = '' AND forced`.execute(db);
    const bet = forced.rows[0];
    if (bet)
      throw new AppError('house_cashed_out_by_limit', {
        params: { multiplier: (bet.cashout_e2! / 100).toFixed(2) },
        data: { cashoutE2: bet.cashout_e2!, payoutMinor: Number(bet.payout_minor) },
      });
    throw new AppError('house_round_over');
  }

  async function state(gameCode: string, member: MemberRef | null) {
    const round = await advance(gameCode);
    const chain = await sql<{
      commitment: string;
      salt: string;
    }>`SELECT commitment, salt FROM house_chains WHERE id = ${round.chain_id}`.execute(db);
    const history = await sql<{
      id: string;
      result: number;
      game_hash: string;
      chain_index: number;
    }>`
      SELECT id, result, game_hash, chain_index FROM house_rounds WHERE game_code = ${gameCode} AND status = 'ended'
      ORDER BY id DESC LIMIT ${HISTORY}`.execute(db);
    const players =
      await sql<BetRow>`SELECT * FROM house_round_bets WHERE round_id = ${round.id} AND status <> 'refused'
      ORDER BY stake_minor DESC, id LIMIT ${PLAYERS_LISTED}`.execute(db);
    const ended = round.status === 'ended';
    return {
      serverTimeUtc: new Date(now()).toISOString(),
      commitment: chain.rows[0]!.commitment,
      salt: chain.rows[0]!.salt,
      round: {
        id: Number(round.id),
        chainIndex: round.chain_index,
        status: round.status,
        bettingEndsAtUtc: new Date(round.betting_ends_at).toISOString(),
        pointE2: ended ? round.result : null,
        gameHash: round.game_hash,
        limitMinor: round.max_payout_minor === null ? null : Number(round.max_payout_minor),
        stakedMinor: Number(round.staked_minor),
        // Known once the flight starts; not a hint of the point (it comes from the bets alone).
        capE2: round.status === 'betting' ? null : round.cap_e2,
      },
      history: history.rows.map((h) => ({
        id: Number(h.id),
        pointE2: h.result,
        gameHash: h.game_hash,
        chainIndex: h.chain_index,
      })),
      players: players.rows.map((p) => ({
        // Masked like the winners board: only the last digits of the member's id.
        betId: Number(p.id),
        player: playerName(p.member_id),
        me: member !== null && Number(p.member_id) === member.memberId,
        stakeMinor: Number(p.stake_minor),
        cashoutE2: p.cashout_e2,
        payoutMinor: Number(p.payout_minor),
        forced: p.forced,
        autoCashoutE2:
          member !== null && Number(p.member_id) === member.memberId ? p.auto_cashout_e2 : null,
      })),
    };
  }

  /**
   * One tick of the game (house/live.ts, every TICK_MS while someone watches): the round moves on
   * (opens, starts, crashes, reaches its limit); on a flight this instance started, automatic
   * targets the multiplier has reached are cashed out and paid now, and the multiplier of the
   * server's clock is published.
   */
  async function tick(gameCode: string): Promise<void> {
    const round = await advance(gameCode);
    if (round.status !== 'running' || !flyingHere.has(round.id)) return;
    const at = now();
    if (at >= crashAt(round)) return;
    const elapsedMs = at - startOf(round);
    const m = crashMultiplierAtE2(elapsedMs);
    const maxPayoutMinor = await maxPayoutOf(gameCode);
    if (at < capAt(round)) {
      // Targets reached by the clock: one statement claims them (a manual cash-out racing it
      // finds the bet taken, and would have been paid the target anyway).
      const reached = await sql<BetRow>`UPDATE house_round_bets SET status = 'settling',
          cashout_e2 = auto_cashout_e2,
          payout_minor = least(${maxPayoutMinor}::bigint, (stake_minor * auto_cashout_e2) / 100)
        WHERE round_id = ${round.id} AND status = 'placed' AND cashout_e2 IS NULL
          AND auto_cashout_e2 IS NOT NULL AND auto_cashout_e2 <= ${m}
        RETURNING *`.execute(db);
      publishCashouts(round, reached.rows);
      for (const bet of reached.rows) await pay(bet, gameCode);
    }
    publish({
      kind: 'tick',
      gameCode,
      roundId: Number(round.id),
      multiplierE2: m,
      elapsedMs,
      capE2: round.cap_e2,
    });
  }

  /** The recovery job's part: settles ended rounds an instance left half-settled (keyed, once). */
  async function recover(limit: number): Promise<number> {
    const rounds = await staleRounds<RoundRow>(db, 'crash', new Date(now()), limit);
    for (const round of rounds) await settle(round);
    return rounds.length;
  }

  /** The app is closing: frames still gathering are dropped (nobody will be listening). */
  function stop() {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  }

  return { state, bet, cashout, advance, tick, recover, stop };
}
export type Crash = ReturnType<typeof createCrash>;
