/**
 * Guards the two scaling rules: no reaction reads an unbounded collection, and no document but the
 * three paced boards is written by every user's activity (Firestore sustains about one write per
 * second per document). The store is wrapped to record every query, aggregate and write.
 */
import { describe, expect, it } from 'vitest';
import { paths } from '../../src/model.ts';
import {
  deleteAccountData,
  eventForWrite,
  expireProjections,
  followQueries,
  ITEM_DELETION_GRACE_MS,
  queryShape,
  REACTION_QUERY_SHAPES,
  type ReactionEvent,
  react,
  rebuildProjections,
  rollupBoards,
  sweepDeletedItems,
} from '../../src/reactions/index.ts';
import type { AggregateSpec, QuerySpec, ReactionStore, Transaction, WriteOp } from '../../src/store.ts';
import { MemoryStore } from '../../testing/memory-store.ts';
import { rep, T0 } from './helpers.ts';

interface Recorded {
  queries: { spec: QuerySpec; aggregate?: AggregateSpec }[];
  writes: WriteOp[];
}

function recording(inner: ReactionStore): ReactionStore & { log: Recorded } {
  const log: Recorded = { queries: [], writes: [] };
  return {
    log,
    get: (p) => inner.get(p),
    query: (spec) => {
      log.queries.push({ spec });
      return inner.query(spec);
    },
    aggregate: (spec, aggregate) => {
      log.queries.push({ spec, aggregate });
      return inner.aggregate(spec, aggregate);
    },
    commit: (writes) => {
      log.writes.push(...writes);
      return inner.commit(writes);
    },
    transact: (fn) =>
      inner.transact((tx) => {
        const wrapped: Transaction = {
          get: (p) => tx.get(p),
          query: (spec) => {
            log.queries.push({ spec });
            return tx.query(spec);
          },
          aggregate: (spec, aggregate) => {
            log.queries.push({ spec, aggregate });
            return tx.aggregate(spec, aggregate);
          },
          write: (op) => {
            log.writes.push(op);
            tx.write(op);
          },
        };
        return fn(wrapped);
      }),
  };
}

/**
 * A query is bounded when it has a limit, or is an aggregate over one user's activities in a
 * closed time range, or only counts one person's follows or followers, or one item's kudos or
 * comments (a count is billed a read per 1000 index entries and returns no documents).
 */
function boundedProblem(q: { spec: QuerySpec; aggregate?: AggregateSpec }): string | null {
  if (q.spec.limit !== undefined && q.spec.limit <= 500) return null;
  const countOnly = q.aggregate?.count === true && (q.aggregate.sum ?? []).length === 0;
  const follows = [queryShape(followQueries.following('u')), queryShape(followQueries.followersOf('u'))];
  if (countOnly && follows.includes(queryShape(q.spec))) return null;
  if (countOnly && /^users\/[^/]+\/(posts|reps)\/[^/]+\/(kudos|comments)$/.test(q.spec.collection))
    return null;
  if (q.aggregate && !q.spec.group && /^users\/[^/]+\/reps$/.test(q.spec.collection)) {
    const ops = (q.spec.where ?? []).filter((f) => f.field === 'timestamp').map((f) => f.op);
    if (ops.includes('>=') && ops.includes('<')) return null;
  }
  return `unbounded: ${queryShape(q.spec)}`;
}

