/**
 * Bad inputs of every kind, over HTTP against the real server: each refused with a clear message
 * and a Firestore-style code, and nothing written.
 */

import { calorieUnits } from '@fit/shared/formulas';
import { paths } from '@fit/shared/model';
import type { WriteOp } from '@fit/shared/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  commit,
  deleteAuthUser,
  signUp,
  startTestServer,
  type TestServer,
  type TestUser,
  withClaims,
} from './helpers.ts';
import { clearStore, snapshotOf } from './store-helpers.ts';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await startTestServer({}, { reactions: false });
  alice = await signUp('alice');
  bob = await signUp('bob');
});

afterAll(async () => {
  await server?.dispose();
});

function run(fields: Record<string, unknown> = {}) {
  const base = { activityType: 'Running', time: 30, timestamp: Date.now() };
  return { ...base, calorieUnits: calorieUnits(base), ...fields };
}

async function refused(
  writes: WriteOp[] | null,
  code: string,
  message: RegExp,
  options: { token?: string | null; raw?: string; route?: string } = {},
) {
  clearStore(server.store);
  const token = options.token === undefined ? alice.idToken : options.token;
  const result = await call(server.url, options.route ?? '/api/commit', { writes }, token, {
    ...(options.raw !== undefined ? { raw: options.raw } : {}),
  });
  expect(result.body.error?.code, JSON.stringify(result.body).slice(0, 500)).toBe(code);
  expect(result.body.error?.message).toMatch(message);
  expect(snapshotOf(server.store)).toEqual({});
  expect(server.store.deliveries.pending()).toBe(0);
  return result;
}

const rep = (uid: string, id = 'r1') => paths.rep(uid, id);

