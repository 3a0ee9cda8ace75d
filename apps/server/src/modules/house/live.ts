/**
 * The shared games' clock (docs/house.md "Live over /ws"): while someone watches a crash or
 * double game, each instance moves its rounds on every TICK_MS (open, start, crash, the round
 * limit, results), and the crash flight this instance started sends its multiplier and pays the
 * automatic targets it reaches. What changes is published on the `house.crash` / `house.double`
 * topics (modules/realtime); rounds still also move on HTTP reads, so a page that lost its socket
 * or an instance that stopped ticking changes nothing of what the rounds pay.
 */
/** A tick: the multiplier sent 10 times a second (the page draws between ticks itself). */
export const TICK_MS = 100;
/** A game seen over HTTP (state, bet, cash-out) is driven this long without socket followers. */
const SEEN_MS = 30_000;

export type LiveEngine = 'crash' | 'double';

export function createHouseLive(deps: {
  tick: (engine: LiveEngine, gameCode: string) => Promise<void>;
  /** This instance's sockets following the engine's topic. */
  followers: (engine: LiveEngine) => number;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const seen = new Map<string, { engine: LiveEngine; at: number }>();
  let timer: ReturnType<typeof setInterval> | null = null;
  /** The tick under way, if any: a slow tick is not stacked on (the next one catches up). */
  let ticking: Promise<void> | null = null;

  function loop(): void {
    if (ticking) return;
    ticking = tickAll().finally(() => {
      ticking = null;
    });
  }

  async function tickAll(): Promise<void> {
    {
      for (const [gameCode, game] of seen) {
        // Kept while anyone follows its topic here, or it was looked at lately over HTTP.
        if (deps.followers(game.engine) === 0 && now() - game.at > SEEN_MS) {
          seen.delete(gameCode);
          continue;
        }
        try {
          await deps.tick(game.engine, gameCode);
        } catch (error) {
          console.error(`[house] ${gameCode} tick failed`, error);
        }
      }
      if (seen.size === 0) pause();
    }
  }

  /** The game is being looked at: drive it (from now on, at the next tick). */
  function watch(engine: LiveEngine, gameCode: string): void {
    seen.set(gameCode, { engine, at: now() });
    if (timer) return;
    timer = setInterval(loop, TICK_MS);
    timer.unref?.();
  }

  function pause(): void {
    if (timer) clearInterval(timer);
    timer = null;
  }

  /** Stops the clock and waits for the tick under way (the app is closing its database). */
  async function stop(): Promise<void> {
    pause();
    seen.clear();
    await ticking;
  }

  return { watch, stop, watching: () => [...seen.keys()] };
}
export type HouseLive = ReturnType<typeof createHouseLive>;
