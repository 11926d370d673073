import { defineConfig } from 'vitest/config';
import { reactPlugins } from './vite.config.ts';

export default defineConfig({
  plugins: reactPlugins(),
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // The Firestore emulator for the adapter's emulator suite, when one is installed (the
    // functions project's setup; it does nothing where FIRESTORE_EMULATOR_HOST is already set).
    globalSetup: ['../functions/test/firestore-emulator.setup.ts'],
    passWithNoTests: true,
    testTimeout: 60_000,
    // Connecting to and clearing the Firestore emulator takes seconds on a busy 2-core machine.
    hookTimeout: 60_000,
  },
});
