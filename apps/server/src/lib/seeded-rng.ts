/**
 * Seeded randomness for anything that must come out the same on every boot and every machine
 * (the demo catalogue, its artwork, its winner board). Never for secrets, tokens or game
 * outcomes: those need node:crypto.
 */

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  uint32(): number;
  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
}

/** mulberry32: tiny, fast and good enough for generated content; never Math.random (not seedable). */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const uint32 = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const next = (): number => uint32() / 4_294_967_296;
  return {
    next,
    uint32,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new RangeError('pick from an empty list');
      return item;
    },
  };
}

/**
 * FNV-1a of a string, as a seed: one independent stream per name (`banca-demo/games/PG`), so
 * resizing one generated part leaves the others as they are.
 */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
