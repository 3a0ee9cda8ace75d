import { fairFloats, scale, type Seeds } from './fairness/rng';
import { hmacSha256, type HmacSha256 } from './fairness/sha256';
import { isVnLotteryKind, VN_LOTTERY_BET_TYPES, VN_LOTTERY_KINDS } from './lottery-vn-rules';

export * from './lottery-vn-rules';

/**
 * The e-lottery's rules (docs/lottery.md), pure and zod-free so the server, the browser's bet
 * slip and its verification all compute the same thing: how a draw's numbers come from its
 * seeds, which selections each bet type offers, which of them a result wins, and the odds.
 *
 * Odds are derived, never typed in: a bet type has an RTP (console-editable) and a selection's
 * multiplier is `floor(rtpBps · outcomes / winning)` in 1/10,000 (`E4`), where `outcomes` is the
 * number of equally likely results of the game and `winning` those the selection wins on — the
 * dice formula of docs/fairness.md. A 5-ball position bet at 98 % pays 9.8×, a sum of 0 98,000×.
 */

/** The e-lottery's kinds (drawn from seeds) and the VN/SEA ones (results entered or fed). */
export const LOTTERY_KINDS = ['ssc5', 'fast3', 'race10', ...VN_LOTTERY_KINDS] as const;
export type LotteryKind = (typeof LOTTERY_KINDS)[number];

/** Prize modes of the spec's menus: ELOTT the e-lottery, LOTT Vietnam, SEA 4D; ZY has no games. */
export const LOTTERY_PRIZE_MODES = ['ELOTT', 'LOTT', 'ZY', 'SEA'] as const;
export type LotteryPrizeMode = (typeof LOTTERY_PRIZE_MODES)[number];

export const LOTTERY_BET_TYPES = {
  ssc5: ['position', 'big_small', 'odd_even', 'sum'],
  fast3: ['sum', 'triple', 'pair'],
  race10: ['position'],
  ...VN_LOTTERY_BET_TYPES,
} as const satisfies Record<LotteryKind, readonly string[]>;
export type LotteryBetType = (typeof LOTTERY_BET_TYPES)[LotteryKind][number];

/** Numbers a draw shows: 5 balls 0–9, 3 dice 1–6, or the 10 cars in finishing order. */
export const LOTTERY_NUMBERS: Record<LotteryKind, number> = {
  ssc5: 5,
  fast3: 3,
  race10: 10,
  vn_north: 27,
  vn_south: 18,
  sea4d: 23,
};
/** Equally likely results: 10^5, 6^3, 10! (only the first place matters to a position, see below). */
const OUTCOMES: Partial<Record<LotteryKind, number>> = { ssc5: 100_000, fast3: 216, race10: 10 };

/**
 * The draw's public client seed: the game and the draw's number. The server seed is random,
 * its SHA-256 published when the draw opens, the seed itself once drawn.
 */
export function lotteryClientSeed(gameCode: string, drawNo: string): string {
  return `${gameCode}:${drawNo}`;
}

/**
 * The draw's numbers from its seeds (nonce 0), by docs/fairness.md §2–3: balls `floor(f·10)`,
 * dice `floor(f·6) + 1`, the race's order as mines' layout (the i-th place is the car at index
 * `floor(f_i · (10 − i))` of the cars not placed yet; the last takes the last place).
 */
