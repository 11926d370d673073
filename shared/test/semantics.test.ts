import { describe, expect, it } from 'vitest';
import {
  aggregateDocs,
  applyBatch,
  applyQuery,
  applyUpdate,
  applyWrite,
  comparePaths,
  compareValues,
  cursorOf,
  documentSize,
  effectiveOrderBy,
  getField,
  isCollectionPath,
  isDocPath,
  MAX_DOCUMENT_BYTES,
  MAX_WRITES_PER_COMMIT,
  matchesFilter,
  mergeData,
  queryProblem,
} from '../firestore/semantics.ts';
import { type DocData, type DocSnapshot, type QuerySpec, StoreError, type WriteOp } from '../src/store.ts';
import { intBetween, pick, seededRandom } from './rng.ts';

const doc = (path: string, data: DocData): DocSnapshot => ({
  path,
  id: path.split('/').pop() as string,
  data,
});
const paths = (docs: DocSnapshot[]) => docs.map((d) => d.path);

function storeError(fn: () => unknown): StoreError {
  try {
    fn();
  } catch (error) {
    if (error instanceof StoreError) return error;
    throw error;
  }
  throw new Error('expected a StoreError');
}

describe('value order (Firestore type order, then value)', () => {
  it('orders null < booleans < numbers < strings < arrays < maps', () => {
    const values = [{ a: 1 }, [1], 'a', 2, true, null, false, Number.NaN, -Infinity];
    const sorted = [...values].sort(compareValues);
    expect(sorted).toEqual([null, false, true, Number.NaN, -Infinity, 2, 'a', [1], { a: 1 }]);
  });

  it('compares strings by code point (UTF-8 byte order), not UTF-16 units', () => {
    expect(compareValues('Z', 'a')).toBeLessThan(0);
    expect(compareValues('a', 'ab')).toBeLessThan(0);
    // U+FFFF < U+1F600, although the emoji's first UTF-16 unit (0xD83D) is smaller
    expect(compareValues('\uffff', '😀')).toBeLessThan(0);
    expect('\uffff' < '😀').toBe(false);
  });

  it('string order equals code point order on random strings with astral characters (property loop)', () => {
    const rand = seededRandom(11);
    const alphabet = ['a', 'b', 'Z', '\u00e9', '\uffff', '\ud83d\ude00', '\ud83d\ude01', '\ud800\udc00', ''];
    const codePoints = (x: string) => Array.from(x, (c) => c.codePointAt(0) as number);
    const reference = (x: string, y: string) => {
      const a = codePoints(x);
      const b = codePoints(y);
      for (let i = 0; i < Math.min(a.length, b.length); i++)
        if (a[i] !== b[i]) return (a[i] as number) < (b[i] as number) ? -1 : 1;
      return Math.sign(a.length - b.length);
    };
    for (let i = 0; i < 2000; i++) {
      const x = Array.from({ length: intBetween(rand, 0, 4) }, () => pick(rand, alphabet)).join('');
      const y = Array.from({ length: intBetween(rand, 0, 4) }, () => pick(rand, alphabet)).join('');
      expect(Math.sign(compareValues(x, y)), JSON.stringify([x, y])).toBe(reference(x, y));
    }
  });

  it('is a consistent total order over mixed random values (antisymmetric, sort-stable)', () => {
    const rand = seededRandom(12);
    const leaf = () =>
      pick(rand, [
        null,
        true,
        false,
        0,
        -1,
        2.5,
        Number.NaN,
        '',
        'a',
        'b',
        [],
        [1],
        [1, 'a'],
        {},
        { a: 1 },
        { b: 0 },
      ]);
    const values = Array.from({ length: 300 }, () =>
      rand() < 0.2 ? [leaf(), leaf()] : rand() < 0.2 ? { k: leaf() } : leaf(),
    );
    for (let i = 0; i < values.length - 1; i++) {
      const a = values[i];
      const b = values[i + 1];
      expect(Math.sign(compareValues(a, b))).toBe(-Math.sign(compareValues(b, a)) || 0);
    }
    const sorted = [...values].sort(compareValues);
    for (let i = 0; i < sorted.length - 1; i++)
      expect(compareValues(sorted[i], sorted[i + 1])).toBeLessThanOrEqual(0);
  });

  it('compares arrays element-wise then by length, maps key by key', () => {
    expect(compareValues([1, 2], [1, 3])).toBeLessThan(0);
    expect(compareValues([1, 2], [1, 2, 0])).toBeLessThan(0);
    expect(compareValues({ a: 1, b: 2 }, { a: 1, c: 0 })).toBeLessThan(0);
    expect(compareValues({ b: 1 }, { a: 1, b: 1 })).toBeGreaterThan(0);
    expect(compareValues({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(0);
  });

  it('compares document paths segment by segment', () => {
    // As plain strings 'users/u1-2/...' < 'users/u1/...' ('-' < '/'); by segment 'u1' < 'u1-2'
    expect(comparePaths('users/u1/reps/z', 'users/u1-2/reps/a')).toBeLessThan(0);
    expect(comparePaths('a/b', 'a/b/c/d')).toBeLessThan(0);
    expect(comparePaths('a/b', 'a/b')).toBe(0);
  });
});

describe('queries', () => {
  const docs = [
    doc('c/d1', { n: 2, s: 'b' }),
    doc('c/d2', { n: 1, s: 'a' }),
    doc('c/d3', { n: 2, s: 'c', tag: null }),
    doc('c/d4', { s: 'd' }),
    doc('c/d5', { n: 'two', s: 'e' }),
    doc('c/d0', { n: 2 }),
    doc('other/x', { n: 1 }),
    doc('c/d1/sub/y', { n: 1 }),
  ];

  it('keeps only the collection, orders by field then by document path', () => {
    expect(paths(applyQuery({ collection: 'c' }, docs))).toEqual([
      'c/d0',
      'c/d1',
      'c/d2',
      'c/d3',
      'c/d4',
      'c/d5',
    ]);
    expect(paths(applyQuery({ collection: 'c', orderBy: [{ field: 'n', direction: 'asc' }] }, docs))).toEqual(
      ['c/d2', 'c/d0', 'c/d1', 'c/d3', 'c/d5'],
    );
  });

  it('breaks ties by path in the direction of the last orderBy', () => {
    const q: QuerySpec = { collection: 'c', orderBy: [{ field: 'n', direction: 'desc' }] };
    expect(paths(applyQuery(q, docs))).toEqual(['c/d5', 'c/d3', 'c/d1', 'c/d0', 'c/d2']);
  });

  it('a filter or orderBy on a field excludes documents lacking it', () => {
    expect(paths(applyQuery({ collection: 'c', where: [{ field: 'n', op: '>=', value: 0 }] }, docs))).toEqual(
      ['c/d2', 'c/d0', 'c/d1', 'c/d3'],
    );
    expect(
      paths(applyQuery({ collection: 'c', orderBy: [{ field: 's', direction: 'asc' }] }, docs)),
    ).not.toContain('c/d0');
    expect(matchesFilter({}, { field: 'n', op: '!=', value: 5 })).toBe(false);
    expect(matchesFilter({}, { field: 'n', op: 'not-in', value: [5] })).toBe(false);
    expect(matchesFilter({}, { field: 'n', op: '==', value: null })).toBe(false);
  });

  it('range filters match only values of the same type; != and not-in never match null', () => {
    expect(
      paths(applyQuery({ collection: 'c', where: [{ field: 'n', op: '<', value: 'zzz' }] }, docs)),
    ).toEqual(['c/d5']);
    expect(matchesFilter({ tag: null }, { field: 'tag', op: '!=', value: 'x' })).toBe(false);
    expect(matchesFilter({ tag: null }, { field: 'tag', op: 'not-in', value: ['x'] })).toBe(false);
    expect(matchesFilter({ tag: null }, { field: 'tag', op: '==', value: null })).toBe(true);
    expect(matchesFilter({ n: 2 }, { field: 'n', op: 'in', value: [1, 2] })).toBe(true);
    expect(matchesFilter({ a: [1, 'x'] }, { field: 'a', op: 'array-contains', value: 'x' })).toBe(true);
    expect(matchesFilter({ a: 'x' }, { field: 'a', op: 'array-contains', value: 'x' })).toBe(false);
    expect(matchesFilter({ m: { k: 3 } }, { field: 'm.k', op: '==', value: 3 })).toBe(true);
  });

  it('an inequality without orderBy orders by that field', () => {
    const q: QuerySpec = { collection: 'c', where: [{ field: 'n', op: '!=', value: 1 }] };
    expect(effectiveOrderBy(q)).toEqual([{ field: 'n', direction: 'asc' }]);
    expect(paths(applyQuery(q, docs))).toEqual(['c/d0', 'c/d1', 'c/d3', 'c/d5']);
  });

  it('collection groups match the last collection id at any depth', () => {
    const got = applyQuery({ collection: 'sub', group: true }, docs);
    expect(paths(got)).toEqual(['c/d1/sub/y']);
    const group = [doc('users/u1-2/reps/a', { t: 1 }), doc('users/u1/reps/z', { t: 1 })];
    expect(
      paths(
        applyQuery({ collection: 'reps', group: true, orderBy: [{ field: 't', direction: 'asc' }] }, group),
      ),
    ).toEqual(['users/u1/reps/z', 'users/u1-2/reps/a']);
  });

  it('limit applies after ordering', () => {
    expect(
      paths(applyQuery({ collection: 'c', orderBy: [{ field: 'n', direction: 'asc' }], limit: 2 }, docs)),
    ).toEqual(['c/d2', 'c/d0']);
  });

  it('pages with cursors visit every document exactly once, ties included (property loop)', () => {
    const rand = seededRandom(5);
    for (let round = 0; round < 40; round++) {
      const all = Array.from({ length: intBetween(rand, 0, 40) }, (_, i) =>
        doc(`users/u${intBetween(rand, 1, 3)}/reps/r${i}`, {
          t: intBetween(rand, 0, 5),
          c: pick(rand, [1, 2, 'x']),
        }),
      );
      const direction = pick(rand, ['asc', 'desc'] as const);
      const base: QuerySpec = {
        collection: 'reps',
        group: true,
        orderBy: [{ field: 't', direction }],
        limit: intBetween(rand, 1, 7),
      };
      const expected = paths(applyQuery({ ...base, limit: undefined } as QuerySpec, all));
      const seen: string[] = [];
      let spec: QuerySpec = base;
      for (let guard = 0; guard < 100; guard++) {
        const page = applyQuery(spec, all);
        seen.push(...paths(page));
        const last = page[page.length - 1];
        if (page.length < (base.limit as number) || !last) break;
        spec = { ...base, startAfter: cursorOf(last, base) };
      }
      expect(seen).toEqual(expected);
    }
  });

  describe('refuses query shapes Firestore refuses', () => {
    const bad: [string, QuerySpec][] = [
      ['a document path as collection', { collection: 'users/u1' }],
      ['an empty collection', { collection: '' }],
      ['a group id with a slash', { collection: 'users/u1/reps', group: true }],
      [
        'inequalities on two fields',
        {
          collection: 'c',
          where: [
            { field: 'a', op: '>', value: 1 },
            { field: 'b', op: '<', value: 1 },
          ],
        },
      ],
      [
        'first orderBy not the inequality field',
        {
          collection: 'c',
          where: [{ field: 'a', op: '>', value: 1 }],
          orderBy: [{ field: 'b', direction: 'asc' }],
        },
      ],
      ['an empty in', { collection: 'c', where: [{ field: 'a', op: 'in', value: [] }] }],
      [
        'in with 31 values',
        {
          collection: 'c',
          where: [{ field: 'a', op: 'in', value: Array.from({ length: 31 }, (_, i) => i) }],
        },
      ],
      ['in with a non-array', { collection: 'c', where: [{ field: 'a', op: 'in', value: 3 }] }],
      [
        'two array-contains',
        {
          collection: 'c',
          where: [
            { field: 'a', op: 'array-contains', value: 1 },
            { field: 'b', op: 'array-contains', value: 1 },
          ],
        },
      ],
      [
        'not-in with !=',
        {
          collection: 'c',
          where: [
            { field: 'a', op: 'not-in', value: [1] },
            { field: 'a', op: '!=', value: 2 },
          ],
        },
      ],
      ['a range on null', { collection: 'c', where: [{ field: 'a', op: '<', value: null }] }],
      ['an unknown operator', { collection: 'c', where: [{ field: 'a', op: 'like' as '==', value: 1 }] }],
      ['an empty field path segment', { collection: 'c', where: [{ field: 'a..b', op: '==', value: 1 }] }],
      ['an undefined value', { collection: 'c', where: [{ field: 'a', op: '==', value: undefined }] }],
      ['limit 0', { collection: 'c', limit: 0 }],
      ['a fractional limit', { collection: 'c', limit: 1.5 }],
      ['a bad direction', { collection: 'c', orderBy: [{ field: 'a', direction: 'up' as 'asc' }] }],
      [
        'a cursor with too many values',
        {
          collection: 'c',
          orderBy: [{ field: 'a', direction: 'asc' }],
          startAfter: { values: [1, 2], path: 'c/x' },
        },
      ],
      [
        'a cursor of another collection',
        {
          collection: 'c',
          orderBy: [{ field: 'a', direction: 'asc' }],
          startAfter: { values: [1], path: 'd/x' },
        },
      ],
      [
        'a range on the document name',
        { collection: 'c', where: [{ field: '__name__', op: '>', value: 'c/x' }] },
      ],
      [
        'a document name that is no path',
        { collection: 'c', where: [{ field: '__name__', op: 'in', value: ['x'] }] },
      ],
    ];
    it.each(bad)('%s', (_name, spec) => {
      expect(queryProblem(spec)).toEqual(expect.any(String));
      expect(storeError(() => applyQuery(spec, [])).code).toBe('invalid-argument');
    });

    it('allows the shapes the product uses', () => {
      const ok: QuerySpec[] = [
        { collection: 'users/u1/reps', orderBy: [{ field: 'timestamp', direction: 'desc' }], limit: 5 },
        { collection: 'reps', group: true, orderBy: [{ field: 'timestamp', direction: 'desc' }], limit: 30 },
        {
          collection: 'users/u1/reps',
          where: [
            { field: 'timestamp', op: '>=', value: 0 },
            { field: 'timestamp', op: '<', value: 10 },
          ],
          orderBy: [{ field: 'timestamp', direction: 'asc' }],
        },
        {
          collection: 'boardEntries',
          where: [
            { field: 'periodKey', op: '==', value: 'd2026-11-22' },
            { field: 'visible', op: '==', value: true },
          ],
          orderBy: [{ field: 'reps', direction: 'desc' }],
          limit: 3,
        },
      ];
      for (const spec of ok) expect(queryProblem(spec)).toBeNull();
    });

    it('filters by document name on the full path, over a group too', () => {
      const docs = [
        doc('u/a/k/me', { uid: 'me' }),
        doc('u/b/k/me', { uid: 'me' }),
        doc('u/c/k/bo', { uid: 'bo' }),
      ];
      const spec: QuerySpec = {
        collection: 'k',
        group: true,
        where: [
          { field: 'uid', op: '==', value: 'me' },
          { field: '__name__', op: 'in', value: ['u/b/k/me', 'u/c/k/bo', 'u/d/k/me'] },
        ],
      };
      expect(applyQuery(spec, docs).map((d) => d.path)).toEqual(['u/b/k/me']);
      expect(queryProblem({ collection: 'c', where: [{ field: '__name__', op: '>', value: 'c/x' }] })).toBe(
        "Invalid query: '__name__' takes '==' or 'in' only.",
      );
    });
  });
});

describe('aggregates', () => {
  it('counts and sums the query result; missing or non-numeric fields add 0', () => {
    const docs = [doc('c/a', { x: 2, y: 'no' }), doc('c/b', { x: 3.5 }), doc('c/c', {})];
    expect(aggregateDocs(docs, { count: true, sum: ['x', 'y', 'z'] })).toEqual({
      count: 3,
      sum: { x: 5.5, y: 0, z: 0 },
    });
  });
});

describe('writes', () => {
  it('set replaces; set with merge deep-merges maps; keys are literal field names', () => {
    const before = { a: { b: 1, c: 2 }, keep: true };
    expect(applyWrite(before, { kind: 'set', path: 'c/d', data: { a: { b: 9 } } })).toEqual({ a: { b: 9 } });
    expect(applyWrite(before, { kind: 'set', path: 'c/d', data: { a: { b: 9 } }, merge: true })).toEqual({
      a: { b: 9, c: 2 },
      keep: true,
    });
    expect(applyWrite(before, { kind: 'set', path: 'c/d', data: { 'a.b': 5 }, merge: true })).toEqual({
      a: { b: 1, c: 2 },
      keep: true,
      'a.b': 5,
    });
    expect(applyWrite(null, { kind: 'set', path: 'c/d', data: { x: 1 }, merge: true })).toEqual({ x: 1 });
  });

  it('set with merge of an empty map sets the field to an empty map (as Firestore does)', () => {
    expect(mergeData({ a: { b: 1 }, k: 1 }, { a: {} })).toEqual({ a: {}, k: 1 });
    expect(mergeData({ k: 1 }, {})).toEqual({ k: 1 });
  });

  it('update treats dotted keys as field paths and replaces whole maps otherwise', () => {
    const before = { a: { b: 1, c: 2 }, n: 1 };
    expect(applyUpdate(before, { 'a.b': 9 })).toEqual({ a: { b: 9, c: 2 }, n: 1 });
    expect(applyUpdate(before, { a: { b: 9 } })).toEqual({ a: { b: 9 }, n: 1 });
    expect(applyUpdate(before, { 'x.y.z': true })).toEqual({ ...before, x: { y: { z: true } } });
    expect(applyUpdate(before, { 'n.m': 1 })).toEqual({ a: { b: 1, c: 2 }, n: { m: 1 } });
    expect(before).toEqual({ a: { b: 1, c: 2 }, n: 1 }); // not mutated
    expect(storeError(() => applyUpdate(before, { a: 1, 'a.b': 2 })).code).toBe('invalid-argument');
    expect(storeError(() => applyUpdate(before, { 'a..b': 2 })).code).toBe('invalid-argument');
  });

  it('update of a missing document fails with not-found', () => {
    expect(storeError(() => applyWrite(null, { kind: 'update', path: 'c/d', data: { a: 1 } })).code).toBe(
      'not-found',
    );
  });

  it('update removes the top-level fields it names (deleteField), absent ones included', () => {
    const before = { a: 1, b: 2, c: { d: 3 } };
    expect(
      applyWrite(before, { kind: 'update', path: 'c/d', data: { a: 5 }, remove: ['b', 'c', 'zz'] }),
    ).toEqual({
      a: 5,
    });
    expect(
      storeError(() => applyWrite(null, { kind: 'update', path: 'c/d', data: {}, remove: ['a'] })).code,
    ).toBe('not-found');
    for (const remove of [['a'], [''], ['c.d']])
      expect(
        storeError(() => applyWrite(before, { kind: 'update', path: 'c/d', data: { a: 1 }, remove })).code,
        JSON.stringify(remove),
      ).toBe('invalid-argument');
  });

  it('refuses bad paths and values Firestore does not store', () => {
    const bad: WriteOp[] = [
      { kind: 'set', path: 'c', data: {} },
      { kind: 'set', path: 'c//d', data: {} },
      { kind: 'set', path: 'c/__x__', data: {} },
      { kind: 'set', path: 'c/d', data: { a: undefined } },
      { kind: 'set', path: 'c/d', data: { a: [[1]] } },
      { kind: 'set', path: 'c/d', data: { a: new Date(0) } },
      { kind: 'set', path: 'c/d', data: { a: Number.NaN } },
      { kind: 'set', path: 'c/d', data: { '': 1 } },
      { kind: 'delete', path: 'c/d/e' },
    ];
    for (const op of bad)
      expect(storeError(() => applyWrite({}, op)).code, JSON.stringify(op)).toBe('invalid-argument');
    expect(isDocPath('users/u1')).toBe(true);
    expect(isCollectionPath('users/u1/reps')).toBe(true);
    expect(isDocPath('users/u1/reps')).toBe(false);
  });

  it('reads nested fields', () => {
    expect(getField({ a: { b: { c: 1 } } }, 'a.b.c')).toBe(1);
    expect(getField({ a: { b: 1 } }, 'a.b.c')).toBeUndefined();
    expect(getField({ 'a.b': 1 }, 'a.b')).toBeUndefined();
  });
});

describe('limits', () => {
  it('counts document size as Firestore does (the documented 147-byte task example)', () => {
    const size = documentSize('users/jeff/tasks/my_task_id', {
      type: 'Personal',
      done: false,
      priority: 1,
      description: 'Learn Cloud Firestore',
    });
    expect(size).toBe(147);
    expect(documentSize('c/d', { s: 'é' })).toBe(documentSize('c/d', { s: 'e' }) + 1);
  });

  it('a batch holds at most 500 writes', () => {
    const writes = (n: number): WriteOp[] =>
      Array.from({ length: n }, (_, i) => ({ kind: 'set', path: `c/d${i}`, data: { i } }));
    expect(applyBatch(writes(MAX_WRITES_PER_COMMIT), () => null).size).toBe(500);
    expect(storeError(() => applyBatch(writes(501), () => null)).code).toBe('invalid-argument');
  });

  it('a document may be 1 MiB and not a byte more', () => {
    const overhead = documentSize('c/d', { s: '' });
    const fits = 'x'.repeat(MAX_DOCUMENT_BYTES - overhead);
    expect(documentSize('c/d', { s: fits })).toBe(MAX_DOCUMENT_BYTES);
    expect(
      applyBatch([{ kind: 'set', path: 'c/d', data: { s: fits } }], () => null).get('c/d')?.after,
    ).toEqual({ s: fits });
    expect(
      storeError(() => applyBatch([{ kind: 'set', path: 'c/d', data: { s: `${fits}x` } }], () => null)).code,
    ).toBe('invalid-argument');
    // a merge that grows an existing document past the limit is refused too
    expect(
      storeError(() =>
        applyBatch([{ kind: 'set', path: 'c/d', data: { t: 'yy' }, merge: true }], () => ({ s: fits })),
      ).message,
    ).toMatch(/1 MiB/);
  });

  it('a batch applies in order and reports each document before and after', () => {
    const changes = applyBatch(
      [
        { kind: 'set', path: 'c/a', data: { n: 1 } },
        { kind: 'update', path: 'c/a', data: { m: 2 } },
        { kind: 'delete', path: 'c/b' },
      ],
      (path) => (path === 'c/b' ? { old: true } : null),
    );
    expect(changes.get('c/a')).toEqual({ before: null, after: { n: 1, m: 2 } });
    expect(changes.get('c/b')).toEqual({ before: { old: true }, after: null });
  });
});
