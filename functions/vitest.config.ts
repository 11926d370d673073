import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'functions', environment: 'node', include: ['test/**/*.test.ts'], passWithNoTests: true },
});
