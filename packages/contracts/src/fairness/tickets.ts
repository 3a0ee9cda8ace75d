import { fairFloats, scale, type Seeds } from './rng';
import { hmacSha256, type HmacSha256 } from './sha256';

/**
 * A reward ticket's draw (docs/fairness.md §4 "Tickets"): one float of the ticket's seeds,
 * scaled to the prize table's total weight without modulo bias, picks the prize whose
 * cumulative weight range holds the roll. Prizes are read in the table's order, so the
 * recorded table, the revealed seed, the client seed and the nonce give the same prize again.
 */
export type TicketDraw = { roll: number; totalWeight: number; prizeIndex: number };

export function ticketDraw(
  seeds: Seeds,
  weights: readonly number[],
  hmac: HmacSha256 = hmacSha256,
): TicketDraw {
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  if (weights.length === 0 || weights.some((w) => !Number.isInteger(w) || w <= 0))
    throw new RangeError('a prize table needs positive integer weights');
  const roll = scale(fairFloats(seeds, 1, hmac)[0]!, totalWeight);
  let reached = 0;
  for (let index = 0; index < weights.length; index += 1) {
    reached += weights[index]!;
    if (roll < reached) return { roll, totalWeight, prizeIndex: index };
  }
  // Unreachable: roll < totalWeight = the last cumulative weight.
  return { roll, totalWeight, prizeIndex: weights.length - 1 };
}

/** A prize's share of its table: what the console shows beside each weight. */
export function prizeChance(weight: number, weights: readonly number[]): number {
  const total = weights.reduce((sum, w) => sum + w, 0);
  return total > 0 ? weight / total : 0;
}

/**
 * What one ticket costs on average, by prize kind (Σ weight · amount / Σ weight, in minor
 * units, not rounded): cash and bonus in money, points in points. A "nothing" prize costs 0.
 */
export function expectedTicketCost(
  prizes: readonly { prizeKind: string; amountMinor: number; weight: number }[],
): { cashMinor: number; bonusMinor: number; pointsMinor: number } {
  const total = prizes.reduce((sum, p) => sum + p.weight, 0);
  const of = (kind: string) =>
    total === 0
      ? 0
      : prizes
          .filter((p) => p.prizeKind === kind)
          .reduce((sum, p) => sum + p.weight * p.amountMinor, 0) / total;
  return { cashMinor: of('cash'), bonusMinor: of('bonus'), pointsMinor: of('points') };
}
