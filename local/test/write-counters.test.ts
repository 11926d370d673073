import { describe, expect, it } from 'vitest';
import { WriteCounters } from '../src/write-counters.ts';

describe('WriteCounters', () => {
  it('counts totals and the most writes within one wall-clock second', () => {
    const c = new WriteCounters();
    c.count(['a', 'b'], 1_000);
    c.count(['a'], 1_999);
    c.count(['a'], 2_000); // a new second starts over
    c.count(['a'], 2_500);
    expect(c.statsOf('a')).toEqual({ total: 4, maxPerSecond: 2 });
    expect(c.statsOf('b')).toEqual({ total: 1, maxPerSecond: 1 });
    expect(c.statsOf('never')).toEqual({ total: 0, maxPerSecond: 0 });
  });

  it('hot documents: more than the limit in a second, the hottest first; reset forgets', () => {
    const c = new WriteCounters();
    c.count(['a', 'b', 'b', 'c', 'c', 'c'], 5_000);
    expect(c.hot()).toEqual([
      { path: 'c', maxPerSecond: 3 },
      { path: 'b', maxPerSecond: 2 },
    ]);
    expect(c.hot(2)).toEqual([{ path: 'c', maxPerSecond: 3 }]);
    c.reset();
    expect(c.hot(0)).toEqual([]);
  });
});
