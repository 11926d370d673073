import { defineConfig } from 'vitest/config';

// Browser journeys against running stacks: scripts/run-e2e.mjs starts one per worker, and each
// file is pointed at its worker's stack before it loads (tests/pick-stack.ts).
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    setupFiles: ['tests/pick-stack.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
