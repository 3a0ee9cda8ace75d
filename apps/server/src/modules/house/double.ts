import type { DoubleTopicEvent } from '@banca/contracts';
import {
  doubleColorOf,
  doubleMultiplierE4,
  doubleSlot,
  DOUBLE_SLOTS,
  payoutMinorOf,
  type DoubleColor,
} from '@banca/contracts/fairness';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { BetRecord, MemberRef, WalletService } from '../wallet';
import { nodeHmac, openNextRound, postShared, roundHash, staleRounds } from './chain';

/**
 * Double (docs/house.md "Double"): one wheel per game shared by everyone, a round every
 * ~20 s — bets during a countdown, then the slot from the chain's next game hash
 * (docs/fairness.md §4), then every bet of the round settled through the ledger. The rounds
 * advance when someone looks (every state read and bet moves the machine on with conditional
 * updates), so any instance can drive them and two never settle a round twice.
 */
/** Seconds of betting per round. */
export const DOUBLE_BETTING_MS = 12_000;
/** How long an ended round's result stays before the next round opens (the wheel's spin). */
export const DOUBLE_RESULT_MS = 6_000;
/** Bets close this long before the countdown ends (a request in flight must not land late). */
const CLOSE_MARGIN_MS = 500;
/** Past results a state answer carries (game recall). */
const HISTORY = 20;

type RoundRow = {
  id: string;
  game_code: string;
  chain_id: string;
  chain_index: number;
  rtp_bps: number;
  status: 'betting' | 'running' | 'ended';
  betting_ends_at: Date;
  ended_at: Date | null;
  result: number | null;
  game_hash: string | null;
};