describe('refused writes leave nothing written', () => {
  it('wrong types', async () => {
    await refused(
      [{ kind: 'set', path: rep(alice.uid), data: run({ time: '30' }) }],
      'permission-denied',
      /time/,
    );
    await refused(
      [
        {
          kind: 'set',
          path: paths.weightRecord(alice.uid, 'w'),
          data: { weight: '180', timestamp: Date.now() },
        },
      ],
      'permission-denied',
      /weight/,
    );
    await refused(
      [{ kind: 'set', path: paths.user(alice.uid), data: { displayName: 42 } }],
      'permission-denied',
      /displayName/,
    );
  });

  it('negative and fractional numbers', async () => {
    await refused(
      [{ kind: 'set', path: rep(alice.uid), data: run({ time: -1 }) }],
      'permission-denied',
      /time/,
    );
    await refused(
      [{ kind: 'set', path: rep(alice.uid), data: run({ time: 1.5 }) }],
      'permission-denied',
      /time/,
    );
    const pushUps = { activityType: 'Push Ups', count: 2.5, time: 5, timestamp: Date.now() };
    await refused(
      [{ kind: 'set', path: rep(alice.uid), data: { ...pushUps, calorieUnits: calorieUnits(pushUps) } }],
      'permission-denied',
      /count/,
    );
  });

  it('unknown fields', async () => {
    await refused(
      [{ kind: 'set', path: rep(alice.uid), data: run({ boosted: true }) }],
      'permission-denied',
      /Unknown field: boosted/,
    );
  });

  it('a 1 MB string, over and under the document limit', async () => {
    await refused(
      [
        {
          kind: 'set',
          path: paths.post(alice.uid, 'p'),
          data: { message: 'x'.repeat(1_000_000), timestamp: Date.now() },
        },
      ],
      'permission-denied',
      /message/,
    );
    await refused(
      [
        {
          kind: 'set',
          path: paths.post(alice.uid, 'p'),
          data: { message: 'x'.repeat(1_100_000), timestamp: Date.now() },
        },
      ],
      'invalid-argument',
      /1 MiB/,
    );
  });

  it('malformed JSON and malformed requests', async () => {
    await refused(null, 'invalid-argument', /Malformed JSON/, { raw: '{"writes": [' });
    await refused(null, 'invalid-argument', /JSON object/, { raw: '[1,2]' });
    await refused(null, 'invalid-argument', /writes/, { raw: '{"writes": "all"}' });
    await refused([null as unknown as WriteOp], 'invalid-argument', /path/);
    await refused(
      [{ kind: 'merge', path: rep(alice.uid), data: {} } as unknown as WriteOp],
      'invalid-argument',
      /kind/,
    );
    await refused([{ kind: 'set', path: 'users', data: {} }], 'invalid-argument', /even number/);
    await refused(null, 'invalid-argument', /query/, { raw: '{"query": 3}', route: '/api/query' });
    await refused(null, 'invalid-argument', /document path/, { raw: '{"path": "users"}', route: '/api/get' });
  });

  it('unknown activity names', async () => {
    await refused(
      [{ kind: 'set', path: rep(alice.uid), data: run({ activityType: 'Levitation' }) }],
      'permission-denied',
      /activityType/,
    );
  });

  it('far-future and far-past timestamps', async () => {
    await refused(
      [{ kind: 'set', path: rep(alice.uid), data: run({ timestamp: Date.now() + 86_400_000 }) }],
      'permission-denied',
      /timestamp.*cannot be in the future/,
    );
    // Dated back beyond the limit, though with the time of the write (issue 11).
    await refused(
      [
        {
          kind: 'set',
          path: rep(alice.uid),
          data: run({ timestamp: Date.now() - 400 * 86_400_000, loggedAt: Date.now() }),
        },
      ],
      'permission-denied',
      /more than 366 days in the past/,
    );
    // Dated back without it.
    await refused(
      [{ kind: 'set', path: rep(alice.uid), data: run({ timestamp: Date.now() - 86_400_000 }) }],
      'permission-denied',
      /loggedAt/,
    );
    await refused(
      [{ kind: 'set', path: paths.post(alice.uid, 'p'), data: { message: 'hi', timestamp: 8.64e15 } }],
      'permission-denied',
      /timestamp/,
    );
  });

  it("another user's uid in the path or in the document", async () => {
    await refused([{ kind: 'set', path: rep(bob.uid), data: run() }], 'permission-denied', /another user/);
    await refused(
      [
        { kind: 'set', path: rep(alice.uid), data: run() },
        { kind: 'set', path: rep(bob.uid), data: run() },
      ],
      'permission-denied',
      /another user/,
    );
    await refused(
      [{ kind: 'set', path: paths.user(alice.uid), data: { userId: bob.uid, displayName: 'x' } }],
      'permission-denied',
      /userId/,
    );
  });

  it('a batch is all or nothing: one bad write refuses the valid ones', async () => {
    await refused(
      [
        { kind: 'set', path: rep(alice.uid, 'ok'), data: run() },
        { kind: 'set', path: rep(alice.uid, 'bad'), data: run({ time: 0 }) },
      ],
      'permission-denied',
      /time/,
    );
  });

  it('more than 500 writes', async () => {
    const writes: WriteOp[] = Array.from({ length: 501 }, (_, i) => ({
      kind: 'set',
      path: paths.weightRecord(alice.uid, `w${i}`),
      data: { weight: 150, timestamp: Date.now() },
    }));
    await refused(writes, 'invalid-argument', /at most 500/);
  });

  it('update of a missing document', async () => {
    await refused(
      [{ kind: 'update', path: rep(alice.uid, 'missing'), data: { time: 3 } }],
      'not-found',
      /missing/,
    );
  });

  it('projections are written by the server only', async () => {
    await refused(
      [{ kind: 'set', path: 'boards/daily', data: { reps: [] } }],
      'permission-denied',
      /only by the server/,
    );
  });
});

