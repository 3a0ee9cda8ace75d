import { fairFloats, scale, type Seeds } from './rng';
import { fromHex, hmacSha256, sha256, toHex, utf8, type HmacSha256 } from './sha256';

/**
 * The house games as pure functions of the round's floats (docs/fairness.md §4): the server
 * settles with them and the verification page recomputes with them, in the browser. RTPs are in
 * basis points (9900 = 99 %); multipliers are integers in 1/10,000 (`E4`) or 1/100 (`E2`) so
 * payouts are computed in integers (payoutMinor), never by rounding a float amount.
 */

export const HOUSE_ENGINES = ['dice', 'limbo', 'mines', 'plinko', 'double', 'crash'] as const;
export type HouseEngine = (typeof HOUSE_ENGINES)[number];

/** stake × multiplier (in 1/10,000) rounded down to a whole centavo, in exact integers. */
export function payoutMinorOf(stakeMinor: number, multiplierE4: number): number {
  return Number((BigInt(stakeMinor) * BigInt(multiplierE4)) / 10_000n);
}

// ── Dice ────────────────────────────────────────────────────────────────────────────────────
/** Rolls 0.00 … 100.00: 10,001 equally likely results (roll = floor(f · 10001) / 100). */
export const DICE_OUTCOMES = 10_001;
/** Win chances the game offers: 1 to 98 % of the 10,001 results (below 1 % the max payout bites). */
export const DICE_MIN_WINNING = 100;
export const DICE_MAX_WINNING = 9_800;

/** The roll in hundredths (0 … 10,000). */
export function diceRoll(f: number): number {
  return scale(f, DICE_OUTCOMES);
}

/** How many of the 10,001 rolls win: over t wins rolls > t; under t wins rolls < t. */
export function diceWinningOutcomes(targetE2: number, over: boolean): number {
  return over ? 10_000 - targetE2 : targetE2;
}

/** Payout multiplier: rtp / chance, chance = winning / 10,001; in 1/10,000, rounded down. */
export function diceMultiplierE4(winning: number, rtpBps: number): number {
  return Math.floor((rtpBps * DICE_OUTCOMES) / winning);
}

export function diceOutcome(
  floats: readonly number[],
  bet: { targetE2: number; over: boolean },
  rtpBps: number,
) {
  const rollE2 = diceRoll(floats[0]!);
  const win = bet.over ? rollE2 > bet.targetE2 : rollE2 < bet.targetE2;
  const multiplierE4 = diceMultiplierE4(diceWinningOutcomes(bet.targetE2, bet.over), rtpBps);
  return { rollE2, win, multiplierE4: win ? multiplierE4 : 0, targetMultiplierE4: multiplierE4 };
}

// ── Limbo ───────────────────────────────────────────────────────────────────────────────────
export const LIMBO_MIN_TARGET_E2 = 101;
/** 1,000,000×: beyond that the result is shown as the cap (a float of 0 would be infinite). */
export const LIMBO_MAX_RESULT_E2 = 100_000_000;

/**
 * The result in hundredths: max(1, floor(1e8 / (f · 1e8) · rtp · 100) / 100), computed in that
 * order (facts: another order differs by one ULP for some floats), capped at 1,000,000×.
 */
export function limboResultE2(f: number, rtpBps: number): number {
  const raw = Math.floor((1e8 / (f * 1e8)) * (rtpBps / 10_000) * 100);
  return Math.min(LIMBO_MAX_RESULT_E2, Math.max(100, raw));
}

export function limboOutcome(floats: readonly number[], targetE2: number, rtpBps: number) {
  const resultE2 = limboResultE2(floats[0]!, rtpBps);
  const win = resultE2 >= targetE2;
  return { resultE2, win, multiplierE4: win ? targetE2 * 100 : 0 };
}

// ── Mines ───────────────────────────────────────────────────────────────────────────────────
export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;

/**
 * The mine tiles (0 … 24, row by row): the i-th mine is tile number floor(f_i · (25 − i)) of the
 * tiles still left, in ascending order. Uses `mines` floats.
 */
export function minesLayout(floats: readonly number[], mines: number): number[] {
  const left = Array.from({ length: MINES_TILES }, (_, i) => i);
  const out: number[] = [];
  for (let i = 0; i < mines; i++) out.push(left.splice(scale(floats[i]!, MINES_TILES - i), 1)[0]!);
  return out;
}

function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

/**
 * Multiplier after `revealed` safe tiles: rtp · C(25, k) / C(25 − mines, k) (the inverse of the
 * chance of surviving k picks), in 1/10,000, rounded down. 0 when k safe tiles cannot exist.
 */
export function minesMultiplierE4(mines: number, revealed: number, rtpBps: number): number {
  const safe = choose(MINES_TILES - mines, revealed);
  if (safe === 0n) return 0;
  return Number((BigInt(rtpBps) * choose(MINES_TILES, revealed)) / safe);
}

// ── Plinko ──────────────────────────────────────────────────────────────────────────────────
export const PLINKO_MIN_ROWS = 8;
export const PLINKO_MAX_ROWS = 16;
export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];

