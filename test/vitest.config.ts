import { defineConfig } from 'vitest/config';

// Hermetic: ignore any user-level vitest config; unit and e2e tests share one run.
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
