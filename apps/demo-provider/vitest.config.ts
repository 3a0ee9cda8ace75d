import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The RTP simulations run a million spins per game in one test.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
