import { defineConfig } from 'vitest/config';

// The scripts' own tests: installs, ports, and the `npm start` stack (real emulators, so slow
// to start on a busy 2-core machine). Its files run beside the others': one at a time, the stack's
// 100 s ran alone at the end of `npm test` with the second worker idle.
export default defineConfig({
  test: {
    name: 'scripts',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