export function lotteryDraw(
  kind: LotteryKind,
  seeds: Omit<Seeds, 'nonce'>,
  hmac: HmacSha256 = hmacSha256,
): number[] {
  if (isVnLotteryKind(kind)) throw new Error(`${kind} results are entered or fed, not drawn`);
  const full: Seeds = { ...seeds, nonce: 0 };
  if (kind === 'ssc5') return fairFloats(full, 5, hmac).map((f) => scale(f, 10));
  if (kind === 'fast3') return fairFloats(full, 3, hmac).map((f) => scale(f, 6) + 1);
  const cars = Array.from({ length: 10 }, (_, i) => i + 1);
  const order: number[] = [];
  for (const [i, f] of fairFloats(full, 9, hmac).entries())
    order.push(cars.splice(scale(f, 10 - i), 1)[0]!);
  order.push(cars[0]!);
  return order;
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

/**
 * The selections a bet type offers, as the slip sends them ("3-7": position 3, digit/car 7). VN
 * bets on one number list them (`00`…`99`, `000`…`999`); xiên and 4D are checked by
 * `vnSelectionValid` instead (too many to list).
 */
export function lotterySelections(kind: LotteryKind, betType: string): string[] {
  if (isVnLotteryKind(kind)) {
    if (kind === 'sea4d') return [];
    const padded = (n: number, d: number) => range(0, n - 1).map((x) => x.padStart(d, '0'));
    if (betType === 'lo2' || betType === 'de' || betType === 'de_dau') return padded(100, 2);
    if (betType === 'lo3') return padded(1000, 3);
    return [];
  }
  if (kind === 'ssc5') {
    if (betType === 'position')
      return range(1, 5).flatMap((p) => range(0, 9).map((d) => `${p}-${d}`));
    if (betType === 'big_small') return ['big', 'small'];
    if (betType === 'odd_even') return ['odd', 'even'];
    if (betType === 'sum') return range(0, 45);
  }
  if (kind === 'fast3') {
    if (betType === 'sum') return range(3, 18);
    if (betType === 'triple') return ['any', ...range(1, 6)];
    if (betType === 'pair') return range(1, 6);
  }
  if (kind === 'race10' && betType === 'position')
    return range(1, 10).flatMap((p) => range(1, 10).map((c) => `${p}-${c}`));
  return [];
}

export function isLotteryBetType(kind: LotteryKind, betType: string): boolean {
  return (LOTTERY_BET_TYPES[kind] as readonly string[]).includes(betType);
}

const sumOf = (numbers: readonly number[]) => numbers.reduce((s, n) => s + n, 0);
/** 5-ball "big" is a sum of 23–45, "small" 0–22: exactly half of the 100,000 results each. */
const SSC_BIG_FROM = 23;

/** The selections of a bet type that a result wins (what settlement pays, one statement per type). */
export function lotteryWinningSelections(
  kind: LotteryKind,
  betType: string,
  numbers: readonly number[],
): string[] {
  const sum = sumOf(numbers);
  if (kind === 'ssc5') {
    if (betType === 'position') return numbers.map((d, i) => `${i + 1}-${d}`);
    if (betType === 'big_small') return [sum >= SSC_BIG_FROM ? 'big' : 'small'];
    if (betType === 'odd_even') return [sum % 2 === 1 ? 'odd' : 'even'];
    if (betType === 'sum') return [String(sum)];
  }
  if (kind === 'fast3') {
    const [a, b, c] = numbers as [number, number, number];
    if (betType === 'sum') return [String(sum)];
    if (betType === 'triple') return a === b && b === c ? ['any', String(a)] : [];
    if (betType === 'pair')
      return [...new Set(numbers.filter((n) => numbers.filter((m) => m === n).length >= 2))].map(
        String,
      );
  }
  if (kind === 'race10' && betType === 'position')
    return numbers.map((car, i) => `${i + 1}-${car}`);
  return [];
}

/** Every equally likely result of a 5-ball or 3-dice draw (the race's position is 1 in 10). */
function everyResult(kind: 'ssc5' | 'fast3'): number[][] {
  const [size, values, offset] = kind === 'ssc5' ? [5, 10, 0] : [3, 6, 1];
  const out: number[][] = [];
  for (let n = 0; n < values ** size; n++) {
    const digits: number[] = [];
    for (let i = 0, x = n; i < size; i++, x = Math.floor(x / values))
      digits.push((x % values) + offset);
    out.push(digits);
  }
  return out;
}

const winningCache = new Map<string, Map<string, number>>();
/** How many of the game's equally likely results each selection of a bet type wins on. */
export function lotteryWinningCounts(kind: LotteryKind, betType: string): Map<string, number> {
  const cacheKey = `${kind}:${betType}`;
  const cached = winningCache.get(cacheKey);
  if (cached) return cached;
  if (isVnLotteryKind(kind)) return new Map();
  const counts = new Map<string, number>(lotterySelections(kind, betType).map((s) => [s, 0]));
  if (kind === 'race10') {
    // A position bet wins when one named car is in one place: 1 in 10 of the orders.
    for (const s of counts.keys()) counts.set(s, 1);
  } else {
    for (const result of everyResult(kind))
      for (const s of lotteryWinningSelections(kind, betType, result))
        counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  winningCache.set(cacheKey, counts);
  return counts;
}

/** A selection's multiplier in 1/10,000: floor(rtpBps · outcomes / winning); 0 if unknown. */
export function lotteryOddsE4(
  kind: LotteryKind,
  betType: string,
  selection: string,
  rtpBps: number,
): number {
  const winning = lotteryWinningCounts(kind, betType).get(selection);
  if (!winning) return 0;
  return Math.floor((rtpBps * (OUTCOMES[kind] ?? 0)) / winning);
}

/** The payout of a winning line: floor(stake · oddsE4 / 10,000) centavos. */
export function lotteryPayoutMinor(stakeMinor: number, oddsE4: number): number {
  return Math.floor((stakeMinor * oddsE4) / 10_000);
}
