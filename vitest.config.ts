import { defineConfig } from 'vitest/config';

// One runner for the repo; each workspace keeps its own environment and timeouts.
// The browser journeys (e2e/) run separately, against the started stack: see scripts/run-e2e.mjs.
export default defineConfig({
  test: {
    projects: ['shared', 'functions', 'scripts', 'web'],
    // Vitest's default is one worker per core less one: a single worker on this 2-core machine,
    // where most files wait on the emulators (docs/testing.md has the figures).
    maxWorkers: 2,
  },
});
