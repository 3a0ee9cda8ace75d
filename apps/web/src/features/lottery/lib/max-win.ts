import {
  isVnLotteryKind,
  lotteryPayoutMinor,
  lotteryWinningSelections,
  type LotteryKind,
} from '@banca/contracts/lottery-rules';

export type MaxWinLine = { betType: string; selection: string; oddsE4: number };

/**
 * The most a slip can pay on one draw. `exact`: the best single result was found; false: an upper
 * bound ("até"), the sum of every line paying once.
 */
export type MaxWin = { minor: number; exact: boolean };

/** Every result of a 5-ball (0–9) or 3-dice (1–6) draw, in a reused array. */
function forEveryResult(kind: 'ssc5' | 'fast3', visit: (numbers: readonly number[]) => void) {
  const [size, values, offset] = kind === 'ssc5' ? [5, 10, 0] : [3, 6, 1];
  const digits = new Array<number>(size).fill(offset);
  for (let n = 0; n < values ** size; n++) {
    for (let i = 0, x = n; i < size; i++, x = Math.floor(x / values))
      digits[i] = (x % values) + offset;
    visit(digits);
  }
}

/**
 * The slip's top win with one stake per line. Lines of one slip ride on one draw, so they only
 * add up when one result wins them all (Bola 1: 1 and Bola 1: 2 never do; Alto and Soma 22
 * neither):
 * - 5 balls and 3 dice: every result is tried (10^5 and 216), each paid as settlement does
 *   (`lotteryWinningSelections` of the shared rules); the best is exact.
 * - the 10-car race: a result is an order, each place holding one car and each car one place, so
 *   the best is a maximum assignment of cars to places over the lines' payouts; solved exactly
 *   by dynamic programming over the set of cars already placed (10 · 2^10 states).
 * - VN and SEA: the sum of every line paying one hit, an upper bound for đề, ba càng, xiên and 4D
 *   (they cannot all hit at once); lô and đá pay per hit and may pay more (`perHit`).
 */
export function lotteryMaxWin(
  kind: LotteryKind,
  lines: readonly MaxWinLine[],
  stakeMinor: number,
  /** `lotteryWinningSets(kind, lines)` when already at hand (it does not depend on the stake). */
  sets: ReadonlyArray<readonly number[]> | null = lotteryWinningSets(kind, lines),
): MaxWin & { perHit: boolean } {
  const pay = (l: MaxWinLine) => lotteryPayoutMinor(stakeMinor, l.oddsE4);
  if (lines.length === 0) return { minor: 0, exact: true, perHit: false };
  if (isVnLotteryKind(kind)) {
    const perHit = lines.some((l) => ['lo2', 'lo3', 'da2'].includes(l.betType));
    return { minor: lines.reduce((s, l) => s + pay(l), 0), exact: false, perHit };
  }
  if (kind === 'race10') return { minor: raceMax(lines, pay), exact: true, perHit: false };
  let best = 0;
  for (const set of sets ?? []) {
    const total = set.reduce((s, i) => s + pay(lines[i]!), 0);
    if (total > best) best = total;
  }
  return { minor: best, exact: true, perHit: false };
}

/**
 * 5 balls and dice: the different sets of lines (their indexes) that one result wins together,
 * found by trying every result as settlement pays it. Independent of the stake, so a slip
 * computes them once per change of its lines (~70 ms for 10^5 results) and each stake typed
 * only adds up these few sets. Null for the other kinds.
 */
export function lotteryWinningSets(
  kind: LotteryKind,
  lines: readonly MaxWinLine[],
): number[][] | null {
  if (kind !== 'ssc5' && kind !== 'fast3') return null;
  const indexes = new Map<string, number[]>();
  lines.forEach((l, i) => {
    const key = `${l.betType}:${l.selection}`;
    indexes.set(key, [...(indexes.get(key) ?? []), i]);
  });
  const betTypes = [...new Set(lines.map((l) => l.betType))];
  const sets = new Map<string, number[]>();
  forEveryResult(kind, (numbers) => {
    const won: number[] = [];
    for (const betType of betTypes)
      for (const s of lotteryWinningSelections(kind, betType, numbers))
        won.push(...(indexes.get(`${betType}:${s}`) ?? []));
    if (won.length === 0) return;
    const key = won.join();
    if (!sets.has(key)) sets.set(key, won);
  });
  return [...sets.values()];
}

/** The race: the best order's payout, places 1–10 and cars 1–10 (`place-car` selections). */
function raceMax(lines: readonly MaxWinLine[], pay: (l: MaxWinLine) => number): number {
  const weight = Array.from({ length: 10 }, () => new Array<number>(10).fill(0));
  for (const l of lines) {
    if (l.betType !== 'position') continue;
    const [place, car] = l.selection.split('-').map(Number);
    if (!place || !car || place > 10 || car > 10) continue;
    weight[place - 1]![car - 1]! += pay(l);
  }
  // best[mask]: the most places 1..popcount(mask) pay with the cars in mask.
  const best = new Array<number>(1 << 10).fill(-1);
  best[0] = 0;
  for (let mask = 0; mask < 1 << 10; mask++) {
    if (best[mask]! < 0) continue;
    let place = 0;
    for (let m = mask; m; m &= m - 1) place++;
    if (place === 10) continue;
    for (let car = 0; car < 10; car++) {
      if (mask & (1 << car)) continue;
      const next = mask | (1 << car);
      const value = best[mask]! + weight[place]![car]!;
      if (value > best[next]!) best[next] = value;
    }
  }
  return best[(1 << 10) - 1]!;
}
