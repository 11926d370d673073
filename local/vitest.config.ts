import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Integration tests against the real server, real SQLite and the real Auth emulator, which the
// global setup starts on free ports (other checkouts may hold 9099). The emulator takes a while to
// start on a busy 2-core machine, hence the generous timeouts; files run one at a time.
export default defineConfig({
  test: {
    name: 'local',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: [join(import.meta.dirname, 'test', 'global-setup.ts')],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
