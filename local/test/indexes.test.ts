/**
 * Index checks: a query whose composite index firestore.indexes.json lacks is refused with a
 * message naming the index, both by the unit and over HTTP against the real file.
 */

import { paths } from '@fit/shared/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexChecker } from '../src/indexes.ts';
import { call, signUp, startTestServer, type TestServer, type TestUser } from './helpers.ts';

describe('IndexChecker', () => {
  const checker = new IndexChecker({
    indexes: [
      {
        collectionGroup: 'boardEntries',
        queryScope: 'COLLECTION',
        fields: [
          { fieldPath: 'periodKey', order: 'ASCENDING' },
          { fieldPath: 'visible', order: 'ASCENDING' },
          { fieldPath: 'reps', order: 'DESCENDING' },
        ],
      },
    ],
    fieldOverrides: [
      {
        collectionGroup: 'reps',
        fieldPath: 'timestamp',
        indexes: [
          { order: 'ASCENDING', queryScope: 'COLLECTION' },
          { order: 'DESCENDING', queryScope: 'COLLECTION' },
          { order: 'DESCENDING', queryScope: 'COLLECTION_GROUP' },
        ],
      },
    ],
  });

  it('single-field queries need no declaration in collection scope', () => {
    expect(
      checker.problem({ collection: 'users/u/reps', orderBy: [{ field: 'timestamp', direction: 'desc' }] }),
    ).toBeNull();
    expect(
      checker.problem({ collection: 'feedPosts', where: [{ field: 'uid', op: '==', value: 'u' }] }),
    ).toBeNull();
    expect(
      checker.problem({
        collection: 'users/u/reps',
        where: [
          { field: 'timestamp', op: '>=', value: 1 },
          { field: 'timestamp', op: '<', value: 2 },
        ],
      }),
    ).toBeNull();
    // Equalities only: Firestore merges single-field indexes.
    expect(
      checker.problem({
        collection: 'boardEntries',
        where: [
          { field: 'periodKey', op: '==', value: 'd' },
          { field: 'uid', op: '==', value: 'u' },
        ],
      }),
    ).toBeNull();
  });

  it('a declared composite serves its query; the equality fields may come in any order', () => {
    expect(
      checker.problem({
        collection: 'boardEntries',
        where: [
          { field: 'visible', op: '==', value: true },
          { field: 'periodKey', op: '==', value: 'd' },
        ],
        orderBy: [{ field: 'reps', direction: 'desc' }],
        limit: 3,
      }),
    ).toBeNull();
  });

  it('an undeclared composite is named in the refusal', () => {
    const problem = checker.problem({
      collection: 'boardEntries',
      where: [
        { field: 'periodKey', op: '==', value: 'd' },
        { field: 'visible', op: '==', value: true },
      ],
      orderBy: [{ field: 'minutes', direction: 'desc' }],
    });
    expect(problem).toMatch(/composite index/);
    expect(problem).toMatch(
      /'boardEntries' on \(periodKey ASCENDING, visible ASCENDING, minutes DESCENDING\)/,
    );
    // The wrong direction is another index.
    expect(
      checker.problem({
        collection: 'boardEntries',
        where: [
          { field: 'periodKey', op: '==', value: 'd' },
          { field: 'visible', op: '==', value: true },
        ],
        orderBy: [{ field: 'reps', direction: 'asc' }],
      }),
    ).toMatch(/reps ASCENDING/);
    // Two orderings need a composite.
    expect(
      checker.problem({
        collection: 'users/u/reps',
        orderBy: [
          { field: 'activityType', direction: 'asc' },
          { field: 'timestamp', direction: 'desc' },
        ],
      }),
    ).toMatch(/composite/);
  });

  it('collection-group queries need declared single-field indexes', () => {
    expect(checker.problem({ collection: 'reps', group: true })).toBeNull();
    expect(
      checker.problem({
        collection: 'reps',
        group: true,
        orderBy: [{ field: 'timestamp', direction: 'desc' }],
      }),
    ).toBeNull();
    expect(
      checker.problem({
        collection: 'reps',
        group: true,
        orderBy: [{ field: 'timestamp', direction: 'asc' }],
      }),
    ).toMatch(/collection-group single-field index on 'reps.timestamp' \(ASCENDING\)/);
    expect(
      checker.problem({
        collection: 'posts',
        group: true,
        orderBy: [{ field: 'timestamp', direction: 'desc' }],
      }),
    ).toMatch(/fieldOverrides/);
  });
});

describe('over HTTP, against the real firestore.indexes.json', () => {
  let server: TestServer;
  let alice: TestUser;

  beforeAll(async () => {
    server = await startTestServer({}, { reactions: false });
    alice = await signUp('alice');
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('a query needing an undeclared index is refused with failed-precondition naming it', async () => {
    // No screen filters activities by reps count ordered by minutes: nobody declares this index.
    const query = {
      collection: paths.reps(alice.uid),
      where: [{ field: 'count', op: '==', value: 10 }],
      orderBy: [{ field: 'time', direction: 'desc' }],
    };
    for (const route of ['/api/query', '/api/aggregate']) {
      const r = await call(server.url, route, { query, aggregate: { count: true } }, alice.idToken);
      expect(r.status, route).toBe(400);
      expect(r.body.error?.code).toBe('failed-precondition');
      expect(r.body.error?.message).toMatch(/'reps' on \(count ASCENDING, time DESCENDING\)/);
      expect(r.body.error?.message).toMatch(/firestore\.indexes\.json/);
    }
  });
});
