import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { HouseBet, HouseGame, SeedPair } from '@banca/contracts';
import {
  DICE_MAX_WINNING,
  DICE_MIN_WINNING,
  diceMultiplierE4,
  doubleMultiplierE4,
  diceWinningOutcomes,
  LIMBO_MIN_TARGET_E2,
  MINES_TILES,
  minesMultiplierE4,
  payoutMinorOf,
  personalOutcome,
  plinkoPaytableE2,
  type HmacSha256,
  type PersonalBet,
  type PlinkoRisk,
} from '@banca/contracts/fairness';
import { AppError } from '../../http/errors';
import { refreshingValue } from '../../lib/refreshing-value';
import type { BetRecord, MemberRef, WalletService } from '../wallet';
import type { BetWithSeed, HouseGameRow, HouseRepository, SeedRow } from './repository';
import type { BetRow } from './repository';
import type { Engine } from './tables';
import { createDouble } from './double';
import { createCrash } from './crash';
import { createHouseLive } from './live';
import type { Db } from '../../db/connect';
import type { RealtimeService } from '../realtime';

/** The house's vendor code: its rounds are bet records of vendor BGS, like any vendor's. */
export const HOUSE_VENDOR = 'BGS';
/** Game configuration changes only when an operator edits it; read it at most every 5 s. */
const GAMES_TTL_MS = 5_000;
/** Revealed seed pairs the seeds page lists. */
const REVEALED_SEEDS_LISTED = 20;
/** A bet still pending after this long is finished by the recovery job (its instance stopped). */
export const RECOVER_AFTER_MS = 60_000;
/** Bets one recovery run finishes. */
const RECOVER_BATCH = 100;

/** Node's HMAC: the same function as the pure one of @banca/contracts/fairness, faster. */
export const nodeHmac: HmacSha256 = (key, message) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());

export function newServerSeed(): { serverSeed: string; serverSeedHash: string } {
  const serverSeed = randomBytes(32).toString('hex');
  // The commitment: SHA-256 of the seed's text (what verifiers hash), never an HMAC key.
  return { serverSeed, serverSeedHash: createHash('sha256').update(serverSeed).digest('hex') };
}
export const newClientSeed = () => randomBytes(8).toString('hex');

export function toGame(row: HouseGameRow): HouseGame {
  return {
    gameCode: row.game_code,
    engine: row.engine,
    rtpBps: row.rtp_bps,
    minBetMinor: Number(row.min_bet_minor),
    maxBetMinor: Number(row.max_bet_minor),
    maxPayoutMinor: Number(row.max_payout_minor),
    maxRoundPayoutMinor: Number(row.max_round_payout_minor),
    enabled: row.enabled,
  };
}

function seedPair(row: SeedRow): SeedPair {
  return {
    id: Number(row.id),
    serverSeedHash: row.server_seed_hash,
    serverSeed: row.status === 'revealed' ? row.server_seed : null,
    clientSeed: row.client_seed,
    nonce: row.next_nonce,
    createdAt: row.created_at.toISOString(),
    revealedAt: row.revealed_at?.toISOString() ?? null,
  };
}

/** What a member sees of a bet: an open mines round keeps its layout hidden. */
export function toBet(
  row: BetWithSeed | (BetRow & { server_seed_hash: string; server_seed: null }),
): HouseBet {
  const outcome = { ...(row.outcome as Record<string, unknown>) };
  if (row.status === 'open' || row.status === 'pending') delete outcome.mineTiles;
  delete outcome.floats;
  return {
    id: Number(row.id),
    gameCode: row.game_code,
    engine: row.engine,
    currency: row.currency,
    stakeMinor: Number(row.stake_minor),
    payoutMinor: Number(row.payout_minor),
    multiplierE4: Number(row.multiplier_e4),
    status: row.status,
    rtpBps: row.rtp_bps,
    params: row.params as Record<string, unknown>,
    outcome,
    revealed: row.revealed,
    nonce: row.nonce,
    clientSeed: row.client_seed,
    serverSeedHash: row.server_seed_hash,
    serverSeed: row.server_seed,
    createdAt: row.created_at.toISOString(),
  };
}

