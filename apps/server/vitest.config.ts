import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file opens its own embedded database (and PostgreSQL database): generous but bounded.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers only make the WASM databases fight for CPU.
    maxWorkers: 2,
  },
});
