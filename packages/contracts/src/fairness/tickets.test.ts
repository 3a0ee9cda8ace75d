import { describe, expect, it } from 'vitest';
import { expectedTicketCost, prizeChance, ticketDraw } from './tickets';

/** The ticket draw of docs/fairness.md §4 "Tickets", with its worked example. */
describe('ticket draws', () => {
  const seeds = { serverSeed: 'def', clientSeed: 'abc', nonce: 0 };

  it('gives the documented example: roll 83 of 100, the third prize', () => {
    expect(ticketDraw(seeds, [50, 30, 15, 5])).toEqual({
      roll: 83,
      totalWeight: 100,
      prizeIndex: 2,
    });
  });

  it('lands in each prize about as often as its weight says', () => {
    const weights = [70, 20, 9, 1];
    const hits = [0, 0, 0, 0];
    const draws = 20_000;
    for (let nonce = 0; nonce < draws; nonce += 1)
      hits[ticketDraw({ ...seeds, nonce }, weights).prizeIndex]! += 1;
    // Within 5 standard errors of each share (a fixed sequence: the same every run).
    weights.forEach((weight, i) => {
      const p = weight / 100;
      expect(Math.abs(hits[i]! / draws - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / draws));
    });
  });

  it('refuses an empty table or a weight that is not a positive integer', () => {
    expect(() => ticketDraw(seeds, [])).toThrow(RangeError);
    expect(() => ticketDraw(seeds, [1, 0])).toThrow(RangeError);
    expect(() => ticketDraw(seeds, [1.5])).toThrow(RangeError);
  });

  it('computes chances and the expected cost per ticket by prize kind', () => {
    const prizes = [
      { prizeKind: 'cash', amountMinor: 1_000, weight: 3 },
      { prizeKind: 'points', amountMinor: 500, weight: 1 },
      { prizeKind: 'nothing', amountMinor: 0, weight: 1 },
    ];
    expect(prizeChance(3, [3, 1, 1])).toBe(0.6);
    expect(expectedTicketCost(prizes)).toEqual({ cashMinor: 600, bonusMinor: 0, pointsMinor: 100 });
  });
});
