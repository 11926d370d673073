import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'functions',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    passWithNoTests: true,
    // Loading rules into the emulator and clearing it take seconds on a busy 2-core machine.
    hookTimeout: 60_000,
    testTimeout: 120_000,
    // Starts a standalone Firestore emulator when one is installed (see the file); else the
    // emulator suites report that they did not run.
    globalSetup: ['test/firestore-emulator.setup.ts'],
  },
});
