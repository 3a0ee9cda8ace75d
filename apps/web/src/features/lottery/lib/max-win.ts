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
): MaxWin & { perHit: boolean } {
  const pay = (l: MaxWinLine) => lotteryPayoutMinor(stakeMinor, l.oddsE4);
  if (lines.length === 0) return { minor: 0, exact: true, perHit: false };
  if (isVnLotteryKind(kind)) {
    const perHit = lines.some((l) => ['lo2', 'lo3', 'da2'].includes(l.betType));
    return { minor: lines.reduce((s, l) => s + pay(l), 0), exact: false, perHit };
  }
  if (kind === 'race10') return { minor: raceMax(lines, pay), exact: true, perHit: false };
  const payouts = new Map<string, number>();
  for (const l of lines)
    payouts.set(
      `${l.betType}:${l.selection}`,
      (payouts.get(`${l.betType}:${l.selection}`) ?? 0) + pay(l),
    );
  const betTypes = [...new Set(lines.map((l) => l.betType))];
  let best = 0;
  forEveryResult(kind, (numbers) => {
    let total = 0;
    for (const betType of betTypes)
      for (const s of lotteryWinningSelections(kind, betType, numbers))
        total += payouts.get(`${betType}:${s}`) ?? 0;
    if (total > best) best = total;
  });
  return { minor: best, exact: true, perHit: false };
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
