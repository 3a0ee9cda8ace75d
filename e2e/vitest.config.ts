import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // A browser journey waits on real page loads; keep generous limits, but bounded.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One more try for a journey that failed: a browser on a shared two-core machine sometimes
    // loses a race no user would (an element remounting between find and scroll). A test that
    // passes only on its retry is still named in npm test's summary as flaky, to be fixed.
    retry: 1,
    // Each file starts its own platform (database, server, demo provider, sandbox PSP) and
    // browser, so files are independent: two at a time, since a journey mostly waits on pages
    // and timers (the suite took 474 s one file at a time on two cores).
    fileParallelism: true,
    maxWorkers: 2,
  },
});
