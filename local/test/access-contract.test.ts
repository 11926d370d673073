/**
 * The access contract (shared/testing/access-contract.ts), every case, against the real local
 * server, real SQLite and real Auth emulator tokens. A refused case must also leave every document
 * as it was.
 */

import type { QuerySpec } from '@fit/shared/store';
import { accessContract, type ContractCase } from '@fit/shared/testing/access-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, startTestServer, type TestServer, type TestUser } from './helpers.ts';
import { clearStore, snapshotOf } from './store-helpers.ts';

let server: TestServer;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  // Reactions off: the contract is about the policy; reactions are tested on their own.
  server = await startTestServer({}, { reactions: false });
  owner = await signUp('owner');
  other = await signUp('other');
});

afterAll(async () => {
  await server?.dispose();
});

async function run(c: ContractCase, token: string | null) {
  switch (c.op) {
    case 'get':
      return call(server.url, '/api/get', { path: c.path }, token);
    case 'list':
      return call(
        server.url,
        '/api/query',
        { query: c.query ?? ({ collection: c.path } satisfies QuerySpec) },
        token,
      );
    case 'create':
      return call(
        server.url,
        '/api/commit',
        { writes: [{ kind: 'set', path: c.path, data: c.data }] },
        token,
      );
    case 'update':
      return call(
        server.url,
        '/api/commit',
        { writes: [{ kind: 'update', path: c.path, data: c.data }] },
        token,
      );
    case 'delete':
      return call(server.url, '/api/commit', { writes: [{ kind: 'delete', path: c.path }] }, token);
  }
}

describe('access contract', () => {
  // Built once with a placeholder time; each case is rebuilt with the server's time when it runs.
  const names = accessContract({ owner: 'owner', other: 'other', now: Date.now() }).map((c) => c.name);

  it('has unique case names and covers every collection x actor x op', () => {
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThan(200);
  });

  it.each(names)('%s', async (name) => {
    const c = accessContract({ owner: owner.uid, other: other.uid, now: Date.now() }).find(
      (x) => x.name === name,
    );
    if (!c) throw new Error(`case ${name} vanished`);
    clearStore(server.store);
    if (c.seed) server.store.seed(c.seed);
    const before = snapshotOf(server.store);
    const user = c.auth === owner.uid ? owner : other;
    const token = c.auth === null ? null : c.unverified ? user.unverifiedIdToken : user.idToken;
    const result = await run(c, token);
    if (c.expect === 'allow') {
      expect(result.body.error, JSON.stringify(result.body)).toBeUndefined();
      expect(result.status).toBe(200);
      return;
    }
    const expected =
      c.auth === null
        ? 'unauthenticated'
        : c.denyCode === 'invalid-argument'
          ? 'invalid-argument'
          : 'permission-denied';
    expect(result.body.error?.code, JSON.stringify(result.body)).toBe(expected);
    expect(result.status).toBe(
      expected === 'unauthenticated' ? 401 : expected === 'invalid-argument' ? 400 : 403,
    );
    expect(result.body.error?.message.length).toBeGreaterThan(10);
    if (c.reason) expect(result.body.error?.message).toContain(c.reason);
    expect(snapshotOf(server.store)).toEqual(before);
    expect(server.store.deliveries.pending()).toBe(0);
  });
});
