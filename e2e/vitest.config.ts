import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // A browser journey waits on real page loads; keep generous limits, but bounded.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One Chromium at a time on a 2-core machine keeps the journeys steady.
    fileParallelism: false,
  },
});
