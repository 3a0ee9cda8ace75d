import { describe, expect, it } from 'vitest';
import { createKeyedThrottle } from './throttle';

describe('createKeyedThrottle', () => {
  it('accepts one call per interval per key and drops the rest (no trailing call)', () => {
    let nowMs = 0;
    const throttle = createKeyedThrottle<number>(1000, () => nowMs);
    expect(throttle.accept(7)).toBe(true);
    nowMs = 400;
    expect(throttle.accept(7)).toBe(false);
    expect(throttle.accept(8)).toBe(true);
    nowMs = 999;
    expect(throttle.accept(7)).toBe(false);
    nowMs = 1000;
    expect(throttle.accept(7)).toBe(true);
    // The dropped calls did not move the window.
    nowMs = 1500;
    expect(throttle.accept(7)).toBe(false);
    nowMs = 2000;
    expect(throttle.accept(7)).toBe(true);
  });
});
