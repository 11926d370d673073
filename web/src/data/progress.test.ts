import { paths } from '@fit/shared/model';
import type { DocSnapshot, StoreError } from '@fit/shared/store';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Progress, watchProgress } from './progress.ts';

const UID = 'u1';

/** A MemoryStore that says which documents are listened to right now. */
function listening() {
  const store = new MemoryStore();
  const open = new Set<string>();
  const listenDoc = store.listenDoc.bind(store);
  store.listenDoc = (
    path: string,
    onNext: (doc: DocSnapshot | null) => void,
    onError: (e: StoreError) => void,
  ) => {
    open.add(path);
    const stop = listenDoc(path, onNext, onError);
    return () => {
      open.delete(path);
      stop();
    };
  };
  return { store, open };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('watchProgress', () => {
  it('reads the summary and the years of the heat map, and answers once all have', async () => {
    const { store, open } = listening();
    store.seed({
      [paths.progress(UID)]: {
        uid: UID,
        timeZone: 'UTC',
        records: {},
        years: { '2020': [0, 5, 9], '2026': [0, 1, 1], '2027': [1, 0, 1] },
      },
      [paths.progressYear(UID, 2020)]: { uid: UID, days: { '06-01': [10, 0, 800, 1] } },
      [paths.progressYear(UID, 2026)]: { uid: UID, days: { '12-31': [20, 0, 1600, 1] } },
      [paths.progressYear(UID, 2027)]: { uid: UID, days: { '01-01': [30, 0, 2400, 1] } },
    });
    const answers: Progress[] = [];
    const stop = watchProgress(store, UID, () => Date.UTC(2027, 5, 1))(
      (p) => answers.push(p),
      (e) => {
        throw e;
      },
    );
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    // Three documents, whatever the length of the history (2020 stays unread).
    expect([...open].sort()).toEqual([
      paths.progress(UID),
      paths.progressYear(UID, 2026),
      paths.progressYear(UID, 2027),
    ]);
    expect([...(answers[0] as Progress).days.keys()]).toEqual(['2026-12-31', '2027-01-01']);
    expect((answers[0] as Progress).years).toEqual([2026, 2027]);
    expect((answers[0] as Progress).runs['2020']).toEqual([0, 5, 9]);

    // A change to one year reaches the value.
    await store.commit([
      {
        kind: 'set',
        path: paths.progressYear(UID, 2027),
        data: { uid: UID, days: { '01-02': [5, 0, 400, 1] } },
      },
    ]);
    await vi.waitFor(() => expect(answers.at(-1)?.days.has('2027-01-02')).toBe(true));
    stop();
    expect(open.size).toBe(0);
  });

  it('moves its listeners to the next years at New Year', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { store, open } = listening();
    let now = Date.UTC(2027, 11, 30, 12);
    const answers: Progress[] = [];
    const stop = watchProgress(
      store,
      UID,
      () => now,
    )(
      (p) => answers.push(p),
      (e) => {
        throw e;
      },
    );
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    expect(answers[0]?.years).toEqual([2026, 2027]);
    // East of UTC, 2028 begins first: its document is read from the day before.
    now = Date.UTC(2027, 11, 31, 12);
    await vi.advanceTimersByTimeAsync(24 * 3_600_000);
    await vi.waitFor(() => expect(answers.at(-1)?.years).toEqual([2026, 2027, 2028]));
    now = Date.UTC(2028, 0, 10);
    await vi.advanceTimersByTimeAsync(10 * 24 * 3_600_000);
    await vi.waitFor(() => expect(answers.at(-1)?.years).toEqual([2027, 2028]));
    expect([...open].sort()).toEqual([
      paths.progress(UID),
      paths.progressYear(UID, 2027),
      paths.progressYear(UID, 2028),
    ]);
    stop();
  });
});
