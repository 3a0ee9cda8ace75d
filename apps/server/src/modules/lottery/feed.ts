import {
  prizeCount,
  prizeSlots,
  vnPlausibleResult,
  type VnLotteryKind,
} from '@banca/contracts/lottery-rules';

/**
 * Where a VN/SEA game whose results source is `feed` gets its sheet (docs/lottery.md "Results
 * feed"): asked by the draw task at the draw's time and by the backstop every minute after it
 * until it answers. `null`: not published yet (asked again). The sheet is the numbers in the
 * prize structure's order (lottery-vn-rules.ts). Feed results are confirmed directly: the game's
 * source setting is the operator's choice of trusting the feed; a game whose results need two
 * people is set to `operator`.
 */
export interface LotteryResultsFeed {
  readonly name: string;
  results(draw: {
    gameCode: string;
    kind: VnLotteryKind;
    drawNo: string;
    drawAtUtc: string;
  }): Promise<number[] | null>;
}

/**
 * The development adapter: a plausible sheet per draw from HMAC-SHA256 of a key and the draw
 * (`vnPlausibleResult`), so asking twice answers the same sheet, on every instance. Never a real
 * draw's numbers: a deployment plugs in its provider's adapter instead.
 */
export function createDevelopmentFeed(key = 'banca-development-results-feed'): LotteryResultsFeed {
  return {
    name: 'development',
    results: async (draw) =>
      vnPlausibleResult(draw.kind, {
        serverSeed: key,
        clientSeed: `${draw.gameCode}:${draw.drawNo}`,
      }),
  };
}

/**
 * Production without a configured provider: no results ever (`null`), so a game set to `feed`
 * waits for one instead of settling real bets on the development adapter's invented numbers;
 * its operator sets it to `operator` and enters the sheet (docs/lottery.md "Results feed").
 */
export const NO_FEED: LotteryResultsFeed = { name: 'none', results: async () => null };

/** A feed's answer holds: the sheet's count of numbers, each within its prize's digits. */
export function feedSheetValid(kind: VnLotteryKind, numbers: readonly number[]): boolean {
  const slots = prizeSlots(kind);
  return (
    numbers.length === prizeCount(kind) &&
    numbers.every((n, i) => Number.isInteger(n) && n >= 0 && n < 10 ** slots[i]!.digits)
  );
}
