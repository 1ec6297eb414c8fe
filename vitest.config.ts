import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace: pure packages, server API tests (app.inject) and web units.
export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one file at a time; most API files wait on PostgreSQL or
    // on servers they start, and each has a database of its own, so three run side by side.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'db',
          root: 'packages/db',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'demo',
          root: 'packages/demo',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['test/faults/**'],
          // The migrations run once per run, into templates each file's database is copied from.
          globalSetup: ['test/template-databases.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The fault tests start servers and clusters of their own and signal them at chosen instants:
        // they run after every other file, one at a time, so no other test's load moves those instants.
        test: {
          name: 'faults',
          root: 'server',
          include: ['test/faults/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      { test: { name: 'lint', root: 'lint', include: ['*.test.mjs'] } },
      { test: { name: 'web', root: 'web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom' } },
    ],
  },
});
