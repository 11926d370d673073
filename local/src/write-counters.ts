/**
 * How often each document is written: the total, and the most writes within one wall-clock
 * second. The tests and `/api/admin/status` hold Firestore's guideline of about one write per
 * second per document with these (issue 8). In memory, since the server started.
 */

export interface WriteStats {
  readonly total: number;
  /** The most writes this document took within one wall-clock second. */
  readonly maxPerSecond: number;
}

interface Counter {
  total: number;
  /** The second (epoch seconds) `inSecond` counts. */
  second: number;
  inSecond: number;
  max: number;
}

export class WriteCounters {
  private readonly counters = new Map<string, Counter>();

  /** Counts one write of each path at `at` (epoch milliseconds). */
  count(paths: Iterable<string>, at: number): void {
    const second = Math.floor(at / 1000);
    for (const path of paths) {
      const c = this.counters.get(path) ?? { total: 0, second, inSecond: 0, max: 0 };
      if (c.second !== second) {
        c.second = second;
        c.inSecond = 0;
      }
      c.total++;
      c.inSecond++;
      c.max = Math.max(c.max, c.inSecond);
      this.counters.set(path, c);
    }
  }

  statsOf(path: string): WriteStats {
    const c = this.counters.get(path);
    return { total: c?.total ?? 0, maxPerSecond: c?.max ?? 0 };
  }

  /** Documents written more than `limit` times within one second, the hottest first. */
  hot(limit = 1): { path: string; maxPerSecond: number }[] {
    return [...this.counters]
      .filter(([, c]) => c.max > limit)
      .map(([path, c]) => ({ path, maxPerSecond: c.max }))
      .sort((a, b) => b.maxPerSecond - a.maxPerSecond);
  }

  reset(): void {
    this.counters.clear();
  }
}
