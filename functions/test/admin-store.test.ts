/**
 * The firebase-admin adapter of the store port, offline: every query shape the reactions issue
 * (with paging cursors) builds into a valid admin Query and aggregate (the SDK validates cursors and
 * orderings as it builds them), and admin errors map to the port's codes. Its behaviour against a
 * live database runs in the contract/emulator suite where the Firestore emulator is available.
 */

import { cursorOf } from '@fit/shared/firestore/semantics';
import { REACTION_QUERY_SHAPES } from '@fit/shared/reactions/index';
import { StoreError } from '@fit/shared/store';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { AdminStore, toStoreError } from '../src/admin-store.ts';
import { isTransient } from '../src/errors.ts';

const app = initializeApp({ projectId: 'demo-fittrack-unit' }, 'admin-store-test');
const store = new AdminStore(getFirestore(app));
afterAll(() => deleteApp(app));

describe('AdminStore', () => {
  it.each(REACTION_QUERY_SHAPES.map((s, i) => [i, s] as const))(
    'builds reaction query %i, also as a next page',
    (_, spec) => {
      expect(() => store.toQuery(spec)).not.toThrow();
      const sample = {
        path: spec.group ? `users/u/${spec.collection}/x` : `${spec.collection}/x`,
        id: 'x',
        data: { timestamp: 1, reps: 1, minutes: 1, calories: 1 },
      };
      const next = { ...spec, startAfter: cursorOf(sample, spec) };
      expect(() => store.toQuery(next)).not.toThrow();
      const query = store.toQuery(next);
      expect(query).toBeDefined();
    },
  );

  it('refuses a query shape Firestore refuses, as invalid-argument', () => {
    expect(() =>
      store.toQuery({
        collection: 'feedPosts',
        where: [
          { field: 'a', op: '<', value: 1 },
          { field: 'b', op: '>', value: 1 },
        ],
      }),
    ).toThrow(StoreError);
  });

  it('maps admin (gRPC) errors to the port codes', () => {
    expect(toStoreError({ code: 10, message: 'contention' })).toMatchObject({
      code: 'aborted',
      message: 'contention',
    });
    expect(toStoreError({ code: 5, message: 'x' }).code).toBe('not-found');
    expect(toStoreError({ code: 14, message: 'x' }).code).toBe('unavailable');
    expect(toStoreError({ code: 'permission-denied', message: 'x' }).code).toBe('permission-denied');
    expect(toStoreError(new Error('boom')).code).toBe('internal');
  });

  it("leaves a reaction's own RangeError inside a transaction permanent, as MemoryStore does", async () => {
    // Not StoreError('internal'): that is transient, and the event would be retried (in place
    // under the emulator, for days deployed) for data that fails the same way every time.
    const own = new RangeError('Not a period key: x');
    const error = await store
      .transact(async () => {
        throw own;
      })
      .catch((e: unknown) => e);
    expect(error).toBe(own);
    expect(isTransient(error)).toBe(false);
  });
});
