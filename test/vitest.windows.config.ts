import { defineConfig } from 'vitest/config';

const root = new URL('..', import.meta.url).pathname;

// `npm run test:windows` (scripts/test-windows.mjs): the tests under wine, one file at a time (wine is slow to start).
export default defineConfig({
  test: {
    root,
    pool: 'forks',
    include: ['test/windows/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