describe('tokens', () => {
  const write = (): WriteOp[] => [{ kind: 'set', path: rep(alice.uid), data: run() }];

  it('no token', async () => {
    const r = await refused(write(), 'unauthenticated', /no ID token/, { token: null });
    expect(r.status).toBe(401);
  });

  it('a malformed token and a malformed header', async () => {
    expect((await refused(write(), 'unauthenticated', /invalid/, { token: 'not-a-jwt' })).status).toBe(401);
    clearStore(server.store);
    const r = await call(server.url, '/api/commit', { writes: write() }, null, {
      headers: { Authorization: 'Basic abc' },
    });
    expect(r.status).toBe(401);
    expect(r.body.error?.message).toMatch(/Bearer/);
  });

  it('an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = withClaims(alice.idToken, { iat: past, exp: past + 3600, auth_time: past });
    expect((await refused(write(), 'unauthenticated', /expired/, { token: expired })).status).toBe(401);
  });

  it('account deletion with a forged sign-in time from the future: refused, nothing deleted', async () => {
    const dave = await signUp('dave');
    const ok = await commit(server.url, dave.idToken, [{ kind: 'set', path: rep(dave.uid), data: run() }]);
    expect(ok.status).toBe(200);
    // An emulator token is unsigned: without the skew bound this one would stay "recent" for a year.
    const future = withClaims(dave.idToken, { auth_time: Math.floor(Date.now() / 1000) + 365 * 24 * 3600 });
    const r = await call(server.url, '/api/deleteAccount', {}, future);
    expect(r.status).toBe(400);
    expect(r.body.error?.code).toBe('failed-precondition');
    expect(r.body.error?.message).toMatch(/requires-recent-login/);
    expect(server.store.readDoc(rep(dave.uid))).not.toBeNull();
  });

  it('a token of another project', async () => {
    const forged = withClaims(alice.idToken, {
      aud: 'real-project',
      iss: 'https://securetoken.google.com/real-project',
    });
    await refused(write(), 'unauthenticated', /invalid/, { token: forged });
  });

  it('a token of a deleted user', async () => {
    const carol = await signUp('carol');
    const ok = await commit(server.url, carol.idToken, [{ kind: 'set', path: rep(carol.uid), data: run() }]);
    expect(ok.status).toBe(200);
    await deleteAuthUser(carol);
    // The revocation check holds for LOCAL_REVOCATION_CHECK_MS (1 s by default), then is repeated.
    await new Promise((r) => setTimeout(r, 1100));
    const r = await refused(
      [{ kind: 'set', path: rep(carol.uid, 'r2'), data: run() }],
      'unauthenticated',
      /no longer exists/,
      {
        token: carol.idToken,
      },
    );
    expect(r.status).toBe(401);
  });

  it('every endpoint checks the token', async () => {
    for (const route of ['/api/get', '/api/query', '/api/aggregate', '/api/deleteAccount']) {
      const r = await call(
        server.url,
        route,
        { path: rep(alice.uid), query: { collection: paths.reps(alice.uid) } },
        null,
      );
      expect(r.status, route).toBe(401);
      expect(r.body.error?.code).toBe('unauthenticated');
    }
  });
});

describe('reads', () => {
  // The live socket's refusals (token, access, index): live.test.ts.
  it("another user's documents, as get, query and aggregate", async () => {
    clearStore(server.store);
    server.store.seed({ [rep(alice.uid)]: run() });
    const q = { collection: paths.reps(alice.uid) };
    for (const [route, body] of [
      ['/api/get', { path: rep(alice.uid) }],
      ['/api/query', { query: q }],
      ['/api/aggregate', { query: q, aggregate: { count: true } }],
    ] as const) {
      const r = await call(server.url, route, body, bob.idToken);
      expect(r.status, route).toBe(403);
      expect(r.body.error?.message, route).toMatch(/another user|private/);
    }
  });

  it('queries outside the supported Firestore subset: refused by name, no documents returned', async () => {
    clearStore(server.store);
    server.store.seed({ [rep(alice.uid)]: run() });
    const own = paths.reps(alice.uid);
    for (const [route, body, named] of [
      ['/api/query', { query: { collection: own, limitToLast: 1 } }, 'query.limitToLast'],
      [
        '/api/query',
        { query: { collection: own, endBefore: { values: [1], path: rep(alice.uid) } } },
        'query.endBefore',
      ],
      [
        '/api/query',
        { query: { collection: own, where: [{ field: 'tags', op: 'array-contains-any', value: ['a'] }] } },
        "the filter operator 'array-contains-any'",
      ],
      ['/api/aggregate', { query: { collection: own }, aggregate: { avg: ['time'] } }, 'aggregate.avg'],
    ] as const) {
      const r = await call(server.url, route, body, alice.idToken);
      expect(r.status, named).toBe(400);
      expect(r.body.error?.code, named).toBe('invalid-argument');
      expect(r.body.error?.message, named).toContain(`The local backend does not support ${named}`);
      expect(r.body, named).not.toHaveProperty('docs');
    }
  });

  it('unknown API routes answer JSON 404', async () => {
    const r = await call(server.url, '/api/nope', {}, alice.idToken);
    expect(r.status).toBe(404);
    expect(r.body.error?.code).toBe('not-found');
  });
});
