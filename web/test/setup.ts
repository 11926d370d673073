import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Every wait's limit, set here only: a screen's first render (the weight chart's took 26 s) is slow under load.
// defaultHidden skips the per-element visibility check (getComputedStyle up the tree), the slowest part of
// role queries in jsdom; closed dialogs and collapsed sections are unmounted, so nothing hidden is matched.
configure({ asyncUtilTimeout: 45_000, defaultHidden: true });

// What a test leaves in this device's storage (the last unit system seen, the colour scheme) is not the next one's.
afterEach(() => {
  cleanup();
  if (typeof localStorage !== 'undefined') localStorage.clear(); // not in the node environment's files
});
