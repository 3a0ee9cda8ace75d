/**
 * The crash round's payout limit (issue 14 §6, docs/house.md "Round limit"). Everything a round
 * can still pay grows with the multiplier; when it would pass the round's limit, every bet still
 * in the air is **cashed out** at the last multiplier that keeps the total within the limit (the
 * round "stops" for the players, the house does not scale anyone's payout). Pure: the server
 * computes it from the round's bets when the flight starts and again after each manual cash-out.
 */
export type LimitBet = {
  stakeMinor: number;
  /** The automatic cash-out target, hundredths, or null. */
  autoCashoutE2: number | null;
  /** Already cashed out (claimed): its payout is fixed. */
  cashedOut: boolean;
  payoutMinor: number;
};

/** What a bet cashed out at `e2` pays: stake × multiplier, floored, at most the per-bet cap. */
export function cashoutPayoutMinor(stakeMinor: number, e2: number, maxPayoutMinor: number): number {
  return Math.min(maxPayoutMinor, Math.floor((stakeMinor * e2) / 100));
}

/** What the round pays in all if the bets still in the air were cashed out at `e2`. */
export function liabilityAtE2(bets: readonly LimitBet[], e2: number, maxPayoutMinor: number) {
  let total = 0;
  for (const bet of bets) {
    if (bet.cashedOut) total += bet.payoutMinor;
    else {
      // An automatic target under `e2` fired first and fixed the payout.
      const at = bet.autoCashoutE2 !== null && bet.autoCashoutE2 <= e2 ? bet.autoCashoutE2 : e2;
      total += cashoutPayoutMinor(bet.stakeMinor, at, maxPayoutMinor);
    }
  }
  return total;
}

/**
 * The multiplier (hundredths) at which the round's bets still in the air are cashed out because
 * the round's limit is reached: the largest m with liability(m) ≤ limit. Null when no multiplier
 * reaches the limit (every open bet hits its target or the per-bet cap first), or without a limit.
 * Never under 1.00× (bets are refused once their stakes would pass the limit).
 */
export function roundCapE2(
  bets: readonly LimitBet[],
  limitMinor: number | null,
  maxPayoutMinor: number,
): number | null {
  if (limitMinor === null) return null;
  // Past `hi` nothing grows any more: every open bet has met its target or the per-bet cap.
  let hi = 100;
  for (const bet of bets) {
    if (bet.cashedOut) continue;
    const saturates = Math.ceil(((maxPayoutMinor + 1) * 100) / bet.stakeMinor);
    hi = Math.max(hi, Math.min(bet.autoCashoutE2 ?? saturates, saturates));
  }
  if (liabilityAtE2(bets, hi, maxPayoutMinor) <= limitMinor) return null;
  let lo = 100;
  if (liabilityAtE2(bets, lo, maxPayoutMinor) > limitMinor) return lo;
  // liability(lo) ≤ limit < liability(hi), and liability never falls as m grows.
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (liabilityAtE2(bets, mid, maxPayoutMinor) <= limitMinor) lo = mid;
    else hi = mid;
  }
  return lo;
}
