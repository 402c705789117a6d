import { defineConfig } from 'vitest/config';

const root = new URL('..', import.meta.url).pathname;

// Hermetic: ignore any user-level vitest config. Two projects: unit tests (pure code, and in-process commands with
// tiny fixture scripts) with a short timeout; end-to-end tests (the built bundle fired as Cursor fires it) with a long one.
export default defineConfig({
  test: {
    root,
    pool: 'forks',
    projects: [
      {
        test: {
          name: 'unit',
          root,
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'test/windows/**'],
          testTimeout: 15_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          root,
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
