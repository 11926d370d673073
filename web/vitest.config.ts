import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Without the React Compiler (vite.config.ts): babel would add about 40 s of transform to the
  // run. The browser journeys run the compiled build.
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // The Firestore emulator for the adapter's emulator suite, when one is installed (the
    // functions project's setup; it does nothing where FIRESTORE_EMULATOR_HOST is already set).
    globalSetup: ['../functions/test/firestore-emulator.setup.ts'],
    passWithNoTests: true,
    // The one test limit (files set none): a dashboard test (delete, then Undo) took 64 s under
    // load on 2 cores. Each wait's own limit is setup.ts's 45 s.
    testTimeout: 120_000,
    // Connecting to and clearing the Firestore emulator takes seconds on a busy 2-core machine.
    hookTimeout: 60_000,
  },
});
