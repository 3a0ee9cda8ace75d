import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  crashMsToReach,
  crashMultiplierAtE2,
  crashPointE2,
  type HmacSha256,
} from '@banca/contracts/fairness';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { BetRecord, MemberRef, WalletService } from '../wallet';

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
export const CRASH_CHAIN_LENGTH = 10_000;
const HISTORY = 20;
/** Players a state answer lists (the biggest stakes first). */
const PLAYERS_LISTED = 50;

const nodeHmac: HmacSha256 = (key, message) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());
const sha = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
function gameHashAt(terminal: string, length: number, index: number): string {
  let h = terminal;
  for (let i = length; i > index; i--) h = sha(h);
  return h;
}

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
  created_at: Date;
};

export function createCrash(deps: {
  db: Db;
  wallet: WalletService;
  game: (
    gameCode: string,
  ) => Promise<{ rtpBps: number; enabled: boolean; maxPayoutMinor: number } | null>;
  now?: () => number;
}) {
  const { db, wallet } = deps;
  const now = deps.now ?? Date.now;
  const crashAt = (r: RoundRow) => new Date(r.betting_ends_at).getTime() + crashMsToReach(r.result);

  async function chainOf(gameCode: string) {
    const found = await sql<{
      id: string;
      salt: string;
      commitment: string;
      length: number;
      terminal: string;
      played: number;
    }>`
      SELECT id, salt, commitment, length, terminal, played FROM house_chains
      WHERE game_code = ${gameCode} AND played < length ORDER BY id LIMIT 1`.execute(db);
    if (found.rows[0]) return found.rows[0];
    const terminal = randomBytes(32).toString('hex');
    await sql`INSERT INTO house_chains (game_code, salt, commitment, length, terminal)
      SELECT ${gameCode}, ${randomBytes(16).toString('hex')}, ${gameHashAt(terminal, CRASH_CHAIN_LENGTH, 0)}, ${CRASH_CHAIN_LENGTH}, ${terminal}
      WHERE NOT EXISTS (SELECT 1 FROM house_chains WHERE game_code = ${gameCode} AND played < length)`.execute(
      db,
    );
    return chainOf(gameCode);
  }

  async function latest(gameCode: string): Promise<RoundRow | null> {
    const { rows } =
      await sql<RoundRow>`SELECT * FROM house_rounds WHERE game_code = ${gameCode} ORDER BY id DESC LIMIT 1`.execute(
        db,
      );
    return rows[0] ?? null;
  }

  async function advance(gameCode: string): Promise<RoundRow> {
    const game = await deps.game(gameCode);
    if (!game) throw new AppError('house_game_not_found');
    for (let step = 0; step < 5; step++) {
      const round = await latest(gameCode);
      const at = now();
      if (round?.status === 'betting' && at >= new Date(round.betting_ends_at).getTime()) {
        await sql`UPDATE house_rounds SET status = 'running', started_at = betting_ends_at WHERE id = ${round.id} AND status = 'betting'`.execute(
          db,
        );
        continue;
      }
      if (round?.status === 'running' && at >= crashAt(round)) {
        await end(round);
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
        await open(gameCode, game.rtpBps);
        continue;
      }
      return round;
    }
    return (await latest(gameCode))!;
  }

  async function open(gameCode: string, rtpBps: number): Promise<void> {
    const chain = await chainOf(gameCode);
    const taken = await sql<{ played: number }>`
      UPDATE house_chains SET played = played + 1 WHERE id = ${chain.id} AND played = ${chain.played}
      AND NOT EXISTS (SELECT 1 FROM house_rounds WHERE game_code = ${gameCode} AND status IN ('betting', 'running'))
      RETURNING played`.execute(db);
    const index = taken.rows[0]?.played;
    if (index === undefined) return;
    const point = crashPointE2(
      gameHashAt(chain.terminal, chain.length, index),
      chain.salt,
      rtpBps,
      nodeHmac,
    );
    await sql`INSERT INTO house_rounds (game_code, chain_id, chain_index, rtp_bps, status, betting_ends_at, result)
      VALUES (${gameCode}, ${chain.id}, ${index}, ${rtpBps}, 'betting', ${new Date(now() + CRASH_BETTING_MS)}, ${point})`.execute(
      db,
    );
  }

  async function end(round: RoundRow): Promise<void> {
    const chain = await sql<{
      terminal: string;
      length: number;
    }>`SELECT terminal, length FROM house_chains WHERE id = ${round.chain_id}`.execute(db);
    const hash = gameHashAt(chain.rows[0]!.terminal, chain.rows[0]!.length, round.chain_index);
    const ended =
      await sql`UPDATE house_rounds SET status = 'ended', game_hash = ${hash}, ended_at = ${new Date(crashAt(round))}
      WHERE id = ${round.id} AND status = 'running' RETURNING id`.execute(db);
    if (ended.rows.length > 0) await settle({ ...round, status: 'ended', game_hash: hash });
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
    const posted = await wallet.bets.post({
      member: memberOf(bet),
      bet: record(bet, gameCode, 'DEPOSIT', Number(bet.payout_minor), true),
    });
    await sql`UPDATE house_round_bets SET status = 'settled', settled_at = now() WHERE id = ${bet.id} AND status = 'settling'`.execute(
      db,
    );
    return posted.balanceMinor;
  }

  /** A crashed round: automatic cash-outs at or under the point win their target, the rest 0. */
  async function settle(round: RoundRow): Promise<void> {
    const cap = (await deps.game(round.game_code))?.maxPayoutMinor ?? 0;
    const pending =
      await sql<BetRow>`SELECT * FROM house_round_bets WHERE round_id = ${round.id} AND status = 'pending'`.execute(
        db,
      );
    for (const bet of pending.rows) {
      try {
        await wallet.bets.post({
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
    await sql`UPDATE house_round_bets SET status = 'settling',
        cashout_e2 = CASE WHEN auto_cashout_e2 IS NOT NULL AND auto_cashout_e2 <= ${round.result} THEN auto_cashout_e2 END,
        payout_minor = CASE WHEN auto_cashout_e2 IS NOT NULL AND auto_cashout_e2 <= ${round.result}
                            THEN least(${cap}::bigint, (stake_minor * auto_cashout_e2) / 100) ELSE 0 END
      WHERE round_id = ${round.id} AND status = 'placed' AND cashout_e2 IS NULL`.execute(db);
    const settling =
      await sql<BetRow>`SELECT * FROM house_round_bets WHERE round_id = ${round.id} AND status = 'settling'`.execute(
        db,
      );
    for (const bet of settling.rows) await pay(bet, round.game_code);
  }

  async function bet(
    member: MemberRef,
    input: { gameCode: string; amountMinor: number; autoCashoutE2: number | null },
  ) {
    const round = await advance(input.gameCode);
    const { rows } = await sql<BetRow>`
      INSERT INTO house_round_bets (round_id, merchant_code, member_id, currency, stake_minor, auto_cashout_e2, status)
      SELECT ${round.id}, ${member.merchantCode}, ${member.memberId}, ${member.currency}, ${input.amountMinor}, ${input.autoCashoutE2}::int, 'pending'
      WHERE EXISTS (SELECT 1 FROM house_rounds r WHERE r.id = ${round.id} AND r.status = 'betting'
                    AND r.betting_ends_at > ${new Date(now() + CLOSE_MARGIN_MS)} FOR SHARE)
      ON CONFLICT (round_id, member_id, pick) DO NOTHING
      RETURNING *`.execute(db);
    const placed = rows[0];
    if (!placed) {
      const taken = await sql`SELECT 1 FROM house_round_bets WHERE round_id = ${round.id}
        AND member_id = ${member.memberId} AND pick = ''`.execute(db);
      throw new AppError(
        round.status === 'betting' && taken.rows.length > 0
          ? 'house_already_bet'
          : 'house_round_over',
      );
    }
    try {
      const posted = await wallet.bets.post({
        member,
        bet: record(placed, input.gameCode, 'WITHDRAW', input.amountMinor, false),
      });
      await sql`UPDATE house_round_bets SET status = 'placed' WHERE id = ${placed.id} AND status = 'pending'`.execute(
        db,
      );
      return { roundId: Number(round.id), balanceMinor: posted.balanceMinor };
    } catch (error) {
      if (error instanceof AppError && error.code === 'insufficient_funds')
        await sql`UPDATE house_round_bets SET status = 'refused', settled_at = now() WHERE id = ${placed.id}`.execute(
          db,
        );
      throw error;
    }
  }

  /** A cash-out now, by the server's clock: refused once the round has crashed or was cashed out. */
  async function cashout(member: MemberRef, input: { gameCode: string }) {
    const round = await advance(input.gameCode);
    const at = now();
    if (round.status !== 'running' || at >= crashAt(round)) throw new AppError('house_round_over');
    const elapsed = at - new Date(round.betting_ends_at).getTime();
    const cap = (await deps.game(input.gameCode))?.maxPayoutMinor ?? 0;
    const m = crashMultiplierAtE2(elapsed);
    // One statement claims the bet and fixes its payout: the round's settlement pays what it finds.
    const { rows } = await sql<BetRow>`
      UPDATE house_round_bets SET status = 'settling',
        cashout_e2 = CASE WHEN auto_cashout_e2 IS NOT NULL AND auto_cashout_e2 <= ${m} THEN auto_cashout_e2 ELSE ${m}::int END,
        payout_minor = least(${cap}::bigint, (stake_minor * CASE WHEN auto_cashout_e2 IS NOT NULL AND auto_cashout_e2 <= ${m}
                                                     THEN auto_cashout_e2 ELSE ${m}::int END) / 100)
      WHERE round_id = ${round.id} AND member_id = ${member.memberId} AND status = 'placed' AND cashout_e2 IS NULL
      RETURNING *`.execute(db);
    const bet = rows[0];
    if (!bet) throw new AppError('house_round_over');
    const payout = Number(bet.payout_minor);
    const balanceMinor = await pay(bet, input.gameCode);
    return { cashoutE2: bet.cashout_e2!, payoutMinor: payout, balanceMinor };
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
      },
      history: history.rows.map((h) => ({
        id: Number(h.id),
        pointE2: h.result,
        gameHash: h.game_hash,
        chainIndex: h.chain_index,
      })),
      players: players.rows.map((p) => ({
        // Masked like the winners board: only the last digits of the member's id.
        player: `***${String(p.member_id).slice(-3)}`,
        me: member !== null && Number(p.member_id) === member.memberId,
        stakeMinor: Number(p.stake_minor),
        cashoutE2: p.cashout_e2,
        payoutMinor: Number(p.payout_minor),
        autoCashoutE2:
          member !== null && Number(p.member_id) === member.memberId ? p.auto_cashout_e2 : null,
      })),
    };
  }

  return { state, bet, cashout };
}
