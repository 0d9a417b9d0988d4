import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'admin',
          include: ['tests/admin/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/admin/setup.ts'],
          testTimeout: 20000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // A test that boots a second server (every area) takes more than 30 s on a loaded 2-core machine.
          testTimeout: 60000,
          // Vitest's default on 2 cores is one file at a time; a file mostly waits on its database's work.
          maxWorkers: 2,
          // expect.poll's default (1 s) runs out on a loaded machine when each look drains the job queue.
          expect: { poll: { timeout: 10000 } },
          // Files that start a second or third server on one database (kept answers, concurrent writes) boot every area twice.
          hookTimeout: 120000,
          globalSetup: ['tests/server/globalSetup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120000,
          hookTimeout: 120000,
          fileParallelism: false,
          // A browser test that fails is run once more before it counts as failed: on a loaded 2-core
          // machine a screen now and then misses a wait (stop 48's CI lost a whole run to one). vitest
          // reports the retry; one that fails twice fails the run.
          retry: 1,
          // expect.poll's default (1 s) is short for a screen on a loaded 2-core machine.
          expect: { poll: { timeout: 10000 } },
          globalSetup: ['tests/e2e/globalSetup.ts'],
        },
      },
    ],
  },
});
