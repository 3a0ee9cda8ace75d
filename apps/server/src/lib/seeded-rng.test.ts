import { describe, expect, it } from 'vitest';
import { createRng, hashString } from './seeded-rng';

describe('createRng', () => {
  it('gives the same stream for the same seed on every run (the demo catalogue depends on it)', () => {
    // Pinned values: a change here renames every demo game and redraws every card.
    const rng = createRng(1);
    expect([rng.uint32(), rng.uint32(), rng.uint32()]).toEqual([2693262067, 11749833, 2265367787]);
    const draw = (seed: number) => {
      const stream = createRng(seed);
      return Array.from({ length: 50 }, () => stream.next());
    };
    expect(draw(1)).toEqual(draw(1));
    expect(draw(2)).not.toEqual(draw(1));
  });

  it('keeps every draw in its range', () => {
    const rng = createRng(hashString('ranges'));
    for (let i = 0; i < 10_000; i++) {
      const unit = rng.next();
      expect(unit >= 0 && unit < 1).toBe(true);
      const int = rng.int(3, 7);
      expect(Number.isInteger(int) && int >= 3 && int <= 7).toBe(true);
    }
    const seen = new Set(Array.from({ length: 1_000 }, () => rng.int(3, 7)));
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it('picks every item of a list over many draws, and refuses an empty list', () => {
    const rng = createRng(7);
    const items = ['a', 'b', 'c'] as const;
    expect(new Set(Array.from({ length: 300 }, () => rng.pick(items)))).toEqual(new Set(items));
    expect(() => rng.pick([])).toThrow(RangeError);
  });

  it('treats chance(0) as never and chance(1) as always', () => {
    const rng = createRng(9);
    const draws = Array.from({ length: 1_000 }, () => [rng.chance(0), rng.chance(1)]);
    expect(draws.every(([never, always]) => !never && always)).toBe(true);
  });
});

describe('hashString', () => {
  it('is FNV-1a (32-bit): known values, unsigned', () => {
    expect(hashString('')).toBe(0x811c9dc5);
    expect(hashString('a')).toBe(0xe40c292c);
    expect(hashString('banca-demo/games/PG')).toBe(3492250586);
  });
});
