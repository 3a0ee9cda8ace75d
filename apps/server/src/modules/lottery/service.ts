import { createHash, randomBytes } from 'node:crypto';
import {
  LOTTERY_CLOSED_DAYS_AHEAD as CLOSED_DAYS_AHEAD,
  type LotteryDraw,
  type LotteryGame,
  type LotterySlip,
} from '@banca/contracts/lottery';
import {
  isLotteryBetType,
  isVnLotteryKind,
  LOTTERY_BET_TYPES,
  lotteryClientSeed,
  lotteryDraw,
  lotteryOddsE4,
  lotterySelections,
  lotteryWinningSelections,
  numbersOfSheet,
  sheetDifferences,
  vnLineHits,
  vnOddsDiv,
  vnOddsTiers,
  vnRtpBps,
  vnSelectionValid,
  type LotteryKind,
  type LotteryPrizeMode,
  type VnLotteryKind,
} from '@banca/contracts/lottery-rules';
import type { Db } from '../../db/connect';
import { AppError } from '../../http/errors';
import { scheduleTask } from '../../lib/jobs';
import { createDevelopmentFeed, feedSheetValid, type LotteryResultsFeed } from './feed';
import type { RealtimeService } from '../realtime';
import type { BetRecord, MemberRef, WalletService } from '../wallet';
import type {
  BetTypeRow,
  ClosedDayRow,
  DrawRow,
  GameRow,
  LineRow,
  LotteryRepository,
  NewDraw,
  NewLine,
  SlipRow,
} from './repository';
import type { DrawStatus, ResultsSource } from './tables';

/**
 * The lottery's vendor code on bet records (round `D<drawId>`, one per member and draw; docs/lottery.md
 * "Bet rounds"): the catalogue lists it too.
 */
export const LOTTERY_VENDOR = 'BLT';
/** The task that draws one draw at its time (the jobs runner: once per key, any instance). */
export const DRAW_TASK = 'lottery.draw';
/** Slips per settlement chunk (one ledger call for their rounds, one statement marking them). */
const SETTLE_CHUNK = 2_000;
/** Chunks settled side by side (one database connection each): the machine's cores. */
const SETTLE_LANES = 2;
/** A drawn draw still unsettled after this long is settled again by the backstop (keyed, once). */
const STALE_DRAW_MS = 60_000;
/** Draws kept open ahead of the clock per game: the one taking bets and the next. */
const DRAWS_AHEAD = 2;
const RESULTS_SHOWN = 10;
const FREQUENCY_DRAWS = 100;
/** America/Sao_Paulo (no daylight saving since 2019): draw numbers follow the brand's day. */
const BRAND_OFFSET_MS = -3 * 3_600_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const num = (v: unknown) => Number(v);
const reais = (minor: number) => (minor / 100).toFixed(2);

export function toGame(row: GameRow): LotteryGame {
  return {
    gameCode: row.game_code,
    kind: row.kind,
    prizeMode: row.prize_mode,
    nameEn: row.name_en,
    namePt: row.name_pt,
    intervalSeconds: row.interval_seconds,
    closeSeconds: row.close_seconds,
    minStakeMinor: num(row.min_stake_minor),
    maxStakeMinor: num(row.max_stake_minor),
    maxPayoutPerNumberMinor: num(row.max_payout_per_number_minor),
    enabled: row.enabled,
    resultsSource: row.results_source,
    drawTime: row.draw_time,
    timeZone: row.time_zone,
    drawWeekdays: row.draw_weekdays ? row.draw_weekdays.map(num) : null,
    region: row.region,
  };
}

function toDraw(row: DrawRow): LotteryDraw {
  const revealed = row.status === 'drawn' || row.status === 'settled';
  return {
    drawId: num(row.id),
    gameCode: row.game_code,
    drawNo: row.draw_no,
    status: row.status,
    closeAtUtc: new Date(row.close_at).toISOString(),
    drawAtUtc: new Date(row.draw_at).toISOString(),
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    serverSeed: (revealed || row.status === 'void') && row.server_seed ? row.server_seed : null,
    numbers: revealed ? (row.numbers ?? []).map(num) : null,
  };
}

/**
 * A zone's offset from UTC at an instant, in ms (Asia/Ho_Chi_Minh +7 h): the wall clock there
 * read back as if it were UTC, minus the instant.
 */
export function zoneOffsetMs(timeZone: string, atMs: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(atMs));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(atMs / 1000) * 1000;
}

/**
 * Draw weekdays a game may have: null (every day), or 1–7 ISO weekdays each once, on a game with
 * a local draw time drawing once a day (a weekday of a faster grid means nothing here).
 */
function weekdaysValid(game: GameRow): boolean {
  const days = game.draw_weekdays;
  if (days === null) return true;
  return (
    game.draw_time !== null &&
    game.interval_seconds === 86_400 &&
    days.length >= 1 &&
    days.every((d) => Number.isInteger(d) && d >= 1 && d <= 7) &&
    new Set(days).size === days.length
  );
}

export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The first draw time after `atMs` of a game: on the epoch's grid of its interval, or, with a
 * local draw time (VN 18:15 in Asia/Ho_Chi_Minh), on the grid through that time of its zone.
 */
function nextDrawAt(game: GameRow, atMs: number): number {
  const interval = game.interval_seconds * 1000;
  if (!game.draw_time) return (Math.floor(atMs / interval) + 1) * interval;
  const [h, m] = game.draw_time.split(':').map(Number) as [number, number];
  const anchor = (h * 3600 + m * 60) * 1000 - zoneOffsetMs(game.time_zone, atMs);
  return (Math.floor((atMs - anchor) / interval) + 1) * interval + anchor;
}

/** The ISO weekday (1 Monday … 7 Sunday) of an instant in a zone. */
export function isoWeekdayIn(timeZone: string, atMs: number): number {
  return new Date(atMs + zoneOffsetMs(timeZone, atMs)).getUTCDay() || 7;
}

/** An instant's local date in a zone, `YYYY-MM-DD` (the day a closed day names). */
export function localDateIn(timeZone: string, atMs: number): string {
  return new Date(atMs + zoneOffsetMs(timeZone, atMs)).toISOString().slice(0, 10);
}

/** A bet round being settled: its member's placed slips of the draw (one, for a draw before 0054). */
type SettlingRound = {
  roundId: string;
  memberId: number;
  slips: Array<SlipRow & { payout: number }>;
  payout: number;
};

/**
 * Days the lottery companies do not draw (0052, docs/lottery.md "Closed days"): closed for every
 * game with a local draw time (`all`), or for one game (`byGame`), as local dates.
 */
export type ClosedDays = {
  all: ReadonlySet<string>;
  byGame: ReadonlyMap<string, ReadonlySet<string>>;
};
export const NO_CLOSED_DAYS: ClosedDays = { all: new Set(), byGame: new Map() };

