/**
 * The Firestore subset of the local backend (local/README.md): every query or aggregate outside
 * it is refused with a message naming what is not supported, never silently answered as another
 * query. (Over HTTP, with nothing returned: bad-inputs.test.ts.)
 */
import { StoreError } from '@fit/shared/store';
import { describe, expect, it } from 'vitest';
import { requireAggregate, requireQuery, requireWrites } from '../src/wire.ts';

const reps = 'users/u1/reps';

function refusal(run: () => unknown): StoreError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe('invalid-argument');
    return error as StoreError;
  }
  throw new Error('expected a refusal');
}

describe('requireQuery', () => {
  it('accepts the supported subset as is', () => {
    const spec = {
      collection: reps,
      where: [
        { field: 'timestamp', op: '>=', value: 1 },
        { field: 'activityType', op: 'in', value: ['Running', 'Walking'] },
      ],
      orderBy: [{ field: 'timestamp', direction: 'desc' }],
      limit: 10,
      startAfter: { values: [5], path: `${reps}/r1` },
    };
    expect(requireQuery(spec)).toBe(spec);
    expect(requireQuery({ collection: 'reps', group: true })).toEqual({ collection: 'reps', group: true });
  });

  it.each([
    ['startAt', { startAt: { values: [1], path: `${reps}/r1` } }],
    ['endAt', { endAt: { values: [1], path: `${reps}/r1` } }],
    ['endBefore', { endBefore: { values: [1], path: `${reps}/r1` } }],
    ['limitToLast', { limitToLast: 3 }],
    ['offset', { offset: 10 }],
    ['or', { or: [{ field: 'a', op: '==', value: 1 }] }],
    ['select', { select: ['a'] }],
  ])('refuses query.%s, naming it and the supported keys', (key, extra) => {
    const error = refusal(() => requireQuery({ collection: reps, ...extra }));
    expect(error.message).toBe(
      `The local backend does not support query.${key} (supported: collection, group, where, orderBy, limit, startAfter).`,
    );
  });

  it("refuses Firestore's array-contains-any and any other operator, naming it", () => {
    for (const op of ['array-contains-any', 'LIKE', 'contains', '===']) {
      const error = refusal(() =>
        requireQuery({ collection: reps, where: [{ field: 'tags', op, value: ['a'] }] }),
      );
      expect(error.message).toContain(`does not support the filter operator '${op}'`);
      expect(error.message).toContain('supported: ==, !=, <, <=, >, >=, in, not-in, array-contains');
    }
  });

  it('refuses unknown keys inside filters, orderings and cursors', () => {
    expect(
      refusal(() =>
        requireQuery({
          collection: reps,
          where: [{ field: 'a', op: '==', value: 1, caseInsensitive: true }],
        }),
      ).message,
    ).toContain('query.where[].caseInsensitive');
    expect(
      refusal(() =>
        requireQuery({ collection: reps, orderBy: [{ field: 'a', direction: 'asc', nulls: 'last' }] }),
      ).message,
    ).toContain('query.orderBy[].nulls');
    expect(
      refusal(() =>
        requireQuery({
          collection: reps,
          orderBy: [{ field: 'a', direction: 'asc' }],
          startAfter: { values: [1], path: `${reps}/r1`, inclusive: true },
        }),
      ).message,
    ).toContain('query.startAfter.inclusive');
  });

  it('still refuses the shapes Firestore refuses (the shared semantics)', () => {
    expect(
      refusal(() =>
        requireQuery({
          collection: reps,
          where: [
            { field: 'a', op: '>', value: 1 },
            { field: 'b', op: '<', value: 1 },
          ],
        }),
      ).message,
    ).toMatch(/more than one field/);
    expect(refusal(() => requireQuery('users')).message).toMatch(/needs a `query` object/);
  });
});

describe('requireAggregate', () => {
  it('accepts count and sums', () => {
    expect(requireAggregate({ count: true, sum: ['time'] })).toEqual({ count: true, sum: ['time'] });
  });

  it('refuses average and other aggregations, naming them; and malformed ones', () => {
    expect(refusal(() => requireAggregate({ count: true, avg: ['time'] })).message).toBe(
      'The local backend does not support aggregate.avg (supported: count, sum).',
    );
    expect(refusal(() => requireAggregate({ count: 'yes' })).message).toMatch(/count must be a boolean/);
    expect(refusal(() => requireAggregate({ sum: 'time' })).message).toMatch(/list of field paths/);
    expect(refusal(() => requireAggregate(null)).message).toMatch(/needs an `aggregate` object/);
  });
});

describe('requireWrites', () => {
  it('accepts set (with merge), update and delete as they are', () => {
    const writes = [
      { kind: 'set', path: `${reps}/r1`, data: { a: 1 }, merge: true },
      { kind: 'update', path: `${reps}/r1`, data: { 'b.c': 2 } },
      { kind: 'delete', path: `${reps}/r2` },
    ];
    expect(requireWrites(writes)).toBe(writes);
  });

  it('refuses preconditions and transforms by name, an empty list, and a non-boolean merge', () => {
    expect(
      refusal(() =>
        requireWrites([{ kind: 'update', path: `${reps}/r1`, data: {}, precondition: { exists: true } }]),
      ).message,
    ).toBe('The local backend does not support writes[].precondition (supported: kind, path, data, merge).');
    expect(
      refusal(() => requireWrites([{ kind: 'set', path: `${reps}/r1`, data: {}, transforms: [] }])).message,
    ).toContain('writes[].transforms');
    expect(refusal(() => requireWrites([])).message).toMatch(/non-empty `writes` list/);
    expect(
      refusal(() => requireWrites([{ kind: 'set', path: `${reps}/r1`, data: {}, merge: 'yes' }])).message,
    ).toMatch(/merge must be a boolean/);
  });
});