export function createDouble(deps: {
  db: Db;
  wallet: WalletService;
  game: (
    gameCode: string,
  ) => Promise<{ rtpBps: number; enabled: boolean; maxPayoutMinor: number } | null>;
  now?: () => number;
  /** Announces the round's changes (house.double over /ws); called after they committed. */
  publish?: (event: DoubleTopicEvent) => void;
}) {
  const { db, wallet } = deps;
  const now = deps.now ?? Date.now;
  const publish = deps.publish ?? (() => {});

  async function latest(gameCode: string): Promise<RoundRow | null> {
    const { rows } =
      await sql<RoundRow>`SELECT * FROM house_rounds WHERE game_code = ${gameCode} ORDER BY id DESC LIMIT 1`.execute(
        db,
      );
    return rows[0] ?? null;
  }

  /** Moves the game's rounds on: ends a round whose countdown is over, opens the next. */
  async function advance(gameCode: string): Promise<RoundRow> {
    const game = await deps.game(gameCode);
    if (!game) throw new AppError('house_game_not_found');
    for (let step = 0; step < 4; step++) {
      const round = await latest(gameCode);
      const at = now();
      if (round && round.status === 'betting' && at >= round.betting_ends_at.getTime()) {
        await end(round);
        continue;
      }
      if (round && round.status === 'ended') await settleRound(round);
      if (
        !round ||
        (round.status === 'ended' && at >= (round.ended_at?.getTime() ?? 0) + DOUBLE_RESULT_MS)
      ) {
        if (!game.enabled) return round ?? Promise.reject(new AppError('house_game_disabled'));
        await open(gameCode, game.rtpBps);
        continue;
      }
      return round;
    }
    return (await latest(gameCode))!;
  }

  async function open(gameCode: string, rtpBps: number): Promise<void> {
    const endsAt = new Date(now() + DOUBLE_BETTING_MS);
    const opened = await openNextRound(db, gameCode, ['betting'], async (trx, chain, index) => {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO house_rounds (game_code, chain_id, chain_index, rtp_bps, status, betting_ends_at)
        VALUES (${gameCode}, ${chain.id}, ${index}, ${rtpBps}, 'betting', ${endsAt})
        RETURNING id`.execute(trx);
      return { id: Number(rows[0]!.id), index };
    });
    if (!opened) return; // another request opened it
    publish({
      kind: 'round',
      gameCode,
      roundId: opened.id,
      chainIndex: opened.index,
      bettingEndsAtUtc: endsAt.toISOString(),
      serverTimeUtc: new Date(now()).toISOString(),
    });
  }

  async function end(round: RoundRow): Promise<void> {
    const { hash, salt } = await roundHash(db, round.chain_id, round.chain_index);
    const slot = doubleSlot(hash, salt, nodeHmac);
    const ended =
      await sql`UPDATE house_rounds SET status = 'ended', result = ${slot}, game_hash = ${hash},
        started_at = betting_ends_at, ended_at = ${new Date(now())}
      WHERE id = ${round.id} AND status = 'betting' RETURNING id`.execute(db);
    if (ended.rows.length === 0) return;
    try {
      await settleRound({ ...round, status: 'ended', result: slot, game_hash: hash });
    } finally {
      // After the bets are paid, so a player reading the state on the result sees their payout
      // (the wheel's spin covers the wait); announced even if a payment must be retried.
      publish({
        kind: 'result',
        gameCode: round.game_code,
        roundId: Number(round.id),
        chainIndex: round.chain_index,
        slot,
        gameHash: hash,
      });
    }
  }

  function record(
    bet: {
      id: string;
      merchant_code: string;
      member_id: string;
      currency: string;
      created_at: Date;
    },
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
      round: `D${bet.id}`,
      currency: bet.currency,
      txId: `D${bet.id}:${type === 'WITHDRAW' ? 'bet' : 'win'}`,
      type,
      betRef: null,
      amount,
      txTime: new Date(bet.created_at).toISOString(),
      gameOver,
      cancels: null,
      tombstone: false,
    };
  }

  const settling = new Map<string, Promise<void>>();
  /** Pays every unsettled bet of an ended round (keyed: a second settler changes nothing). */
  function settleRound(round: RoundRow): Promise<void> {
    // One settlement of a round at a time on this instance (the clock and a request may both
    // find it ended); another instance's is made harmless by the ledger's keys.
    const running = settling.get(round.id);
    if (running) return running;
    const done = settleOnce(round).finally(() => settling.delete(round.id));
    settling.set(round.id, done);
    return done;
  }
  async function settleOnce(round: RoundRow): Promise<void> {
    const { rows } = await sql<{
      id: string;
      merchant_code: string;
      member_id: string;
      currency: string;
      stake_minor: string;
      pick: DoubleColor;
      status: string;
      created_at: Date;
    }>`
      SELECT * FROM house_round_bets WHERE round_id = ${round.id} AND status IN ('pending', 'placed')`.execute(
      db,
    );
    const color = doubleColorOf(round.result!);
    for (const bet of rows) {
      const member = {
        memberId: Number(bet.member_id),
        merchantCode: bet.merchant_code,
        currency: bet.currency,
      };
      try {
        // A bet still pending had its stake on the way: post it again (applied once). A placed
        // bet's stake is in; posting it again after another settler closed the round would be
        // refused (bet_round_changed).
        if (bet.status === 'pending')
          await postShared(wallet, {
            member,
            bet: record(bet, round.game_code, 'WITHDRAW', Number(bet.stake_minor), false),
          });
      } catch (error) {
        if (error instanceof AppError && error.code === 'insufficient_funds') {
          await sql`UPDATE house_round_bets SET status = 'refused', settled_at = now() WHERE id = ${bet.id}`.execute(
            db,
          );
          continue;
        }
        throw error;
      }
      const payout =
        bet.pick === color
          ? payoutMinorOf(Number(bet.stake_minor), doubleMultiplierE4(color, round.rtp_bps))
          : 0;
      await postShared(wallet, {
        member,
        bet: record(bet, round.game_code, 'DEPOSIT', payout, true),
      });
      await sql`UPDATE house_round_bets SET status = 'settled', payout_minor = ${payout}, settled_at = now()
        WHERE id = ${bet.id} AND status IN ('pending', 'placed')`.execute(db);
    }
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
    const mine = member
      ? (
          await sql<{ pick: string; stake_minor: string; payout_minor: string; status: string }>`
          SELECT pick, stake_minor, payout_minor, status FROM house_round_bets WHERE round_id = ${round.id} AND member_id = ${member.memberId}`.execute(
            db,
          )
        ).rows
      : [];
    return {
      serverTimeUtc: new Date(now()).toISOString(),
      commitment: chain.rows[0]!.commitment,
      salt: chain.rows[0]!.salt,
      round: {
        id: Number(round.id),
        chainIndex: round.chain_index,
        status: round.status === 'betting' ? ('betting' as const) : ('ended' as const),
        bettingEndsAtUtc: new Date(round.betting_ends_at).toISOString(),
        slot: round.result,
        gameHash: round.game_hash,
      },
      history: history.rows.map((h) => ({
        id: Number(h.id),
        slot: h.result,
        gameHash: h.game_hash,
        chainIndex: h.chain_index,
      })),
      myBets: mine.map((b) => ({
        pick: b.pick as DoubleColor,
        stakeMinor: Number(b.stake_minor),
        payoutMinor: Number(b.payout_minor),
        status: b.status,
      })),
    };
  }

  /** A bet on the open round: written while the countdown runs, then its stake through the ledger. */
  async function bet(
    member: MemberRef,
    input: { gameCode: string; amountMinor: number; pick: DoubleColor },
  ) {
    const round = await advance(input.gameCode);
    const cutoff = new Date(now() + CLOSE_MARGIN_MS);
    const { rows } = await sql<{
      id: string;
      merchant_code: string;
      member_id: string;
      currency: string;
      created_at: Date;
    }>`
      INSERT INTO house_round_bets (round_id, merchant_code, member_id, currency, stake_minor, pick, status)
      SELECT ${round.id}, ${member.merchantCode}, ${member.memberId}, ${member.currency}, ${input.amountMinor}, ${input.pick}, 'pending'
      WHERE EXISTS (SELECT 1 FROM house_rounds r WHERE r.id = ${round.id} AND r.status = 'betting'
                    AND r.betting_ends_at > ${cutoff} FOR SHARE)
      ON CONFLICT (round_id, member_id, pick) DO NOTHING
      RETURNING id, merchant_code, member_id, currency, created_at`.execute(db);
    const placed = rows[0];
    if (!placed) {
      const taken = await sql`SELECT 1 FROM house_round_bets WHERE round_id = ${round.id}
        AND member_id = ${member.memberId} AND pick = ${input.pick}`.execute(db);
      throw new AppError(
        round.status === 'betting' && taken.rows.length > 0
          ? 'house_already_bet'
          : 'house_round_over',
      );
    }
    try {
      const posted = await postShared(wallet, {
        member,
        bet: record(placed, input.gameCode, 'WITHDRAW', input.amountMinor, false),
      });
      await sql`UPDATE house_round_bets SET status = 'placed' WHERE id = ${placed.id} AND status = 'pending'`.execute(
        db,
      );
      publish({
        kind: 'bet',
        gameCode: input.gameCode,
        roundId: Number(round.id),
        betId: Number(placed.id),
        player: `***${String(member.memberId).slice(-3)}`,
        pick: input.pick,
        stakeMinor: input.amountMinor,
      });
      return { roundId: Number(round.id), balanceMinor: posted.balanceMinor };
    } catch (error) {
      if (error instanceof AppError && error.code === 'insufficient_funds')
        await sql`UPDATE house_round_bets SET status = 'refused', settled_at = now() WHERE id = ${placed.id}`.execute(
          db,
        );
      throw error;
    }
  }

  /** The recovery job's part: settles ended rounds an instance left half-settled (keyed, once). */
  async function recover(limit: number): Promise<number> {
    const rounds = await staleRounds<RoundRow>(db, 'double', new Date(now()), limit);
    for (const round of rounds) await settleRound(round);
    return rounds.length;
  }

  return { state, bet, advance, recover, DOUBLE_SLOTS };
}
export type Double = ReturnType<typeof createDouble>;
