import { describe, expect, it } from 'vitest';
import { liabilityAtE2, roundCapE2, type LimitBet } from './round-limit';

const open = (stakeMinor: number, autoCashoutE2: number | null = null): LimitBet => ({
  stakeMinor,
  autoCashoutE2,
  cashedOut: false,
  payoutMinor: 0,
});
const cashed = (stakeMinor: number, payoutMinor: number): LimitBet => ({
  stakeMinor,
  autoCashoutE2: null,
  cashedOut: true,
  payoutMinor,
});
const CAP = 1_000_000;

describe('crash round limit', () => {
  it('cashes everyone out at the last multiplier within the limit', () => {
    // Two bets of R$ 100: R$ 1,000 of limit is reached at 5.00×.
    expect(roundCapE2([open(10_000), open(10_000)], 100_000, CAP)).toBe(500);
    // One more centavo of limit is not a whole hundredth more.
    expect(roundCapE2([open(10_000), open(10_000)], 100_001, CAP)).toBe(500);
    expect(roundCapE2([open(10_000), open(10_000)], 100_200, CAP)).toBe(501);
  });

  it('counts cash-outs at their payout and automatic targets once reached', () => {
    // A cashed out at 2.00× (R$ 200): R$ 800 left for B alone → 8.00×.
    expect(roundCapE2([cashed(10_000, 20_000), open(10_000)], 100_000, CAP)).toBe(800);
    // B leaves by itself at 3.00×: C alone grows past it → (1,000 − 300) / 100 = 7.00×.
    expect(roundCapE2([open(10_000, 300), open(10_000)], 100_000, CAP)).toBe(700);
    // Every target under the limit: never reached.
    expect(roundCapE2([open(10_000, 300), open(10_000, 400)], 100_000, CAP)).toBeNull();
  });

  it('is never reached when the per-bet cap stops the growth first, or without a limit', () => {
    expect(roundCapE2([open(10_000), open(10_000)], 100_000, 40_000)).toBeNull();
    expect(roundCapE2([open(10_000)], null, CAP)).toBeNull();
    expect(roundCapE2([], 100_000, CAP)).toBeNull();
  });

  it('the liability at the cap is within the limit, a hundredth more is past it', () => {
    const bets = [open(1_234, 250), open(5_000), open(777), cashed(900, 1_500), open(3_333, 1_000)];
    const cap = roundCapE2(bets, 60_000, CAP)!;
    expect(liabilityAtE2(bets, cap, CAP)).toBeLessThanOrEqual(60_000);
    expect(liabilityAtE2(bets, cap + 1, CAP)).toBeGreaterThan(60_000);
  });
});