/**
 * The published paytables (multipliers from the left edge to the right, symmetric) by risk and
 * rows; their RTP is about 99 %. A game configured for another RTP scales them (plinkoPaytableE2).
 */
const PLINKO_TABLES: Record<PlinkoRisk, Record<number, number[]>> = {
  low: {
    8: [5.6, 2.1, 1.1, 1, 0.5],
    9: [5.6, 2, 1.6, 1, 0.7],
    10: [8.9, 3, 1.4, 1.1, 1, 0.5],
    11: [8.4, 3, 1.9, 1.3, 1, 0.7],
    12: [10, 3, 1.6, 1.4, 1.1, 1, 0.5],
    13: [8.1, 4, 3, 1.9, 1.2, 0.9, 0.7],
    14: [7.1, 4, 1.9, 1.4, 1.3, 1.1, 1, 0.5],
    15: [15, 8, 3, 2, 1.5, 1.1, 1, 0.7],
    16: [16, 9, 2, 1.4, 1.4, 1.2, 1.1, 1, 0.5],
  },
  medium: {
    8: [13, 3, 1.3, 0.7, 0.4],
    9: [18, 4, 1.7, 0.9, 0.5],
    10: [22, 5, 2, 1.4, 0.6, 0.4],
    11: [24, 6, 3, 1.8, 0.7, 0.5],
    12: [33, 11, 4, 2, 1.1, 0.6, 0.3],
    13: [43, 13, 6, 3, 1.3, 0.7, 0.4],
    14: [58, 15, 7, 4, 1.9, 1, 0.5, 0.2],
    15: [88, 18, 11, 5, 3, 1.3, 0.5, 0.3],
    16: [110, 41, 10, 5, 3, 1.5, 1, 0.5, 0.3],
  },
  high: {
    8: [29, 4, 1.5, 0.3, 0.2],
    9: [43, 7, 2, 0.6, 0.2],
    10: [76, 10, 3, 0.9, 0.3, 0.2],
    11: [120, 14, 5.2, 1.4, 0.4, 0.2],
    12: [170, 24, 8.1, 2, 0.7, 0.2, 0.2],
    13: [260, 37, 11, 4, 1, 0.2, 0.2],
    14: [420, 56, 18, 5, 1.9, 0.3, 0.2, 0.2],
    15: [620, 83, 27, 8, 3, 0.5, 0.2, 0.2],
    16: [1000, 130, 26, 9, 4, 2, 0.2, 0.2, 0.2],
  },
};

/** The published table's slots (rows + 1), in hundredths. */
function basePaytableE2(risk: PlinkoRisk, rows: number): number[] {
  const half = PLINKO_TABLES[risk][rows]!.map((m) => Math.round(m * 100));
  const slots = rows + 1;
  return Array.from({ length: slots }, (_, i) => half[Math.min(i, slots - 1 - i)]!);
}

/** Chance of each slot: C(rows, k) / 2^rows. */
export function plinkoSlotChances(rows: number): number[] {
  return Array.from({ length: rows + 1 }, (_, k) => Number(choose(rows, k)) / 2 ** rows);
}

/** Exact RTP of a paytable, in basis points (4 decimals kept). */
export function plinkoRtpBps(paytableE2: readonly number[], rows: number): number {
  const chances = plinkoSlotChances(rows);
  return paytableE2.reduce((sum, m, k) => sum + (m / 100) * chances[k]!, 0) * 10_000;
}

/**
 * The paytable of a game configured for `rtpBps`. The published table when its RTP is within
 * PLINKO_RTP_SLACK_BPS of the configured one (or below it); otherwise its multipliers times
 * rtp / (its RTP), rounded down to hundredths, then the slots from the middle outwards (in
 * symmetric pairs) get back a hundredth while the table stays at or below the configured RTP.
 * plinkoRtpBps gives the exact figure shown on the game.
 */
export const PLINKO_RTP_SLACK_BPS = 10;
/** Paytables already worked out, by risk, rows and RTP (27 per RTP at most). */
const paytables = new Map<string, readonly number[]>();
export function plinkoPaytableE2(
  risk: PlinkoRisk,
  rows: number,
  rtpBps: number,
): readonly number[] {
  const key = `${risk}:${rows}:${rtpBps}`;
  let table = paytables.get(key);
  if (!table) {
    table = Object.freeze(buildPaytableE2(risk, rows, rtpBps));
    if (paytables.size < 1_000) paytables.set(key, table);
  }
  return table;
}

function buildPaytableE2(risk: PlinkoRisk, rows: number, rtpBps: number): number[] {
  const base = basePaytableE2(risk, rows);
  const baseRtp = plinkoRtpBps(base, rows);
  if (baseRtp <= rtpBps + PLINKO_RTP_SLACK_BPS) return base;
  const factor = rtpBps / baseRtp;
  const table = base.map((m) => Math.max(1, Math.floor(m * factor)));
  const middle = Math.floor(rows / 2);
  for (let changed = true; changed;) {
    changed = false;
    for (let k = middle; k >= 0; k--) {
      const twin = rows - k;
      table[k]! += 1;
      if (twin !== k) table[twin]! += 1;
      if (plinkoRtpBps(table, rows) <= rtpBps) changed = true;
      else {
        table[k]! -= 1;
        if (twin !== k) table[twin]! -= 1;
      }
    }
  }
  return table;
}

