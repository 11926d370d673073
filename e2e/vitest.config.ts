import { defineConfig } from 'vitest/config';

// Browser journeys against a running stack (scripts/run-e2e.mjs starts it and passes its URLs).
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
