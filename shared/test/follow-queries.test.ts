import { describe, expect, it } from 'vitest';
import { chunked, followWebQueries, IN_CHUNK, newestOf, rankPlaces } from '../src/follow-queries.ts';

describe('the Following view in the browser', () => {
  it('asks at most 30 uids per in-query', () => {
    const uids = Array.from({ length: 65 }, (_, i) => `u${i}`);
    const chunks = chunked(uids);
    expect(chunks.map((c) => c.length)).toEqual([IN_CHUNK, IN_CHUNK, 5]);
    expect(chunks.flat()).toEqual(uids);
    for (const chunk of chunks) {
      const spec = followWebQueries.entriesOf('d2026-11-22', chunk);
      expect(spec.where?.find((w) => w.op === 'in')?.value).toHaveLength(chunk.length);
      expect(spec.where).toContainEqual({ field: 'visible', op: '==', value: true });
      expect(spec.limit).toBe(chunk.length);
    }
  });

  it('ranks entries as the rollup does: value descending, then uid; zero is no place; top 3', () => {
    const e = (uid: string, minutes: number) => ({
      uid,
      userName: uid.toUpperCase(),
      values: { reps: 0, minutes, calories: 0 },
    });
    const entries = [e('d', 10), e('b', 30), e('a', 30), e('c', 50), e('z', 0)];
    expect(rankPlaces(entries, 'minutes')).toEqual([
      { uid: 'c', userName: 'C', value: 50 },
      { uid: 'a', userName: 'A', value: 30 },
      { uid: 'b', userName: 'B', value: 30 },
    ]);
    expect(rankPlaces(entries, 'reps')).toEqual([]);
  });

  it('merges chunks into the newest 30', () => {
    const item = (t: number) => ({ timestamp: t });
    const a = Array.from({ length: 30 }, (_, i) => item(100 - 2 * i));
    const b = Array.from({ length: 30 }, (_, i) => item(99 - 2 * i));
    const merged = newestOf([a, b]);
    expect(merged).toHaveLength(30);
    expect(merged.map((m) => m.timestamp)).toEqual(Array.from({ length: 30 }, (_, i) => 100 - i));
  });
});