/** One float per row: left (0) or right (1) = floor(f · 2); the slot is the number of rights. */
export function plinkoPath(
  floats: readonly number[],
  rows: number,
): { path: number[]; slot: number } {
  const path = floats.slice(0, rows).map((f) => scale(f, 2));
  return { path, slot: path.reduce((s, d) => s + d, 0) };
}

export function plinkoOutcome(
  floats: readonly number[],
  bet: { rows: number; risk: PlinkoRisk },
  rtpBps: number,
) {
  const { path, slot } = plinkoPath(floats, bet.rows);
  const multiplierE2 = plinkoPaytableE2(bet.risk, bet.rows, rtpBps)[slot]!;
  return { path, slot, multiplierE4: multiplierE2 * 100 };
}

// ── Shared rounds: crash and double (a hash chain played in reverse) ──────────────────────
/** The game hash before this one in play order: SHA-256 of this hash's bytes. */
export function previousGameHash(gameHash: string): string {
  return toHex(sha256(fromHex(gameHash)));
}

/** HMAC-SHA256(key = the salt's UTF-8 bytes, message = the game hash's bytes). */
export function sharedRoundBytes(
  gameHash: string,
  salt: string,
  hmac: HmacSha256 = hmacSha256,
): Uint8Array {
  return hmac(utf8(salt), fromHex(gameHash));
}

/** Crash: r = top 52 bits; point = max(1, floor(rtp% / (1 − r/2^52)) / 100), in hundredths. */
export function crashPointE2(
  gameHash: string,
  salt: string,
  rtpBps: number,
  hmac: HmacSha256 = hmacSha256,
): number {
  const bytes = sharedRoundBytes(gameHash, salt, hmac);
  let r = 0;
  for (let i = 0; i < 6; i++) r = r * 256 + bytes[i]!;
  r = r * 16 + (bytes[6]! >> 4); // 52 bits
  return crashPointOfTop52(r, rtpBps);
}

export function crashPointOfTop52(r: number, rtpBps: number): number {
  return Math.max(100, Math.floor(rtpBps / 100 / (1 - r / 2 ** 52)));
}

/** The multiplier shown while a crash round runs: floor(100 · e^(0.00006 · ms)) / 100. */
export function crashMultiplierAtE2(elapsedMs: number): number {
  return Math.floor(100 * Math.exp(0.00006 * elapsedMs));
}

/** When the running multiplier reaches `pointE2` (ms after the start). */
export function crashMsToReach(pointE2: number): number {
  return Math.ceil(Math.log(pointE2 / 100) / 0.00006);
}

/** Double: 15 slots, 0 white, 1–7 red, 8–14 black; slot = floor(f · 15), f from the first 4 bytes. */
export const DOUBLE_SLOTS = 15;
export type DoubleColor = 'red' | 'black' | 'white';
export function doubleColorOf(slot: number): DoubleColor {
  return slot === 0 ? 'white' : slot <= 7 ? 'red' : 'black';
}
export function doubleSlot(gameHash: string, salt: string, hmac: HmacSha256 = hmacSha256): number {
  const b = sharedRoundBytes(gameHash, salt, hmac);
  return scale(b[0]! / 256 + b[1]! / 256 ** 2 + b[2]! / 256 ** 3 + b[3]! / 256 ** 4, DOUBLE_SLOTS);
}
/** rtp / chance: red and black 7 of 15 slots, white 1 of 15; in 1/10,000, rounded down. */
export function doubleMultiplierE4(color: DoubleColor, rtpBps: number): number {
  return Math.floor((rtpBps * DOUBLE_SLOTS) / (color === 'white' ? 1 : 7));
}

// ── Verification: any personal round from its seeds ───────────────────────────────────────
export type PersonalBet =
  | { engine: 'dice'; targetE2: number; over: boolean }
  | { engine: 'limbo'; targetE2: number }
  | { engine: 'mines'; mines: number }
  | { engine: 'plinko'; rows: number; risk: PlinkoRisk };

/** Floats a game reads per round. */
export function floatsNeeded(bet: PersonalBet): number {
  if (bet.engine === 'mines') return bet.mines;
  if (bet.engine === 'plinko') return bet.rows;
  return 1;
}

/** Everything a round's seeds decide, recomputed (the verification page and the server). */
export function personalOutcome(
  seeds: Seeds,
  bet: PersonalBet,
  rtpBps: number,
  hmac: HmacSha256 = hmacSha256,
) {
  const floats = fairFloats(seeds, floatsNeeded(bet), hmac);
  switch (bet.engine) {
    case 'dice':
      return { floats, ...diceOutcome(floats, bet, rtpBps) };
    case 'limbo':
      return { floats, ...limboOutcome(floats, bet.targetE2, rtpBps) };
    case 'mines':
      return { floats, mineTiles: minesLayout(floats, bet.mines) };
    case 'plinko':
      return { floats, ...plinkoOutcome(floats, bet, rtpBps) };
  }
}
