/** First wait before reconnecting, doubled on each failure in a row… */
export const RECONNECT_BASE_MS = 1_000;
/** …up to this: a server down for long is tried twice a minute, not hammered by every tab. */
export const RECONNECT_MAX_MS = 30_000;

/**
 * The wait before reconnect attempt `attempt` (0 for the first after a drop): exponential, with
 * "equal jitter" (half fixed, half random), so thousands of tabs dropped by one restart do not
 * come back in the same instant, and none comes back at once in a tight loop.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
