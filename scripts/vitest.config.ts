import { defineConfig } from 'vitest/config';

// The scripts' own tests: installs, ports, and the `npm start` stack (real emulators, so slow
// to start on a busy 2-core machine; files run one at a time).
export default defineConfig({
  test: {
    name: 'scripts',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
