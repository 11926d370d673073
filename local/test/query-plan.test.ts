/**
 * The query planner without a database: which queries take the fast path, the SQL and parameters
 * each produces, how bounds fold, and that unusual field names and values fall back to the slow
 * path rather than being embedded in SQL. (That the plans return Firestore's answers is
 * store.test.ts's, against SQLite and the in-memory store.)
 */
import type { QuerySpec } from '@fit/shared/store';
import { describe, expect, it } from 'vitest';
import {
  aggregateSql,
  boundsSql,
  candidatesSql,
  exactEquality,
  jsonPath,
  orderedStatements,
  planOrdered,
  sqlJson,
  withBound,
} from '../src/query-plan.ts';

const reps = 'users/u1/reps';
const byTime = (extra: Partial<QuerySpec> = {}): QuerySpec => ({
  collection: reps,
  orderBy: [{ field: 'timestamp', direction: 'desc' }],
  ...extra,
});

describe('field paths in SQL', () => {
  it('quotes every segment, doubling quotes', () => {
    expect(jsonPath('a.b')).toBe('$."a"."b"');
    expect(jsonPath('we"ird')).toBe('$."we""ird"');
  });

  it('embeds only plain identifiers; others (quotes, spaces, non-ASCII) are left to the slow path', () => {
    expect(sqlJson('timestamp')).toBe(`json_extract(data, '$."timestamp"')`);
    expect(sqlJson('nested.a_1')).toBe(`json_extract(data, '$."nested"."a_1"')`);
    for (const unsafe of ["a'b", 'a b', 'é', '1a', 'a..b', "x') OR 1=1 --"])
      expect(sqlJson(unsafe)).toBeNull();
  });

  it('equality is exact per type; values are parameters, never SQL text', () => {
    const text = exactEquality('name', "x' OR '1'='1");
    expect(text?.params).toEqual(["x' OR '1'='1"]);
    expect(text?.sql).not.toContain('OR');
    expect(text?.sql).toContain("= 'text'");
    expect(exactEquality('n', 3)?.sql).toContain("IN ('integer', 'real')");
    expect(exactEquality('flag', true)).toEqual({
      sql: `json_type(data, '$."flag"') = 'true' AND json_extract(data, '$."flag"') = ?`,
      params: [1],
    });
    for (const other of [null, { a: 1 }, [1], Number.NaN, Number.POSITIVE_INFINITY])
      expect(exactEquality('n', other)).toBeNull();
    expect(exactEquality("a'b", 'x')).toBeNull();
  });
});

describe('candidatesSql (slow path)', () => {
  it('a collection reads by parent, a group by collection id, with the exact equalities', () => {
    expect(candidatesSql({ collection: reps })).toEqual({
      sql: 'SELECT path, data FROM docs WHERE parent = ?',
      params: [reps],
    });
    const group = candidatesSql({
      collection: 'reps',
      group: true,
      where: [
        { field: 'activityType', op: '==', value: 'Running' },
        { field: 'time', op: '>', value: 5 },
        { field: 'nested', op: '==', value: { a: 1 } },
      ],
    });
    expect(group.sql.startsWith('SELECT path, data FROM docs WHERE coll = ? AND ')).toBe(true);
    // the range and the map equality stay with applyQuery
    expect(group.params).toEqual(['reps', 'Running']);
  });
});

