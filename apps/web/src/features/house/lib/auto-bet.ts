/**
 * Auto-bet (issue 14 §2): a number of bets in a row, stopped early by a net profit reached, a
 * net loss reached, or a single win paying at least a multiplier. Pure, so the rules have unit
 * tests and the game page only feeds results in.
 */
export type AutoBetSettings = {
  /** Bets to place; 0 = until a stop condition (at most MAX_AUTO_BETS). */
  count: number;
  /** Stop once the net result is ≥ this (minor units); 0 = off. */
  stopProfitMinor: number;
  /** Stop once the net loss is ≥ this (minor units); 0 = off. */
  stopLossMinor: number;
};

/** A run never goes past this many bets, whatever the settings say. */
export const MAX_AUTO_BETS = 1_000;

export type AutoBetState = { placed: number; netMinor: number };
export type StopReason = 'count' | 'profit' | 'loss' | 'funds' | 'error' | 'user';

export const startState = (): AutoBetState => ({ placed: 0, netMinor: 0 });

/** The state after one bet, and why to stop now (null: go on). */
export function afterBet(
  state: AutoBetState,
  result: { stakeMinor: number; payoutMinor: number },
  settings: AutoBetSettings,
): { state: AutoBetState; stop: StopReason | null } {
  const next = {
    placed: state.placed + 1,
    netMinor: state.netMinor + result.payoutMinor - result.stakeMinor,
  };
  const limit = settings.count > 0 ? Math.min(settings.count, MAX_AUTO_BETS) : MAX_AUTO_BETS;
  let stop: StopReason | null = null;
  if (settings.stopProfitMinor > 0 && next.netMinor >= settings.stopProfitMinor) stop = 'profit';
  else if (settings.stopLossMinor > 0 && -next.netMinor >= settings.stopLossMinor) stop = 'loss';
  else if (next.placed >= limit) stop = 'count';
  return { state: next, stop };
}