/** The closed days' rows as the scheduler reads them (a null game: every game). */
export function closedDaysOf(rows: Array<{ day: string; game_code: string | null }>): ClosedDays {
  const all = new Set<string>();
  const byGame = new Map<string, Set<string>>();
  for (const row of rows) {
    if (row.game_code === null) all.add(row.day);
    else byGame.set(row.game_code, (byGame.get(row.game_code) ?? new Set()).add(row.day));
  }
  return { all, byGame };
}

/**
 * A game's next `count` draw times after `atMs`: its grid (nextDrawAt), skipping the instants
 * whose weekday in the game's zone is not one of its `draw_weekdays` (4D Wed/Sat/Sun, a
 * province on its day) and, for a game with a local draw time, those whose local date is
 * closed for it or for all (`closed`; e-lottery games never close). A week of the grid is
 * looked at for each draw wanted and for each closed day that could apply, at most.
 */
export function nextDrawTimes(
  game: GameRow,
  atMs: number,
  count: number,
  closed: ClosedDays = NO_CLOSED_DAYS,
): number[] {
  const interval = game.interval_seconds * 1000;
  const days = game.draw_weekdays?.map(Number) ?? null;
  const own = closed.byGame.get(game.game_code);
  const shut = game.draw_time ? [closed.all, ...(own ? [own] : [])].filter((s) => s.size > 0) : [];
  const out: number[] = [];
  const perWeek = Math.ceil((7 * 86_400_000) / interval);
  // Each closed day can cost a week of the grid (a weekly province's one day), so this many
  // slots always hold `count` draws when there are that many.
  const slots = perWeek * (count + shut.reduce((n, set) => n + set.size, 0));
  let at = nextDrawAt(game, atMs);
  for (let i = 0; out.length < count && i < slots; i++, at += interval) {
    if (days && !days.includes(isoWeekdayIn(game.time_zone, at))) continue;
    if (shut.length > 0) {
      const day = localDateIn(game.time_zone, at);
      if (shut.some((set) => set.has(day))) continue;
    }
    out.push(at);
  }
  return out;
}

/** The draw's number: the brand's date and the slot of the day (`20261124-0631`). */
function drawNoOf(drawAtMs: number, intervalSeconds: number): string {
  const local = drawAtMs + BRAND_OFFSET_MS;
  const day = new Date(local).toISOString().slice(0, 10).replaceAll('-', '');
  const intoDay = local - Math.floor(local / 86_400_000) * 86_400_000;
  const slot =
    Math.ceil(intoDay / (intervalSeconds * 1000)) || Math.round(86_400 / intervalSeconds);
  return `${day}-${String(slot).padStart(4, '0')}`;
}

/**
 * A VN/SEA draw's number: the date of its zone (`20261124`), with the local time when the game
 * draws more than once a day (`20261124-1815`).
 */
function localDrawNoOf(drawAtMs: number, game: GameRow): string {
  const local = new Date(drawAtMs + zoneOffsetMs(game.time_zone, drawAtMs)).toISOString();
  const day = local.slice(0, 10).replaceAll('-', '');
  return game.interval_seconds >= 86_400 ? day : `${day}-${local.slice(11, 16).replace(':', '')}`;
}

