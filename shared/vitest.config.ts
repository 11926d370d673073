import { defineConfig } from 'vitest/config';

// Property and pacing tests run thousands of steps: seconds on a busy 2-core machine, not 5 s.
export default defineConfig({
  test: {
    name: 'shared',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    passWithNoTests: true,
    testTimeout: 120_000,
  },
});