describe('reactions stay bounded', () => {
  it('issue only bounded queries of declared shapes, and write no document for every user', async () => {
    const inner = new MemoryStore();
    const store = recording(inner);
    const users = Array.from({ length: 25 }, (_, i) => `u${i}`);
    const events: ReactionEvent[] = [];
    inner.onCommit((changes) => {
      for (const c of changes) {
        const e = eventForWrite(c.path, c.before, c.after);
        if (e) events.push(e);
      }
    });
    for (const u of users) {
      await inner.commit([
        { kind: 'set', path: paths.user(u), data: { displayName: u, currentWeight: 150 } },
        { kind: 'set', path: paths.rep(u, 'a'), data: rep('Running', { time: 10 }, T0) },
        {
          kind: 'set',
          path: paths.rep(u, 'b'),
          data: rep('Squats', { count: 5, time: 3, weightLifted: 50 }, T0 - 86_400_000),
        },
        { kind: 'set', path: paths.post(u, 'p'), data: { message: 'hi', timestamp: T0 } },
      ]);
      await inner.commit([
        { kind: 'update', path: paths.user(u), data: { displayName: `${u}!`, hideExerciseInfo: true } },
      ]);
      await inner.commit([{ kind: 'delete', path: paths.rep(u, 'b') }]);
    }
    for (const u of users.slice(1))
      await inner.commit([{ kind: 'set', path: paths.follow(u, 'u0'), data: { uid: 'u0', createdAt: T0 } }]);
    const env = { store, now: T0 + 1000, timeZone: 'UTC', feedKeep: 10 };
    const writersOf = new Map<string, Set<string>>();
    for (const e of events.splice(0)) {
      const before = store.log.writes.length;
      await react(env, e);
      for (const w of store.log.writes.slice(before)) {
        const set = writersOf.get(w.path) ?? new Set<string>();
        set.add(e.uid);
        writersOf.set(w.path, set);
      }
    }
    for (const [path, uids] of writersOf) {
      // Boards are written by whichever user's change reaches a top 3, paced to about once a
      // second per board (board-refresh.test.ts); every other document has one writer.
      if (path.startsWith(`${paths.boards}/`)) continue;
      // A card is written by each follow of its person, paced the same way (follows.test.ts).
      if (path === paths.person('u0')) continue;
      expect(uids.size, `${path} written for ${[...uids].join(',')}`).toBe(1);
    }

    // A post with a kudos and its counts (as the engagement reaction writes them), deleted: the
    // sweep past the grace period takes its social data.
    await inner.commit([
      {
        kind: 'set',
        path: paths.kudosOf('feedPosts', 'u1', 'p', 'u2'),
        data: { uid: 'u2', owner: 'u1', userName: 'u2', timestamp: T0 },
      },
      {
        kind: 'set',
        path: paths.engagement('feedPosts', 'u1', 'p'),
        data: {
          feed: 'feedPosts',
          owner: 'u1',
          itemId: 'u1_p',
          kudos: 1,
          kudosBy: [],
          comments: 0,
          asOf: T0,
        },
      },
    ]);
    await inner.commit([{ kind: 'delete', path: paths.post('u1', 'p') }]);
    for (const e of events.splice(0)) await react(env, e);
    // Another one deleted and written back (Undo): recounted from its kudos and comments.
    await inner.commit([
      {
        kind: 'set',
        path: paths.comment('feedPosts', 'u2', 'p', 'c'),
        data: { uid: 'u3', owner: 'u2', userName: 'u3', message: 'hi', timestamp: T0 },
      },
      { kind: 'delete', path: paths.post('u2', 'p') },
    ]);
    for (const e of events.splice(0)) await react(env, e);
    await inner.commit([
      { kind: 'set', path: paths.post('u2', 'p'), data: { message: 'hi', timestamp: T0 } },
    ]);
    for (const e of events.splice(0)) await react(env, e);
    expect(inner.snapshot()[paths.engagement('feedPosts', 'u2', 'p')]).toMatchObject({ comments: 1 });

    await rollupBoards(env);
    await expireProjections(env);
    expect(await sweepDeletedItems({ ...env, now: env.now + ITEM_DELETION_GRACE_MS })).toBe(1);
    await deleteAccountData(env, 'u0');
    await rebuildProjections(env, { apply: true });

    const shapes = new Set(REACTION_QUERY_SHAPES.map(queryShape));
    expect(store.log.queries.length).toBeGreaterThan(0);
    for (const q of store.log.queries) {
      expect(boundedProblem(q)).toBeNull();
      expect(shapes.has(queryShape(q.spec)), `undeclared query shape ${queryShape(q.spec)}`).toBe(true);
    }
  });

  it('the check itself catches an unbounded query', () => {
    expect(boundedProblem({ spec: { collection: 'feedPosts' } })).toMatch(/unbounded/);
    expect(boundedProblem({ spec: { collection: 'reps', group: true }, aggregate: { count: true } })).toMatch(
      /unbounded/,
    );
  });
});
