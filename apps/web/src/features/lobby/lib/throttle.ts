/**
 * Leading-edge throttle per key (docs/product.md §4: a favourite toggle is limited to one per
 * second per card, ignoring the trailing call): `accept(key)` is true for the first call and then
 * false until `intervalMs` have passed since the last accepted one. Nothing is queued.
 */
export function createKeyedThrottle<K>(intervalMs: number, now: () => number = Date.now) {
  const lastAcceptedMs = new Map<K, number>();
  return {
    accept(key: K): boolean {
      const at = now();
      const last = lastAcceptedMs.get(key);
      if (last !== undefined && at - last < intervalMs) return false;
      lastAcceptedMs.set(key, at);
      // Forget keys long past their interval, so a long session does not grow the map.
      if (lastAcceptedMs.size > MAX_REMEMBERED_KEYS)
        for (const [old, when] of lastAcceptedMs)
          if (at - when >= intervalMs) lastAcceptedMs.delete(old);
      return true;
    },
  };
}

/** Cards toggled within one interval are far fewer than this. */
const MAX_REMEMBERED_KEYS = 200;
