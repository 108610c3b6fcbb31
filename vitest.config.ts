import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine, where the
// unit and API files (each its own app and database, and waiting on PostgreSQL) run ~1.5–2× faster with
// two (npm test 245 → 180 s, API on PostgreSQL 206 → 106 s).
const maxWorkers = Math.max(2, os.availableParallelism() - 1);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          maxWorkers,
          include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
          // West of Greenwich, where reading a calendar day as UTC midnight shows the day before; CI runs in UTC.
          env: { TZ: 'America/Los_Angeles' },
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers,
        },
      },
      {
        // The real server on PostgreSQL behind a fault-injecting proxy (npm run test:faults).
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two files at a time (each its own server and browser): 572 → 369 s on 2 cores, all waits are
          // for visible states, never fixed sleeps.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