export function createHouseService(deps: {
  db: Db;
  repo: HouseRepository;
  wallet: WalletService;
  /** The /ws topics the shared rounds are published on (docs/realtime.md "Topics"). */
  realtime?: Pick<RealtimeService, 'broadcast' | 'listenerCount'>;
  now?: () => number;
}) {
  const { repo, wallet } = deps;
  const now = deps.now ?? Date.now;
  const games = refreshingValue({
    load: () => repo.games(),
    maxAgeMs: GAMES_TTL_MS,
    refreshAfterMs: GAMES_TTL_MS / 2,
    now,
  });

  async function listGames(): Promise<HouseGame[]> {
    return (await games.get()).map(toGame);
  }

  async function gameOf(gameCode: string, engine: Engine): Promise<HouseGameRow> {
    const game = (await games.get()).find((g) => g.game_code === gameCode);
    if (!game || game.engine !== engine) throw new AppError('house_game_not_found');
    if (!game.enabled) throw new AppError('house_game_disabled');
    return game;
  }

  function checkStake(game: HouseGameRow, amountMinor: number): void {
    if (amountMinor < Number(game.min_bet_minor) || amountMinor > Number(game.max_bet_minor))
      throw new AppError('house_bet_out_of_range', {
        params: { minBet: Number(game.min_bet_minor), maxBet: Number(game.max_bet_minor) },
        data: { minBetMinor: Number(game.min_bet_minor), maxBetMinor: Number(game.max_bet_minor) },
      });
  }

  function checkMaxPayout(game: HouseGameRow, amountMinor: number, multiplierE4: number): void {
    if (payoutMinorOf(amountMinor, multiplierE4) > Number(game.max_payout_minor))
      throw new AppError('house_max_payout', {
        params: { maxPayout: Number(game.max_payout_minor) },
        data: { maxPayoutMinor: Number(game.max_payout_minor) },
      });
  }

  const activeSeed = (member: MemberRef) =>
    repo.activeSeed(member, () => ({ ...newServerSeed(), clientSeed: newClientSeed() }));

  /** repo.placeBet, making the member's first seed pair when there is none yet. */
  async function place(
    member: MemberRef,
    ...rest: Parameters<HouseRepository['placeBet']> extends [number, ...infer R] ? R : never
  ): Promise<BetWithSeed> {
    const placed = await repo.placeBet(member.memberId, ...rest);
    if (placed) return placed;
    await activeSeed(member);
    const again = await repo.placeBet(member.memberId, ...rest);
    if (!again) throw new AppError('bet_round_changed');
    return again;
  }

  async function seeds(member: MemberRef): Promise<{ active: SeedPair; revealed: SeedPair[] }> {
    const active = await activeSeed(member);
    const revealed = await repo.revealedSeeds(member.memberId, REVEALED_SEEDS_LISTED);
    return { active: seedPair(active), revealed: revealed.map(seedPair) };
  }

  /** A new pair (the member's client seed, or a random one): the old server seed is revealed. */
  async function rotateSeeds(member: MemberRef, clientSeed: string | undefined) {
    await activeSeed(member);
    const { revealed, active } = await repo.rotate(member.memberId, {
      ...newServerSeed(),
      clientSeed: clientSeed ?? newClientSeed(),
      merchantCode: member.merchantCode,
    });
    return { revealed: seedPair(revealed), active: seedPair(active) };
  }

  /** The bet record of a round's stake or payout (vendor BGS, round `H<betId>`). */
  function record(
    bet: BetRow,
    type: 'WITHDRAW' | 'DEPOSIT',
    amountMinor: number,
    gameOver: boolean,
  ): BetRecord {
    return {
      merchant: bet.merchant_code,
      member: bet.member_id,
      vendor: HOUSE_VENDOR,
      game: bet.game_code,
      round: `H${bet.id}`,
      currency: bet.currency,
      txId: `H${bet.id}:${type === 'WITHDRAW' ? 'bet' : 'win'}`,
      type,
      betRef: null,
      amount: amountMinor,
      txTime: bet.created_at.toISOString(),
      gameOver,
      cancels: null,
      tombstone: false,
    };
  }

  const memberOfBet = (bet: BetRow): MemberRef => ({
    memberId: bet.member_id,
    merchantCode: bet.merchant_code,
    currency: bet.currency,
  });

  /**
   * The stake through the ledger (once: the key is the bet's id). A refusal marks the bet
   * refused and nothing moved. Answers the main wallet's balance after it.
   */
  async function takeStake(bet: BetRow, gameOver: boolean): Promise<number> {
    try {
      const posted = await wallet.bets.post({
        member: memberOfBet(bet),
        bet: record(bet, 'WITHDRAW', Number(bet.stake_minor), gameOver),
      });
      return posted.balanceMinor;
    } catch (error) {
      if (error instanceof AppError && error.code === 'insufficient_funds')
        await repo.setStatus(Number(bet.id), 'refused');
      throw error;
    }
  }

  /** The payout (0 writes only the record) and the round's end; once per bet. */
  async function pay(bet: BetRow, payoutMinor: number, multiplierE4: number): Promise<number> {
    const posted = await wallet.bets.post({
      member: memberOfBet(bet),
      bet: record(bet, 'DEPOSIT', payoutMinor, true),
    });
    await repo.setStatus(Number(bet.id), 'settled', { payoutMinor, multiplierE4 });
    return posted.balanceMinor;
  }

  /**
   * One bet of an instant game: the nonce and the outcome (pending), the stake, the payout,
   * settled. A loss is one ledger call (its stake ends the round); a win two.
   */
  async function playInstant(
    member: MemberRef,
    game: HouseGameRow,
    amountMinor: number,
    bet: PersonalBet,
    params: Record<string, unknown>,
  ): Promise<HouseBet> {
    const placed = await place(
      member,
      {
        merchant_code: member.merchantCode,
        member_id: member.memberId,
        currency: member.currency,
        game_code: game.game_code,
        engine: bet.engine,
        rtp_bps: game.rtp_bps,
        params,
        stake_minor: amountMinor,
      },
      (s) => {
        const outcome = personalOutcome(
          { serverSeed: s.server_seed, clientSeed: s.client_seed, nonce: s.nonce },
          bet,
          game.rtp_bps,
          nodeHmac,
        ) as Record<string, unknown> & { multiplierE4: number };
        const payoutMinor = Math.min(
          payoutMinorOf(amountMinor, outcome.multiplierE4),
          Number(game.max_payout_minor),
        );
        return { outcome, multiplierE4: outcome.multiplierE4, payoutMinor, status: 'pending' };
      },
      false,
    );
    const payoutMinor = Number(placed.payout_minor);
    let balanceMinor = await takeStake(placed, payoutMinor === 0);
    if (payoutMinor > 0)
      balanceMinor = await pay(placed, payoutMinor, Number(placed.multiplier_e4));
    else await repo.setStatus(Number(placed.id), 'settled');
    return {
      ...toBet({ ...placed, status: 'settled' }),
      balanceMinor,
    };
  }

  async function dice(
    member: MemberRef,
    input: { gameCode: string; amountMinor: number; targetE2: number; over: boolean },
  ): Promise<HouseBet> {
    const game = await gameOf(input.gameCode, 'dice');
    checkStake(game, input.amountMinor);
    const winning = diceWinningOutcomes(input.targetE2, input.over);
    if (winning < DICE_MIN_WINNING || winning > DICE_MAX_WINNING)
      throw new AppError('house_target_out_of_range');
    checkMaxPayout(game, input.amountMinor, diceMultiplierE4(winning, game.rtp_bps));
    return playInstant(
      member,
      game,
      input.amountMinor,
      { engine: 'dice', targetE2: input.targetE2, over: input.over },
      { targetE2: input.targetE2, over: input.over },
    );
  }

  async function limbo(
    member: MemberRef,
    input: { gameCode: string; amountMinor: number; targetE2: number },
  ): Promise<HouseBet> {
    const game = await gameOf(input.gameCode, 'limbo');
    checkStake(game, input.amountMinor);
    if (input.targetE2 < LIMBO_MIN_TARGET_E2) throw new AppError('house_target_out_of_range');
    checkMaxPayout(game, input.amountMinor, input.targetE2 * 100);
    return playInstant(
      member,
      game,
      input.amountMinor,
      { engine: 'limbo', targetE2: input.targetE2 },
      { targetE2: input.targetE2 },
    );
  }

  async function plinko(
    member: MemberRef,
    input: { gameCode: string; amountMinor: number; rows: number; risk: PlinkoRisk },
  ): Promise<HouseBet> {
    const game = await gameOf(input.gameCode, 'plinko');
    checkStake(game, input.amountMinor);
    const table = plinkoPaytableE2(input.risk, input.rows, game.rtp_bps);
    checkMaxPayout(game, input.amountMinor, Math.max(...table) * 100);
    return playInstant(
      member,
      game,
      input.amountMinor,
      { engine: 'plinko', rows: input.rows, risk: input.risk },
      { rows: input.rows, risk: input.risk },
    );
  }

  /** A mines round: the layout fixed now by the seeds, the stake taken; tiles open one by one. */
  async function startMines(
    member: MemberRef,
    input: { gameCode: string; amountMinor: number; mines: number },
  ): Promise<HouseBet> {
    const game = await gameOf(input.gameCode, 'mines');
    checkStake(game, input.amountMinor);
    const placed = await place(
      member,
      {
        merchant_code: member.merchantCode,
        member_id: member.memberId,
        currency: member.currency,
        game_code: game.game_code,
        engine: 'mines',
        rtp_bps: game.rtp_bps,
        params: { mines: input.mines },
        stake_minor: input.amountMinor,
      },
      (s) => ({
        outcome: personalOutcome(
          { serverSeed: s.server_seed, clientSeed: s.client_seed, nonce: s.nonce },
          { engine: 'mines', mines: input.mines },
          game.rtp_bps,
          nodeHmac,
        ),
        multiplierE4: 0,
        payoutMinor: 0,
        status: 'pending',
      }),
      true,
    );
    const balanceMinor = await takeStake(placed, false);
    await repo.setStatus(Number(placed.id), 'open');
    return { ...toBet({ ...placed, status: 'open' }), balanceMinor };
  }

  async function activeMines(member: MemberRef, gameCode: string): Promise<HouseBet | null> {
    const open = await repo.openMinesBet(member.memberId, gameCode);
    if (!open) return null;
    const full = await repo.bet(member.memberId, Number(open.id));
    return full ? toBet(full) : null;
  }

  function minesOf(bet: BetRow) {
    const mines = Number((bet.params as { mines: number }).mines);
    const tiles = (bet.outcome as { mineTiles: number[] }).mineTiles;
    return { mines, tiles };
  }

  /** Capped at the game's max payout (a cash-out pays at most that). */
  async function maxPayoutOf(gameCode: string): Promise<number> {
    const game = (await games.get()).find((g) => g.game_code === gameCode);
    return Number(game?.max_payout_minor ?? 0);
  }

  /** Opens a tile: a mine ends the round (payout 0); the last safe tile cashes out by itself. */
  async function revealMines(
    member: MemberRef,
    input: { betId: number; tile: number },
  ): Promise<HouseBet> {
    const cap = await maxPayoutOfBet(member, input.betId);
    const changed = await repo.changeOpenBet(member.memberId, input.betId, (bet) => {
      if (bet.revealed.includes(input.tile)) throw new AppError('house_tile_opened');
      const { mines, tiles } = minesOf(bet);
      const revealed = [...bet.revealed, input.tile];
      if (tiles.includes(input.tile))
        return { revealed, status: 'settling', multiplierE4: 0, payoutMinor: 0 };
      const multiplierE4 = minesMultiplierE4(mines, revealed.length, bet.rtp_bps);
      const done = revealed.length === MINES_TILES - mines;
      return {
        revealed,
        status: done ? 'settling' : 'open',
        multiplierE4,
        payoutMinor: done ? Math.min(payoutMinorOf(Number(bet.stake_minor), multiplierE4), cap) : 0,
      };
    });
    return finishIfSettling(member, changed);
  }

  async function maxPayoutOfBet(member: MemberRef, betId: number): Promise<number> {
    const bet = await repo.bet(member.memberId, betId);
    if (!bet) throw new AppError('house_round_not_found');
    return maxPayoutOf(bet.game_code);
  }

  async function cashoutMines(member: MemberRef, input: { betId: number }): Promise<HouseBet> {
    const cap = await maxPayoutOfBet(member, input.betId);
    const changed = await repo.changeOpenBet(member.memberId, input.betId, (bet) => {
      if (bet.revealed.length === 0) throw new AppError('house_nothing_revealed');
      const { mines } = minesOf(bet);
      const multiplierE4 = minesMultiplierE4(mines, bet.revealed.length, bet.rtp_bps);
      return {
        revealed: bet.revealed,
        status: 'settling',
        multiplierE4,
        payoutMinor: Math.min(payoutMinorOf(Number(bet.stake_minor), multiplierE4), cap),
      };
    });
    return finishIfSettling(member, changed);
  }

  async function finishIfSettling(member: MemberRef, bet: BetRow): Promise<HouseBet> {
    let balanceMinor: number | undefined;
    if (bet.status === 'settling')
      balanceMinor = await pay(bet, Number(bet.payout_minor), Number(bet.multiplier_e4));
    const full = await repo.bet(member.memberId, Number(bet.id));
    return { ...toBet(full!), ...(balanceMinor === undefined ? {} : { balanceMinor }) };
  }

  async function bets(
    member: MemberRef,
    input: { gameCode?: string | undefined; pageNo: number; pageSize: number },
  ) {
    const rows = await repo.memberBets({
      memberId: member.memberId,
      gameCode: input.gameCode,
      limit: input.pageSize + 1,
      offset: (input.pageNo - 1) * input.pageSize,
    });
    return {
      list: rows.slice(0, input.pageSize).map(toBet),
      pageNo: input.pageNo,
      pageSize: input.pageSize,
      hasMore: rows.length > input.pageSize,
    };
  }

  async function bet(member: MemberRef, id: number): Promise<HouseBet> {
    const row = await repo.bet(member.memberId, id);
    if (!row || row.status === 'refused') throw new AppError('house_round_not_found');
    return toBet(row);
  }

  /**
   * Finishes bets an instance left half-done (it stopped between the bet's row and its ledger
   * calls): the stake is posted again with its key (applied once: a replay if it had landed),
   * then the payout, also keyed. A stake the ledger refuses now marks the bet refused.
   */
  async function recover(): Promise<number> {
    const stale = await repo.unfinished(new Date(now() - RECOVER_AFTER_MS), RECOVER_BATCH);
    let finished = 0;
    for (const bet of stale) {
      try {
        const payout = Number(bet.payout_minor);
        if (bet.status === 'pending') {
          const instant = bet.engine !== 'mines';
          await takeStake(bet, instant && payout === 0);
          if (!instant) await repo.setStatus(Number(bet.id), 'open');
          else if (payout > 0) await pay(bet, payout, Number(bet.multiplier_e4));
          else await repo.setStatus(Number(bet.id), 'settled');
        } else await pay(bet, payout, Number(bet.multiplier_e4));
        finished += 1;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    // Shared rounds (crash, double) left half-settled: settled again, every post keyed.
    finished += await crash.recover(RECOVER_BATCH);
    finished += await double.recover(RECOVER_BATCH);
    return finished;
  }

  /**
   * An operator's change of a game (kill switch, limits), checked whole before it is written:
   * minimum bet ≤ maximum bet ≤ maximum payout. Null when no game has the code.
   */
  async function updateGame(
    gameCode: string,
    change: Parameters<HouseRepository['updateGame']>[1],
  ): ReturnType<HouseRepository['updateGame']> {
    const current = (await repo.games()).find((g) => g.game_code === gameCode);
    if (!current) return null;
    const min = Number(change.min_bet_minor ?? current.min_bet_minor);
    const max = Number(change.max_bet_minor ?? current.max_bet_minor);
    const cap = Number(change.max_payout_minor ?? current.max_payout_minor);
    const round = Number(change.max_round_payout_minor ?? current.max_round_payout_minor);
    if (!(min <= max && max <= cap && cap <= round)) throw new AppError('house_limits_invalid');
    const result = await repo.updateGame(gameCode, change);
    games.invalidate();
    return result;
  }

  /** A broadcast that fails (the transport down) costs the watchers a frame, never the round. */
  const announce = (send: Promise<void> | undefined) =>
    void send?.catch((error: unknown) => console.error('[house] broadcast failed', error));

  /** Double's shared rounds (double.ts), with the game's configuration and limits. */
  const double = createDouble({
    db: deps.db,
    wallet,
    now,
    publish: (event) => announce(deps.realtime?.broadcast('house.double', event)),
    game: async (gameCode) => {
      const game = (await games.get()).find((g) => g.game_code === gameCode);
      if (!game || game.engine !== 'double') return null;
      return {
        rtpBps: game.rtp_bps,
        enabled: game.enabled,
        maxPayoutMinor: Number(game.max_payout_minor),
      };
    },
  });

  const crash = createCrash({
    db: deps.db,
    wallet,
    now,
    publish: (event) => announce(deps.realtime?.broadcast('house.crash', event)),
    game: async (gameCode) => {
      const game = (await games.get()).find((g) => g.game_code === gameCode);
      if (!game || game.engine !== 'crash') return null;
      return {
        rtpBps: game.rtp_bps,
        enabled: game.enabled,
        maxPayoutMinor: Number(game.max_payout_minor),
        maxRoundPayoutMinor: Number(game.max_round_payout_minor),
      };
    },
  });

  /** Drives the rounds of the games being watched and publishes them (house/live.ts). */
  const live = createHouseLive({
    now,
    followers: (engine) =>
      deps.realtime?.listenerCount(engine === 'crash' ? 'house.crash' : 'house.double') ?? 0,
    tick: async (engine, gameCode) => {
      if (engine === 'crash') await crash.tick(gameCode);
      else await double.advance(gameCode);
    },
  });

  async function crashBet(
    member: MemberRef,
    input: { gameCode: string; amountMinor: number; autoCashoutE2: number | null },
  ) {
    const game = await gameOf(input.gameCode, 'crash');
    live.watch('crash', input.gameCode);
    checkStake(game, input.amountMinor);
    return crash.bet(member, input);
  }

  async function crashState(gameCode: string, member: MemberRef | null) {
    const game = (await games.get()).find((g) => g.game_code === gameCode);
    if (!game || game.engine !== 'crash') throw new AppError('house_game_not_found');
    live.watch('crash', gameCode);
    return crash.state(gameCode, member);
  }

  async function doubleBet(
    member: MemberRef,
    input: { gameCode: string; amountMinor: number; pick: 'red' | 'black' | 'white' },
  ) {
    const game = await gameOf(input.gameCode, 'double');
    live.watch('double', input.gameCode);
    checkStake(game, input.amountMinor);
    checkMaxPayout(game, input.amountMinor, doubleMultiplierE4(input.pick, game.rtp_bps));
    return double.bet(member, input);
  }

  async function doubleState(gameCode: string, member: MemberRef | null) {
    const game = (await games.get()).find((g) => g.game_code === gameCode);
    if (!game || game.engine !== 'double') throw new AppError('house_game_not_found');
    live.watch('double', gameCode);
    return double.state(gameCode, member);
  }

  /** Chains listed by GET /wps/house/chains. */
  const CHAINS_LISTED = 50;
  async function chains() {
    return (await repo.chains(CHAINS_LISTED)).map((c) => ({
      gameCode: c.game_code,
      engine: c.engine,
      commitment: c.commitment,
      salt: c.salt,
      length: c.length,
      played: c.played,
    }));
  }

  return {
    chains,
    crashBet,
    crashState,
    crashCashout: (member: MemberRef, input: { gameCode: string }) => {
      live.watch('crash', input.gameCode);
      return crash.cashout(member, input);
    },
    /** Stops the shared games' clock and crash's gathered frames (the app is closing). */
    stopLive: async () => {
      await live.stop();
      crash.stop();
    },
    doubleBet,
    doubleState,
    listGames,
    seeds,
    rotateSeeds,
    dice,
    limbo,
    plinko,
    startMines,
    activeMines,
    revealMines,
    cashoutMines,
    bets,
    bet,
    recover,
    profitByGame: repo.profitByGame,
    updateGame,
  };
}
export type HouseService = ReturnType<typeof createHouseService>;