export function createLotteryService(deps: {
  db: Db;
  repo: LotteryRepository;
  wallet: WalletService;
  realtime?: Pick<RealtimeService, 'broadcast'>;
  now?: () => number;
  /** The VN/SEA results feed (default: the development adapter, feed.ts). */
  feed?: LotteryResultsFeed;
}) {
  const { db, repo, wallet } = deps;
  const now = deps.now ?? Date.now;
  const feed = deps.feed ?? createDevelopmentFeed();

  function publish(event: Parameters<RealtimeService['broadcast']>[1] & { kind: string }) {
    // A lost broadcast costs a page a refetch, never money: the pages re-read on their clock too.
    deps.realtime
      ?.broadcast('lottery', event as never)
      .catch((error: unknown) => console.error('[lottery] broadcast failed', error));
  }

  async function gameOf(gameCode: string): Promise<GameRow> {
    const game = (await repo.games()).find((g) => g.game_code === gameCode);
    if (!game) throw new AppError('lottery_game_not_found');
    return game;
  }

  function betTypesOf(game: GameRow, rows: BetTypeRow[]) {
    return LOTTERY_BET_TYPES[game.kind].map((betType: string) => {
      const row = rows.find((r) => r.game_code === game.game_code && r.bet_type === betType);
      const rtpBps = row?.rtp_bps ?? 0;
      if (isVnLotteryKind(game.kind)) {
        // An operator's table: every number of a bet type pays the same, so no list per number.
        const tiers = (row?.odds_tiers_e4 ?? []).map(num);
        return {
          betType,
          rtpBps,
          enabled: row?.enabled ?? false,
          odds: [],
          oddsTiersE4: tiers,
          oddsTiers: vnOddsTiers(game.kind, betType),
          oddsDiv: vnOddsDiv(game.kind, betType),
        };
      }
      return {
        betType,
        rtpBps,
        enabled: row?.enabled ?? false,
        odds: lotterySelections(game.kind, betType).map((selection) => ({
          selection,
          oddsE4: lotteryOddsE4(game.kind, betType, selection, rtpBps),
        })),
      };
    });
  }

  /** The day the closed days are read from: yesterday in UTC covers every zone's today. */
  const closedFrom = (at: number) => new Date(at - 86_400_000).toISOString().slice(0, 10);
  async function readClosedDays(): Promise<ClosedDays> {
    return closedDaysOf(await repo.closedDays(closedFrom(now())));
  }

  /**
   * Keeps the game's next draws open (each with a fresh server seed whose hash is published at
   * once) and schedules each one's draw task at its time, in the transaction that opens it. Two
   * instances opening the same slot write one row (unique game + time); the loser writes nothing.
   * `known`: what the caller read already — the game's latest draw time (the menu's batch), the
   * closed days (read once a pass); `reopen`: a day no longer closed, whose draws open even
   * behind the latest one (the scheduler skipped them while the day was closed).
   */
  async function openDraws(
    game: GameRow,
    known: { latest?: Date | null; closed?: ClosedDays; reopen?: string } = {},
  ): Promise<{ wanted: number; opened: DrawRow[] }> {
    if (!game.enabled) return { wanted: 0, opened: [] };
    const at = now();
    const latest = 'latest' in known ? known.latest : await repo.latestDrawAt(game.game_code);
    // E-lottery games never close: their draws need no closed days.
    const closed = !game.draw_time ? NO_CLOSED_DAYS : (known.closed ?? (await readClosedDays()));
    const seeded = game.results_source === 'seed';
    const wanted: NewDraw[] = [];
    for (const drawAt of nextDrawTimes(game, at, DRAWS_AHEAD, closed)) {
      const reopened =
        known.reopen !== undefined &&
        localDateIn(game.time_zone, drawAt) === known.reopen &&
        drawAt - game.close_seconds * 1000 > at;
      if (latest && latest.getTime() >= drawAt && !reopened) continue;
      const drawNo = game.draw_time
        ? localDrawNoOf(drawAt, game)
        : drawNoOf(drawAt, game.interval_seconds);
      // VN/SEA results are a published sheet, not a seed: no commitment to make.
      const serverSeed = seeded ? randomBytes(32).toString('hex') : '';
      wanted.push({
        game_code: game.game_code,
        draw_no: drawNo,
        close_at: new Date(drawAt - game.close_seconds * 1000),
        draw_at: new Date(drawAt),
        server_seed: serverSeed,
        server_seed_hash: seeded ? sha256(serverSeed) : '',
        client_seed: lotteryClientSeed(game.game_code, drawNo),
      });
    }
    if (wanted.length === 0) return { wanted: 0, opened: [] };
    const opened = await db.transaction().execute(async (trx) => {
      let draws = wanted;
      if (game.draw_time) {
        // Checked again under the closed days' lock: a day closed since `closed` was read is
        // skipped here, or its void (after the day is written) finds the draw.
        const dayOf = (d: NewDraw) => localDateIn(game.time_zone, d.draw_at.getTime());
        const shut = await repo.closedAmong(trx, game.game_code, [...new Set(wanted.map(dayOf))]);
        draws = wanted.filter((d) => !shut.has(dayOf(d)));
      }
      const rows = await repo.insertDraws(trx, draws);
      for (const row of rows)
        await scheduleTask(trx, DRAW_TASK, {
          key: `draw:${row.id}`,
          runAt: new Date(row.draw_at),
          payload: { drawId: num(row.id) },
        });
      return rows;
    });
    for (const row of opened)
      publish({
        kind: 'draw',
        gameCode: row.game_code,
        drawId: num(row.id),
        drawNo: row.draw_no,
        closeAtUtc: new Date(row.close_at).toISOString(),
        drawAtUtc: new Date(row.draw_at).toISOString(),
        serverSeedHash: row.server_seed_hash,
        serverTimeUtc: new Date(now()).toISOString(),
      });
    return { wanted: wanted.length, opened };
  }

  /** openDraws, answering whether the game wanted draws (the menu then reads its draws again). */
  async function ensureDraws(
    game: GameRow,
    known?: { latest?: Date | null; closed?: ClosedDays },
  ): Promise<boolean> {
    return (await openDraws(game, known)).wanted > 0;
  }

  /** Every game's next draws; the closed days read once for the pass. */
  async function ensureAll(): Promise<void> {
    const games = await repo.games();
    const closed = games.some((g) => g.draw_time) ? await readClosedDays() : NO_CLOSED_DAYS;
    for (const game of games) await ensureDraws(game, { closed });
  }

  /**
   * A slip's bet round (migration 0054): its member's round of the draw, `D<drawId>`, so that a
   * draw settles one round per member however many slips each bought; a draw opened before 0054
   * keeps one round per slip, `L<slipId>`.
   */
  function roundOf(slip: SlipRow, draw: Pick<DrawRow, 'rounds'>): string {
    return draw.rounds === 'member' ? `D${slip.draw_id}` : `L${slip.id}`;
  }

  /** A slip's stake (WITHDRAW `L<slipId>:bet`) or its refund (CANCEL `L<slipId>:void`). */
  function slipBet(
    slip: SlipRow,
    draw: Pick<DrawRow, 'rounds'>,
    type: 'WITHDRAW' | 'CANCEL',
    txSuffix: 'bet' | 'void',
  ): BetRecord {
    return {
      merchant: slip.merchant_code,
      member: num(slip.member_id),
      vendor: LOTTERY_VENDOR,
      game: slip.game_code,
      round: roundOf(slip, draw),
      currency: slip.currency,
      txId: `L${slip.id}:${txSuffix}`,
      type,
      betRef: null,
      amount: num(slip.stake_minor),
      txTime: new Date(slip.created_at).toISOString(),
      // A refund leaves the round open until its last stake is back (the round is then
      // cancelled): a member's other slips of the draw are in the same round.
      gameOver: false,
      cancels: null,
      tombstone: false,
    };
  }

  /**
   * The DEPOSIT that settles a round: the payouts of its slips together (nothing paid: the round
   * is settled with payout 0 and no record). Keyed by the round: `D<drawId>:<memberId>:win`, or
   * `L<slipId>:win` for a round of one slip.
   */
  function roundWin(round: SettlingRound, draw: Pick<DrawRow, 'rounds' | 'draw_at'>): BetRecord {
    const first = round.slips[0]!;
    const memberRound = draw.rounds === 'member';
    return {
      merchant: first.merchant_code,
      member: num(first.member_id),
      vendor: LOTTERY_VENDOR,
      game: first.game_code,
      round: round.roundId,
      currency: first.currency,
      txId: memberRound ? `${round.roundId}:${first.member_id}:win` : `L${first.id}:win`,
      type: 'DEPOSIT',
      betRef: null,
      amount: round.payout,
      txTime: new Date(memberRound ? draw.draw_at : first.created_at).toISOString(),
      gameOver: true,
      cancels: null,
      tombstone: false,
    };
  }

  /** The placed slips, in member order, as the rounds they settle (their payouts summed). */
  function settlingRounds(
    slips: Array<SlipRow & { payout: number }>,
    draw: Pick<DrawRow, 'rounds'>,
  ): SettlingRound[] {
    const rounds: SettlingRound[] = [];
    for (const slip of slips) {
      const roundId = roundOf(slip, draw);
      const last = rounds.at(-1);
      if (last && last.roundId === roundId && last.memberId === num(slip.member_id)) {
        last.slips.push(slip);
        last.payout += slip.payout;
      } else
        rounds.push({
          roundId,
          memberId: num(slip.member_id),
          slips: [slip],
          payout: slip.payout,
        });
    }
    return rounds;
  }
  const memberOfSlip = (slip: SlipRow): MemberRef => ({
    memberId: num(slip.member_id),
    merchantCode: slip.merchant_code,
    currency: slip.currency,
  });

  /** Posts a pending slip's stake again (applied once by its key); refused if the funds are gone. */
  async function confirmStake(slip: SlipRow, draw: Pick<DrawRow, 'rounds'>): Promise<boolean> {
    try {
      await wallet.bets.post({
        member: memberOfSlip(slip),
        bet: slipBet(slip, draw, 'WITHDRAW', 'bet'),
      });
      await repo.markSlips([num(slip.id)], ['pending'], 'placed', new Date(now()));
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'insufficient_funds') {
        await repo.refuseSlip(num(slip.id));
        return false;
      }
      throw error;
    }
  }

  /**
   * Draws one draw (the draw task at its time, the backstop job, tests): the numbers from its
   * seeds, claimed by one conditional update, then settled. Only the claimer settles at once; a
   * draw left drawn by a stopped instance is settled again by the backstop after STALE_DRAW_MS,
   * every payout keyed, so a repeat pays nothing twice.
   */
  async function runDraw(
    drawId: number,
    options: { resettle?: boolean } = {},
  ): Promise<'drawn' | 'skipped'> {
    const found = await repo.draw(drawId);
    if (!found) return 'skipped';
    const game = await gameOf(found.game_code);
    let row: DrawRow | null = null;
    if (found.status === 'open' && isVnLotteryKind(game.kind)) {
      // Operators' double entry settles it (enterResults); the feed's sheet is confirmed here.
      if (game.results_source !== 'feed') return 'skipped';
      const numbers = await feed.results({
        gameCode: game.game_code,
        kind: game.kind,
        drawNo: found.draw_no,
        drawAtUtc: new Date(found.draw_at).toISOString(),
      });
      if (!numbers) return 'skipped';
      if (!feedSheetValid(game.kind, numbers)) {
        console.error(`[lottery] feed ${feed.name}: an invalid sheet for draw ${drawId}`);
        return 'skipped';
      }
      const outcome = await repo.enterResults({
        drawId,
        staffId: null,
        numbers,
        at: new Date(now()),
        differences: () => [],
      });
      if (outcome.kind !== 'confirmed') return 'skipped';
      row = outcome.draw;
    } else if (found.status === 'open') {
      const numbers = lotteryDraw(game.kind, {
        serverSeed: found.server_seed,
        clientSeed: found.client_seed,
      });
      row = await repo.claimDraw(drawId, numbers, new Date(now()));
      if (!row) return 'skipped';
    } else if (found.status === 'drawn' && options.resettle) {
      row = found;
    } else return 'skipped';
    await settle(game, row);
    publish({
      kind: 'result',
      gameCode: row.game_code,
      drawId,
      drawNo: row.draw_no,
      numbers: (row.numbers ?? []).map(num),
      serverSeed: row.server_seed,
    });
    await ensureDraws(game);
    return 'drawn';
  }

  /** Settles a confirmed VN/SEA draw, publishes its result and opens the next draws. */
  async function settleConfirmed(game: GameRow, row: DrawRow): Promise<void> {
    await settle(game, row);
    publish({
      kind: 'result',
      gameCode: row.game_code,
      drawId: num(row.id),
      drawNo: row.draw_no,
      numbers: (row.numbers ?? []).map(num),
      serverSeed: row.server_seed,
    });
    await ensureDraws(game);
  }

  /**
   * Set-based settlement: one UPDATE per bet type marks the winning lines, then the placed slips
   * (read once with their payouts, in member order) are grouped into their rounds and go to the
   * ledger in chunks, two side by side (one call per chunk: each round's payout with its
   * operation and bet record, losing rounds settled without a record), each chunk's slips
   * marked settled with their payouts, the draw last.
   */
  async function settle(game: GameRow, draw: DrawRow): Promise<void> {
    const drawId = num(draw.id);
    const at = () => new Date(now());
    // Slips whose stake was still on its way when the draw closed: in now, or refused.
    for (let after = 0; ;) {
      const pending = await repo.slipsOfDraw(drawId, ['pending'], after, SETTLE_CHUNK);
      for (const slip of pending) await confirmStake(slip, draw);
      if (pending.length < SETTLE_CHUNK) break;
      after = num(pending.at(-1)!.id);
    }
    const numbers = (draw.numbers ?? []).map(num);
    const kind = game.kind;
    for (const betType of await repo.betTypesOfDraw(drawId)) {
      if (isVnLotteryKind(kind)) {
        // Hits per selection bet and tier (lô counts every prize ending in its number).
        const hits = (await repo.selectionsOfDraw(drawId, betType)).flatMap((selection) =>
          vnLineHits(kind, betType, selection, numbers).map((h, i) => ({
            selection,
            tier: i + 1,
            hits: h,
          })),
        );
        await repo.settleTieredLines(drawId, betType, hits);
      } else
        await repo.settleLines(drawId, betType, lotteryWinningSelections(kind, betType, numbers));
    }
    // The rounds in member order, cut into chunks of about SETTLE_CHUNK slips settled
    // SETTLE_LANES at a time: each chunk is one ledger call (its winners' accounts locked in id
    // order) and one statement marking its slips; chunks of different members do not wait on
    // each other, so the database works on both cores. A round is never cut.
    const chunks: SettlingRound[][] = [];
    let slipsInChunk = SETTLE_CHUNK;
    for (const round of settlingRounds(await repo.slipsToSettle(drawId), draw)) {
      if (slipsInChunk >= SETTLE_CHUNK) {
        chunks.push([]);
        slipsInChunk = 0;
      }
      chunks.at(-1)!.push(round);
      slipsInChunk += round.slips.length;
    }
    let failures = 0;
    const settleChunk = async (chunk: SettlingRound[]) => {
      const failed = await wallet.bets.settleMany(
        chunk.map((round) => ({
          member: memberOfSlip(round.slips[0]!),
          bet: roundWin(round, draw),
        })),
      );
      const failedAt = new Set(failed.map((f) => f.index));
      for (const f of failed)
        console.error(`[lottery] round ${chunk[f.index]!.roundId} not settled`, f.error);
      failures += failed.length;
      await repo.markSettled(
        chunk
          .filter((_, i) => !failedAt.has(i))
          .flatMap((round) => round.slips.map((s) => ({ id: num(s.id), payout: s.payout }))),
        at(),
      );
    };
    await Promise.all(
      Array.from({ length: SETTLE_LANES }, async () => {
        for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) await settleChunk(chunk);
      }),
    );
    // A round the ledger refused leaves its slips placed: the run fails and is retried (keys
    // make it once).
    if (failures > 0) throw new Error(`lottery draw ${drawId}: ${failures} rounds not settled`);
    await repo.finishDraw(drawId, at());
  }

  /** The scheduler's backstop (every minute, any instance): opens draws, runs late ones, refunds. */
  async function tick(): Promise<void> {
    await ensureAll();
    const at = now();
    for (const draw of await repo.drawsToRun(new Date(at), new Date(at - STALE_DRAW_MS), 20))
      await runDraw(num(draw.id), { resettle: true });
    for (const drawId of await repo.voidDrawsToRefund(20)) await refundDraw(drawId);
  }

  /**
   * Every slip of a voided draw refunded, a chunk at a time: a stake still on its way is taken in
   * first (one by one, as rare as a draw closing mid-bet), then the chunk's stakes go back in one
   * wallet call (`cancelMany`: one ledger batch, keyed, so a refund that stopped half-way and runs
   * again gives nothing twice), and the slips refunded are marked. A slip the ledger refused stays
   * placed: the refund fails and the backstop runs it again.
   */
  async function refundDraw(drawId: number): Promise<{ slips: number; minor: number }> {
    let slips = 0;
    let minor = 0;
    const draw = await repo.draw(drawId);
    if (!draw) return { slips, minor };
    for (let after = 0; ;) {
      const batch = await repo.slipsOfDraw(drawId, ['pending', 'placed'], after, SETTLE_CHUNK);
      const staked: SlipRow[] = [];
      for (const slip of batch)
        if (slip.status === 'placed' || (await confirmStake(slip, draw))) staked.push(slip);
      const outcomes = await wallet.bets.cancelMany(
        staked.map((slip) => ({
          member: memberOfSlip(slip),
          bet: slipBet(slip, draw, 'CANCEL', 'void'),
          withdrawTxId: `L${slip.id}:bet`,
        })),
      );
      const refused = outcomes.flatMap((o, i) => (o instanceof Error ? [{ i, error: o }] : []));
      for (const { i, error } of refused)
        console.error(`[lottery] slip ${staked[i]!.id} not refunded`, error);
      const marked = await repo.markSlipsRefunded(
        staked.filter((_, i) => !(outcomes[i] instanceof Error)).map((slip) => num(slip.id)),
        new Date(now()),
      );
      slips += marked.slips;
      minor += marked.minor;
      if (refused.length > 0)
        throw new Error(`lottery draw ${drawId}: ${refused.length} slips not refunded`);
      if (batch.length < SETTLE_CHUNK) break;
      after = num(batch.at(-1)!.id);
    }
    await repo.markDrawRefunded(drawId, new Date(now()));
    return { slips, minor };
  }

  async function voidDraw(drawId: number, reason: string) {
    const row = await repo.voidDraw(drawId, reason, new Date(now()));
    if (!row) {
      const draw = await repo.draw(drawId);
      if (!draw) throw new AppError('lottery_draw_not_found');
      if (draw.status !== 'void') throw new AppError('lottery_draw_settled');
    } else publish({ kind: 'void', gameCode: row.game_code, drawId });
    const refunded = await refundDraw(drawId);
    return { drawId, refundedSlips: refunded.slips, refundedMinor: refunded.minor };
  }

  // ---- closed days (0052) ---------------------------------------------------------------------

  /**
   * "Today" for closed days: the earliest local date among the games' zones (UTC without any),
   * so a day is past only once it is over in every zone it could apply to.
   */
  function todayOf(games: GameRow[], at: number): string {
    const days = games.map((g) => localDateIn(g.time_zone, at));
    return days.length > 0 ? days.sort()[0]! : new Date(at).toISOString().slice(0, 10);
  }

  function toClosedDay(row: ClosedDayRow, today: string) {
    return {
      closedDayId: num(row.id),
      day: row.day,
      gameCode: row.game_code,
      reason: row.reason,
      createdBy: row.created_by === null ? null : num(row.created_by),
      createdAtUtc: new Date(row.created_at).toISOString(),
      upcoming: row.day >= today,
    };
  }

  /** The games a closed day applies to: one game, or every game with a local draw time. */
  function scopeOf(games: GameRow[], gameCode: string | null): GameRow[] {
    return games.filter(
      (g) => g.draw_time !== null && (gameCode === null || g.game_code === gameCode),
    );
  }

  /** The console's list: upcoming days soonest first, then past ones latest first, a page. */
  async function closedDays(query: { pageNo: number; pageSize: number }) {
    const today = todayOf(scopeOf(await repo.games(), null), now());
    const { rows, total } = await repo.listClosedDays({
      today,
      limit: query.pageSize,
      offset: (query.pageNo - 1) * query.pageSize,
    });
    return { today, closedDays: rows.map((r) => toClosedDay(r, today)), total };
  }

  /**
   * Closes a day (docs/lottery.md "Closed days"): checked whole before anything is written (a
   * known game with a local draw time, not past, within CLOSED_DAYS_AHEAD, not closed already),
   * then written under the closed days' lock, then each draw still open on that local day in its
   * game's zone voided through voidDraw with the day's reason (every slip refunded once). A draw
   * drawn or settled already is left alone and named.
   */
  async function addClosedDay(
    staffId: number,
    input: { day: string; gameCode: string | null; reason: string },
  ) {
    const games = await repo.games();
    if (input.gameCode !== null) {
      const game = games.find((g) => g.game_code === input.gameCode);
      if (!game) throw new AppError('lottery_game_not_found');
      if (!game.draw_time) throw new AppError('lottery_closed_day_no_local_time');
    }
    const scope = scopeOf(games, input.gameCode);
    const at = now();
    const today = todayOf(scope, at);
    if (input.day < today) throw new AppError('lottery_closed_day_past', { params: { today } });
    const ahead =
      (Date.parse(`${input.day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
    if (ahead > CLOSED_DAYS_AHEAD)
      throw new AppError('lottery_closed_day_too_far', { params: { days: CLOSED_DAYS_AHEAD } });
    const row = await repo.addClosedDay({ ...input, staffId });
    if (!row) throw new AppError('lottery_closed_day_exists', { params: { day: input.day } });

    const { voided, leftAlone } = await voidDrawsOn(scope, input.day, input.reason);
    return {
      closedDay: toClosedDay(row, today),
      voidedDraws: voided.length,
      voided,
      leftAlone,
    };
  }

  /**
   * Voids the draws of these games still open on a local day (each read in its game's zone),
   * through voidDraw with the day's reason (every slip refunded once); names the ones drawn or
   * settled already, which are left alone.
   */
  async function voidDrawsOn(scope: GameRow[], day: string, reason: string) {
    // The day's instants in any zone (UTC−12 to UTC+14), then each draw's own local date.
    const midnight = Date.parse(`${day}T00:00:00Z`);
    const zoneOf = new Map(scope.map((g) => [g.game_code, g.time_zone]));
    const draws = (
      await repo.drawsBetween(
        scope.map((g) => g.game_code),
        new Date(midnight - 14 * 3_600_000),
        new Date(midnight + 36 * 3_600_000),
      )
    ).filter((d) => localDateIn(zoneOf.get(d.game_code)!, new Date(d.draw_at).getTime()) === day);
    type Ref = { drawId: number; gameCode: string; drawNo: string };
    const voided: Array<Ref & { refundedSlips: number; refundedMinor: number }> = [];
    const leftAlone: Array<Ref & { status: DrawStatus }> = [];
    for (const draw of draws) {
      const ref = { drawId: num(draw.id), gameCode: draw.game_code, drawNo: draw.draw_no };
      if (draw.status === 'void') continue;
      if (draw.status === 'open')
        try {
          const done = await voidDraw(ref.drawId, reason);
          voided.push({
            ...ref,
            refundedSlips: done.refundedSlips,
            refundedMinor: done.refundedMinor,
          });
          continue;
        } catch (error) {
          // Drawn meanwhile (a result confirmed between the read and the void): left alone.
          if (!(error instanceof AppError && error.code === 'lottery_draw_settled')) throw error;
        }
      const status =
        draw.status === 'open' ? ((await repo.draw(ref.drawId))?.status ?? 'drawn') : draw.status;
      leftAlone.push({ ...ref, status });
    }
    return { voided, leftAlone };
  }

  /**
   * Opens a day again: the row goes, and the games it applied to open their draws on that day
   * at once if betting on them can still open (the scheduler had skipped them: a draw voided
   * when the day closed stays voided beside the new one).
   */
  async function removeClosedDay(closedDayId: number) {
    const row = await repo.removeClosedDay(closedDayId);
    if (!row) throw new AppError('lottery_closed_day_not_found');
    const [closed, games] = await Promise.all([readClosedDays(), repo.games()]);
    const scope = scopeOf(games, row.game_code);
    let reopened = 0;
    for (const game of scope)
      reopened += (await openDraws(game, { closed, reopen: row.day })).opened.filter(
        (d) => localDateIn(game.time_zone, new Date(d.draw_at).getTime()) === row.day,
      ).length;
    const today = todayOf(scope, now());
    return { closedDay: toClosedDay(row, today), reopenedDraws: reopened };
  }

  function toSlip(
    slip: SlipRow & { draw_no: string; numbers: number[] | null; void_reason?: string | null },
    lines: LineRow[],
    kind: LotteryKind,
  ): LotterySlip {
    const settled = slip.status === 'settled';
    return {
      slipId: num(slip.id),
      gameCode: slip.game_code,
      kind,
      drawId: num(slip.draw_id),
      drawNo: slip.draw_no,
      status: slip.status,
      stakeMinor: num(slip.stake_minor),
      payoutMinor: num(slip.payout_minor),
      createdAtUtc: new Date(slip.created_at).toISOString(),
      numbers: slip.numbers ? slip.numbers.map(num) : null,
      // Why a refunded slip's draw was voided, as the operator wrote it (a closed day's reason).
      voidReason: slip.status === 'refunded' ? (slip.void_reason ?? null) : null,
      lines: lines
        .filter((l) => num(l.slip_id) === num(slip.id))
        .map((l) => ({
          betType: l.bet_type,
          selection: l.selection,
          stakeMinor: num(l.stake_minor),
          oddsE4: num(l.odds_e4),
          // A settlement writes only the lines that won: on a settled slip, null is a loss.
          won: l.won ?? (settled ? false : null),
          payoutMinor: num(l.payout_minor),
          ...(l.odds_tiers_e4
            ? { hits: l.hits === null ? (settled ? 0 : null) : num(l.hits) }
            : {}),
        })),
    };
  }

  async function myBets(
    member: MemberRef,
    query: {
      status: 'open' | 'settled' | 'all';
      gameCode?: string | undefined;
      pageNo: number;
      pageSize: number;
    },
  ) {
    const { slips, total } = await repo.memberSlips({
      memberId: member.memberId,
      status: query.status,
      gameCode: query.gameCode,
      limit: query.pageSize,
      offset: (query.pageNo - 1) * query.pageSize,
    });
    const [lines, games] = await Promise.all([
      repo.linesOf(slips.map((s) => num(s.id))),
      repo.games(),
    ]);
    const kindOf = (gameCode: string) =>
      games.find((g) => g.game_code === gameCode)?.kind ?? 'ssc5';
    return { slips: slips.map((s) => toSlip(s, lines, kindOf(s.game_code))), total };
  }

  async function state(gameCode: string, member: MemberRef | null) {
    const game = await gameOf(gameCode);
    await ensureDraws(game);
    const [draw, results, betTypes, open] = await Promise.all([
      game.enabled ? repo.bettingDraw(gameCode, new Date(now())) : Promise.resolve(null),
      repo.results(gameCode, RESULTS_SHOWN),
      repo.betTypes(gameCode),
      member
        ? myBets(member, { status: 'open', gameCode, pageNo: 1, pageSize: 50 })
        : Promise.resolve({ slips: [] }),
    ]);
    return {
      serverTimeUtc: new Date(now()).toISOString(),
      currency: member?.currency ?? 'BRL',
      game: toGame(game),
      betTypes: betTypesOf(game, betTypes),
      draw: draw ? toDraw(draw) : null,
      results: results.map(toDraw),
      openBets: open.slips,
    };
  }

  /**
   * A prize mode's games with their draw taking bets and last result. The VN provinces come by
   * region (north, central, south), each region's by their next draw (today's first), then in
   * the schedule's order; games without a region keep their order, before them.
   */
  async function menu(prizeMode: LotteryPrizeMode) {
    const games = (await repo.games()).filter((g) => g.prize_mode === prizeMode && g.enabled);
    const codes = games.map((g) => g.game_code);
    let draws = await repo.menuDraws(codes, new Date(now()));
    // Games whose next draws are not open yet get them now (the scheduler's minute tick would);
    // the menu is then read once more. Three statements a menu (and the closed days for VN/SEA),
    // whatever its number of games.
    const closed = games.some((g) => g.draw_time) ? await readClosedDays() : NO_CLOSED_DAYS;
    const opened = await Promise.all(
      games.map((game) =>
        ensureDraws(game, { latest: draws.latest.get(game.game_code) ?? null, closed }),
      ),
    );
    if (opened.some(Boolean)) draws = await repo.menuDraws(codes, new Date(now()));
    const at = new Date(now());
    const listed = games.map((game) => {
      const draw = draws.betting.get(game.game_code);
      const last = draws.last.get(game.game_code);
      return {
        ...toGame(game),
        draw: draw ? toDraw(draw) : null,
        last: last ? toDraw(last) : null,
      };
    });
    const rank = { north: 1, central: 2, south: 3 } as const;
    const drawAt = (g: (typeof listed)[number]) =>
      g.draw ? Date.parse(g.draw.drawAtUtc) : Number.MAX_SAFE_INTEGER;
    const order = (g: (typeof listed)[number]) => (g.region ? rank[g.region] : 0);
    return {
      prizeMode,
      serverTimeUtc: at.toISOString(),
      // Array.prototype.sort is stable: equal keys keep the schedule's order.
      games: listed.sort(
        (a, b) => order(a) - order(b) || (order(a) === 0 ? 0 : drawAt(a) - drawAt(b)),
      ),
    };
  }

  async function results(query: { gameCode: string; pageNo: number; pageSize: number }) {
    const game = await gameOf(query.gameCode);
    const [draws, total, recent] = await Promise.all([
      repo.results(query.gameCode, query.pageSize, (query.pageNo - 1) * query.pageSize),
      repo.resultCount(query.gameCode),
      repo.results(query.gameCode, FREQUENCY_DRAWS),
    ]);
    // Every value of every position, so the chart shows the numbers that never came out too.
    const counts = new Map<string, { position: number; value: number; count: number }>();
    if (isVnLotteryKind(game.kind)) {
      // How often each 2-digit ending (lô) came out, every prize of the sheet counted.
      for (let value = 0; value < 100; value++)
        counts.set(`0:${value}`, { position: 0, value, count: 0 });
      for (const draw of recent)
        for (const n of (draw.numbers ?? []).map(num)) counts.get(`0:${n % 100}`)!.count += 1;
      return {
        game: toGame(game),
        draws: draws.map(toDraw),
        total,
        frequency: { draws: recent.length, counts: [...counts.values()] },
      };
    }
    const [values, positions] =
      game.kind === 'ssc5' ? [[0, 9], 5] : game.kind === 'fast3' ? [[1, 6], 0] : [[1, 10], 10];
    for (let position = positions === 0 ? 0 : 1; position <= positions; position++)
      for (let value = values[0]!; value <= values[1]!; value++)
        counts.set(`${position}:${value}`, { position, value, count: 0 });
    for (const draw of recent)
      (draw.numbers ?? []).map(num).forEach((value, i) => {
        // Dice have no positions that matter: fast 3 counts every die together.
        const position = game.kind === 'fast3' ? 0 : i + 1;
        const key = `${position}:${value}`;
        const entry = counts.get(key) ?? { position, value, count: 0 };
        entry.count += 1;
        counts.set(key, entry);
      });
    return {
      game: toGame(game),
      draws: draws.map(toDraw),
      total,
      frequency: {
        draws: recent.length,
        counts: [...counts.values()].sort((a, b) => a.position - b.position || a.value - b.value),
      },
    };
  }

  /**
   * A slip: every line checked (bet type, selection, stake), then written with its exposure in
   * one transaction while the draw takes bets, then its stake through the ledger (one operation,
   * a WITHDRAW of its member's round of the draw, `D<drawId>`). A refusal at any step leaves nothing behind.
   */
  async function placeBet(
    member: MemberRef,
    input: {
      gameCode: string;
      drawId: number;
      lines: Array<{ betType: string; selection: string; stakeMinor: number }>;
    },
  ) {
    const game = await gameOf(input.gameCode);
    if (!game.enabled) throw new AppError('lottery_game_disabled');
    const types = await repo.betTypes(input.gameCode);
    const seen = new Set<string>();
    const kind = game.kind;
    const lines = input.lines.map((line): NewLine => {
      const type = types.find((t) => t.bet_type === line.betType);
      if (!type || !type.enabled || !isLotteryBetType(kind, line.betType))
        throw new AppError('lottery_bet_type_unknown', { params: { betType: line.betType } });
      const unknown = () =>
        new AppError('lottery_selection_unknown', {
          params: { betType: line.betType, selection: line.selection },
        });
      let priced: NewLine;
      if (isVnLotteryKind(kind)) {
        if (!vnSelectionValid(kind, line.betType, line.selection)) throw unknown();
        const tiers = (type.odds_tiers_e4 ?? []).map(num);
        const div = vnOddsDiv(kind, line.betType);
        priced = {
          ...line,
          // Shown as the multiplier of one hit (lô: per ending, so 95 ÷ 27 north).
          oddsE4: Math.floor((tiers[0] ?? 0) / div),
          oddsTiersE4: tiers,
          oddsDiv: div,
          // The cap counts one hit of the top tier (lô hitting twice pays twice; rare).
          exposureMinor: Math.floor((line.stakeMinor * (tiers[0] ?? 0)) / (10_000 * div)),
        };
      } else {
        const oddsE4 = lotteryOddsE4(kind, line.betType, line.selection, type.rtp_bps);
        if (oddsE4 === 0) throw unknown();
        priced = { ...line, oddsE4 };
      }
      const min = num(game.min_stake_minor);
      const max = num(game.max_stake_minor);
      if (line.stakeMinor < min || line.stakeMinor > max)
        throw new AppError('lottery_stake_out_of_range', {
          params: { min: reais(min), max: reais(max) },
          data: { minStakeMinor: min, maxStakeMinor: max },
        });
      const key = `${line.betType}:${line.selection}`;
      if (seen.has(key)) throw new AppError('lottery_selection_repeated');
      seen.add(key);
      return priced;
    });
    const placed = await repo.placeSlip({
      drawId: input.drawId,
      gameCode: input.gameCode,
      member,
      lines,
      capMinor: num(game.max_payout_per_number_minor),
      at: new Date(now()),
    });
    if ('refused' in placed) {
      const r = placed.refused;
      if (r.kind === 'cap') {
        const hit = lines.find((l) => l.betType === r.betType && l.selection === r.selection)!;
        // What one unit of stake adds to the exposure (VN: the top tier over a point's cost).
        const odds = hit.oddsTiersE4 ? (hit.oddsTiersE4[0] ?? 0) / (hit.oddsDiv ?? 1) : hit.oddsE4;
        throw new AppError('lottery_liability_cap', {
          params: { selection: r.selection },
          data: {
            betType: r.betType,
            selection: r.selection,
            remainingStakeMinor: Math.floor((r.remainingPayoutMinor * 10_000) / odds),
          },
        });
      }
      throw new AppError(
        r.status === 'missing'
          ? 'lottery_draw_not_found'
          : r.status === 'void'
            ? 'lottery_draw_void'
            : 'lottery_draw_closed',
      );
    }
    const slip = placed.slip;
    try {
      const draw = (await repo.draw(input.drawId))!;
      const posted = await wallet.bets.post({
        member,
        bet: slipBet(slip, draw, 'WITHDRAW', 'bet'),
      });
      await repo.markSlips([num(slip.id)], ['pending'], 'placed', new Date(now()));
      const written = await repo.linesOf([num(slip.id)]);
      return {
        slip: toSlip(
          { ...slip, status: 'placed', draw_no: draw.draw_no, numbers: null },
          written,
          game.kind,
        ),
        balanceMinor: posted.balanceMinor,
      };
    } catch (error) {
      if (error instanceof AppError && error.code === 'insufficient_funds')
        await repo.refuseSlip(num(slip.id));
      throw error;
    }
  }

  // ---- operator ----------------------------------------------------------------------------

  async function adminGames() {
    const [games, types] = await Promise.all([repo.games(), repo.betTypes()]);
    return games.map((g) => adminGame(g, types));
  }
  function adminGame(g: GameRow, types: BetTypeRow[]) {
    return {
      ...toGame(g),
      betTypes: betTypesOf(g, types).map(({ odds: _odds, ...rest }) => rest),
    };
  }

  async function updateGame(
    gameCode: string,
    patch: Partial<
      Pick<
        GameRow,
        | 'enabled'
        | 'interval_seconds'
        | 'close_seconds'
        | 'min_stake_minor'
        | 'max_stake_minor'
        | 'max_payout_per_number_minor'
        | 'draw_time'
        | 'time_zone'
        | 'draw_weekdays'
      >
    > & { results_source?: ResultsSource },
  ) {
    let scheduleWrong = false;
    const result = await repo.updateGame(gameCode, patch, (after) => {
      // A VN/SEA game's results come from operators or the feed, an e-lottery's from its seeds.
      scheduleWrong =
        isVnLotteryKind(after.kind) === (after.results_source === 'seed') ||
        (after.draw_time !== null && !/^([01]\d|2[0-3]):[0-5]\d$/.test(after.draw_time)) ||
        !isTimeZone(after.time_zone) ||
        !weekdaysValid(after);
      return (
        !scheduleWrong &&
        num(after.min_stake_minor) <= num(after.max_stake_minor) &&
        after.close_seconds < after.interval_seconds
      );
    });
    if (result === null) throw new AppError('lottery_game_not_found');
    if (result === 'invalid')
      throw new AppError(scheduleWrong ? 'lottery_schedule_invalid' : 'lottery_limits_invalid');
    const types = await repo.betTypes(gameCode);
    publishSettings(gameCode);
    return { before: adminGame(result.before, types), after: adminGame(result.after, types) };
  }

  /**
   * Tells every page that a game's settings changed (facts.md §1: the "settings changed"
   * event): the web client drops its cached lottery data. The games are the platform's, shared
   * by every merchant, so the event names none (`merchantCode` null: all of them).
   */
  function publishSettings(gameCode: string) {
    publish({ kind: 'settings', gameCode, merchantCode: null });
  }

  async function updateBetType(
    gameCode: string,
    betType: string,
    input: { rtp_bps?: number; enabled?: boolean; odds_tiers_e4?: number[] },
  ) {
    const game = await gameOf(gameCode);
    const patch = { ...input };
    if (!isLotteryBetType(game.kind, betType))
      throw new AppError('lottery_bet_type_unknown', { params: { betType } });
    if (isVnLotteryKind(game.kind)) {
      // An operator's table: its return follows from it (the RTP is not typed in).
      if (patch.rtp_bps !== undefined) throw new AppError('lottery_odds_invalid');
      if (patch.odds_tiers_e4 !== undefined) {
        const rtp = vnRtpBps(game.kind, betType, patch.odds_tiers_e4);
        if (
          patch.odds_tiers_e4.length !== vnOddsTiers(game.kind, betType).length ||
          rtp < 5_000 ||
          rtp > 10_000
        )
          throw new AppError('lottery_odds_invalid');
        patch.rtp_bps = rtp;
      }
    } else if (patch.odds_tiers_e4 !== undefined) throw new AppError('lottery_odds_invalid');
    const before = await repo.betTypes(gameCode);
    const row = await repo.updateBetType(gameCode, betType, patch);
    if (!row) throw new AppError('lottery_bet_type_unknown', { params: { betType } });
    publishSettings(gameCode);
    return {
      before: adminGame(game, before),
      after: adminGame(game, await repo.betTypes(gameCode)),
    };
  }

  async function adminDraws(query: {
    gameCode?: string | undefined;
    status?: string | undefined;
    bets?: 'any' | 'some' | undefined;
    pageNo: number;
    pageSize: number;
  }) {
    const rows = await repo.adminDraws({
      gameCode: query.gameCode,
      status: query.status,
      withBets: query.bets === 'some',
      limit: query.pageSize,
      offset: (query.pageNo - 1) * query.pageSize,
    });
    return {
      draws: rows.map((r) => ({
        ...toDraw(r),
        slips: r.slips,
        stakeMinor: r.stakeMinor,
        payoutMinor: r.payoutMinor,
        maxLiabilityMinor: r.maxLiabilityMinor,
        voidReason: r.void_reason,
      })),
      total: rows[0]?.total ?? 0,
    };
  }

  async function liability(drawId: number) {
    const draw = await repo.draw(drawId);
    if (!draw) throw new AppError('lottery_draw_not_found');
    const game = await gameOf(draw.game_code);
    return {
      drawId,
      capMinor: num(game.max_payout_per_number_minor),
      exposures: await repo.exposures(drawId, 50),
    };
  }

  // ---- VN/SEA results ------------------------------------------------------------------------

  async function vnGameOfDraw(drawId: number) {
    const draw = await repo.draw(drawId);
    if (!draw) throw new AppError('lottery_draw_not_found');
    const game = await gameOf(draw.game_code);
    if (!isVnLotteryKind(game.kind)) throw new AppError('lottery_results_not_accepted');
    return { draw, game, kind: game.kind as VnLotteryKind };
  }

  /**
   * An operator's entry of a draw's sheet (double entry, docs/lottery.md): the first waits; the
   * second, by a different operator, confirms it when every prize agrees — then the draw is
   * settled once (keyed, as a drawn e-lottery draw) — or is refused with the prizes that differ.
   */
  async function enterResults(
    staffId: number,
    drawId: number,
    sheet: Array<{ prize: string; values: string[] }>,
  ) {
    const { game, kind } = await vnGameOfDraw(drawId);
    const parsed = numbersOfSheet(kind, sheet);
    if ('invalid' in parsed)
      throw new AppError('lottery_results_invalid', {
        params: { prizes: parsed.invalid.join(', ') },
        data: { prizes: parsed.invalid },
      });
    const outcome = await repo.enterResults({
      drawId,
      staffId,
      numbers: parsed.numbers,
      at: new Date(now()),
      differences: (a, b) => sheetDifferences(kind, a, b),
    });
    switch (outcome.kind) {
      case 'missing':
        throw new AppError('lottery_draw_not_found');
      case 'draw':
        throw new AppError(
          outcome.status === 'void' ? 'lottery_draw_void' : 'lottery_draw_settled',
        );
      case 'early':
        throw new AppError('lottery_results_too_early');
      case 'same_operator':
        throw new AppError('lottery_results_same_operator');
      case 'mismatch':
        throw new AppError('lottery_results_mismatch', {
          params: { prizes: outcome.differs.join(', ') },
          data: { prizes: outcome.differs },
        });
      case 'pending':
        return { drawId, status: 'pending' as const, numbers: parsed.numbers };
      case 'confirmed':
        await settleConfirmed(game, outcome.draw);
        return { drawId, status: 'confirmed' as const, numbers: parsed.numbers };
    }
  }

  async function discardResults(staffId: number, drawId: number) {
    await vnGameOfDraw(drawId);
    if (!(await repo.discardPending(drawId, staffId, new Date(now()))))
      throw new AppError('lottery_results_no_pending');
    return { drawId, status: 'discarded' as const };
  }

  /** VN/SEA draws waiting for results, with who made the first entry (never its numbers). */
  async function awaitingResults() {
    const rows = await repo.awaitingResults(new Date(now()), 50);
    return rows.map((r) => ({
      ...toDraw(r),
      slips: num(r.slips),
      firstEntry:
        r.entry_id === null
          ? null
          : {
              entryId: num(r.entry_id),
              staffId: num(r.entry_staff),
              enteredAtUtc: new Date(r.entry_at!).toISOString(),
            },
    }));
  }

  /** A draw's entries (the trail): who, when, source, status, the prizes a rejected one differed on. */
  async function resultEntries(drawId: number) {
    const { draw } = await vnGameOfDraw(drawId);
    const rows = await repo.entriesOf(drawId);
    const decided = draw.status === 'drawn' || draw.status === 'settled';
    return rows.map((e) => ({
      entryId: num(e.id),
      source: e.source,
      staffId: e.staff_id === null ? null : num(e.staff_id),
      status: e.status,
      differs: e.differs ?? [],
      createdAtUtc: new Date(e.created_at).toISOString(),
      // A waiting entry's numbers stay hidden until the draw is confirmed (the second is blind).
      numbers: decided || e.status !== 'pending' ? e.numbers.map(num) : null,
    }));
  }

  return {
    enterResults,
    discardResults,
    awaitingResults,
    resultEntries,
    state,
    menu,
    results,
    placeBet,
    myBets,
    runDraw,
    tick,
    ensureAll,
    voidDraw,
    refundDraw,
    adminGames,
    updateGame,
    updateBetType,
    adminDraws,
    liability,
    closedDays,
    addClosedDay,
    removeClosedDay,
  };
}
export type LotteryService = ReturnType<typeof createLotteryService>;