describe('planOrdered (fast path)', () => {
  it('one ordering field: scope, numeric type, equalities; probes for other types', () => {
    const plan = planOrdered(byTime({ where: [{ field: 'activityType', op: '==', value: 'Running' }] }));
    expect(plan).not.toBeNull();
    expect(plan?.direction).toBe('desc');
    expect(plan?.where.params).toEqual([reps, 'Running']);
    expect(plan?.where.sql).toContain(`json_type(data, '$."timestamp"') IN ('integer', 'real')`);
    expect(plan?.probes).toHaveLength(3);
    for (const probe of plan?.probes ?? []) {
      expect(probe.sql).toMatch(/^SELECT 1 FROM docs WHERE parent = \? AND .* LIMIT 1$/);
      expect(probe.params).toEqual([reps, 'Running']);
    }
  });

  it('a numeric range on the ordering field needs no probe and folds into the tighter bounds', () => {
    const plan = planOrdered({
      collection: reps,
      where: [
        { field: 'timestamp', op: '>=', value: 10 },
        { field: 'timestamp', op: '>', value: 10 },
        { field: 'timestamp', op: '>', value: 5 },
        { field: 'timestamp', op: '<', value: 99 },
        { field: 'timestamp', op: '<=', value: 50 },
      ],
    });
    expect(plan?.probes).toEqual([]);
    expect(plan?.direction).toBe('asc'); // the inequality field, ascending
    expect(plan?.lower).toEqual({ v: 10, strict: true });
    expect(plan?.upper).toEqual({ v: 50, strict: false });
    if (!plan) return;
    expect(boundsSql(plan)).toEqual({
      sql: ` AND json_extract(data, '$."timestamp"') > ? AND json_extract(data, '$."timestamp"') <= ?`,
      params: [10, 50],
    });
  });

  it('withBound keeps the tighter bound and does not change the plan it was given', () => {
    const plan = planOrdered(byTime());
    if (!plan) throw new Error('expected a plan');
    const a = withBound(plan, '>=', 5);
    expect(plan.lower).toBeUndefined();
    expect(withBound(a, '>=', 4).lower).toEqual({ v: 5, strict: false });
    expect(withBound(a, '>', 5).lower).toEqual({ v: 5, strict: true });
    expect(withBound(a, '>', 6).lower).toEqual({ v: 6, strict: true });
    expect(withBound(withBound(a, '<', 9), '<=', 9).upper).toEqual({ v: 9, strict: true });
  });

  it('no fast path: two orderings, no ordering, unsafe fields, inexact filters', () => {
    const none: QuerySpec[] = [
      { collection: reps },
      { collection: reps, where: [{ field: 'activityType', op: '==', value: 'Running' }] },
      {
        collection: reps,
        orderBy: [
          { field: 'a', direction: 'asc' },
          { field: 'b', direction: 'asc' },
        ],
      },
      { collection: reps, orderBy: [{ field: 'we ird', direction: 'asc' }] },
      byTime({ where: [{ field: 'tags', op: 'array-contains', value: 'x' }] }),
      byTime({ where: [{ field: 'activityType', op: 'in', value: ['Running'] }] }),
      byTime({ where: [{ field: 'nested', op: '==', value: { a: 1 } }] }),
      byTime({ where: [{ field: "a'b", op: '==', value: 1 }] }),
      { collection: reps, where: [{ field: 'timestamp', op: '>', value: 'text' }] },
      { collection: reps, where: [{ field: 'timestamp', op: '!=', value: 3 }] },
    ];
    for (const spec of none) expect(planOrdered(spec), JSON.stringify(spec)).toBeNull();
  });
});

describe('orderedStatements', () => {
  it('orders by the value then the path, LIMIT in SQL, ties at the limit fetched by value', () => {
    const spec = byTime({ limit: 50 });
    const plan = planOrdered(spec);
    const st = plan && orderedStatements(spec, plan);
    if (!st) throw new Error('expected statements');
    expect(st.atCursor).toBeNull();
    expect(st.main.sql).toMatch(/ORDER BY json_extract\(data, '\$\."timestamp"'\) DESC, path DESC LIMIT 50$/);
    expect(st.main.params).toEqual([reps]);
    const tied = st.tiedAt(1234);
    expect(tied.sql).toMatch(/AND json_extract\(data, '\$\."timestamp"'\) = \?$/);
    expect(tied.params).toEqual([reps, 1234]);
  });

  it('a cursor fetches its ties and becomes a strict bound in the direction of the order', () => {
    const desc = byTime({ limit: 2, startAfter: { values: [100], path: `${reps}/r9` } });
    const plan = planOrdered(desc);
    const st = plan && orderedStatements(desc, plan);
    if (!st) throw new Error('expected statements');
    expect(st.atCursor?.params).toEqual([reps, 100]);
    expect(st.main.sql).toContain(`json_extract(data, '$."timestamp"') < ?`);
    expect(st.main.params).toEqual([reps, 100]);

    const asc: QuerySpec = {
      collection: reps,
      orderBy: [{ field: 'timestamp', direction: 'asc' }],
      where: [{ field: 'timestamp', op: '>', value: 200 }],
      startAfter: { values: [100], path: `${reps}/r9` },
    };
    const ascPlan = planOrdered(asc);
    const ascSt = ascPlan && orderedStatements(asc, ascPlan);
    // the filter (> 200) is tighter than the cursor (> 100): one bound, the filter's
    expect(ascSt?.main.params).toEqual([reps, 200]);
  });

  it('a cursor value that is not a finite number takes the slow path', () => {
    for (const value of ['text', null, true]) {
      const spec = byTime({ startAfter: { values: [value], path: `${reps}/r1` } });
      const plan = planOrdered(spec);
      expect(plan && orderedStatements(spec, plan)).toBeNull();
    }
  });
});

describe('aggregateSql', () => {
  it('count and typed sums from the index, with the bounds', () => {
    const plan = planOrdered({ collection: reps, where: [{ field: 'timestamp', op: '>=', value: 7 }] });
    if (!plan) throw new Error('expected a plan');
    const agg = aggregateSql(plan, ['time', 'calorieUnits']);
    expect(agg?.sql).toMatch(
      /^SELECT count\(\*\) AS n, total\(CASE WHEN .* END\) AS s0, total\(.*\) AS s1 FROM docs WHERE /,
    );
    expect(agg?.params).toEqual([reps, 7]);
    expect(aggregateSql(plan, ["bad'field"])).toBeNull();
  });
});
