import { bestOf } from './line-latency';

/** Tries per address: the first pays for DNS and the connection, the best of three is the line. */
const SAMPLES = 3;
/** An address slower than this is as good as down for a player. */
export const PROBE_TIMEOUT_MS = 5_000;

/**
 * One round trip to an address, in ms, or null. The page's CSP lets scripts connect only to
 * their own origin, but images may come from any https address (security-headers.ts), so the
 * probe loads the site's small icon as an image, with a fresh query so no cache answers it.
 */
function sample(origin: string): Promise<number | null> {
  return new Promise((resolve) => {
    const image = new Image();
    const started = performance.now();
    const timer = setTimeout(() => finish(null), PROBE_TIMEOUT_MS);
    function finish(value: number | null) {
      clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
      resolve(value);
    }
    image.onload = () => finish(performance.now() - started);
    image.onerror = () => finish(null);
    image.src = `${origin}/favicon.svg?probe=${Math.random().toString(36).slice(2)}`;
  });
}

/** The best of a few round trips to a mirror, or null when it never answered. */
export async function probeLine(url: string): Promise<number | null> {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return null;
  }
  const samples: (number | null)[] = [];
  for (let i = 0; i < SAMPLES; i += 1) samples.push(await sample(origin));
  return bestOf(samples);
}
