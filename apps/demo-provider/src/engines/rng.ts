import { randomInt } from 'node:crypto';

/**
 * A source of uniform integers in [0, n). Real rounds use `cryptoRandom` (node:crypto);
 * simulations and the seeded generation of paytables use `seededRandom`.
 */
export type RandomInt = (n: number) => number;

export const cryptoRandom: RandomInt = (n) => randomInt(n);

/** mulberry32: tiny and fast; for simulations and for generating game parameters, never for real rounds. */
export function seededRandom(seed: number): RandomInt {
  let state = seed >>> 0;
  return (n) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * n);
  };
}

/** FNV-1a of a string: one independent seed per game code. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A uniform float in [0, 1) with 2^-32 resolution, from a RandomInt. */
export function uniform(random: RandomInt): number {
  return random(4_294_967_296) / 4_294_967_296;
}
