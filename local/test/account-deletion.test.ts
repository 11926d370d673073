/**
 * Deletion is final in local mode: a write right after the deleteAccount endpoint answers is
 * refused (no token-cache window), the user's live stream is closed, a user deleted directly in the
 * Auth emulator loses documents and board places (the backstop sweep), a deletion interrupted
 * after its tombstone completes at the next start or on retry, and a long deletion leaves the
 * server answering other requests while it runs.
 */
import { type LiveServerMessage, LOCAL_API } from '@fit/shared/local-protocol';
import { paths } from '@fit/shared/model';
import type { DocSnapshot } from '@fit/shared/store';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { readConfig } from '../src/config.ts';
import { startLocalServer } from '../src/server.ts';
import { activity, profile, verifiedUser } from './accounts-helpers.ts';
import {
  ADMIN_TOKEN,
  admin,
  authHost,
  call,
  commit,
  deleteAuthUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from './helpers.ts';
import { snapshotOf } from './store-helpers.ts';

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function server(env: Record<string, string> = {}): Promise<TestServer> {
  const s = await startTestServer(env);
  servers.push({ close: () => s.dispose() });
  return s;
}

/**
 * Opens the live socket (`LOCAL_API.live`) with one listener on a document and waits for its first
 * result; `closed` resolves when the server ends the socket.
 */
async function openLive(base: string, token: string, path: string) {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${LOCAL_API.live}`);
  const closed = new Promise<boolean>((resolve) => ws.once('close', () => resolve(true)));
  const first = new Promise<LiveServerMessage>((resolve) =>
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as LiveServerMessage;
      if (m.type === 'doc' || m.type === 'refused' || m.type === 'fatal') resolve(m);
    }),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'auth', token }));
  ws.send(JSON.stringify({ type: 'add', id: 'l1', path }));
  expect((await first).type).toBe('doc');
  return { closed, cancel: () => ws.close() };
}

async function until<T>(what: string, probe: () => T | Promise<T>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function writeProfileAndActivity(base: string, user: TestUser, name: string): Promise<void> {
  const r = await commit(base, user.idToken, [
    { kind: 'set', path: paths.user(user.uid), data: profile(user, name) },
    { kind: 'set', path: paths.rep(user.uid, 'a1'), data: activity(30) },
  ]);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

function docsOf(s: TestServer, uid: string): string[] {
  const snapshot = snapshotOf(s.store);
  return Object.entries(snapshot)
    .filter(
      ([path, data]) =>
        path.startsWith(`users/${uid}/`) ||
        path === `users/${uid}` ||
        (!path.startsWith('tombstones/') && (data as { uid?: unknown }).uid === uid),
    )
    .map(([path]) => path);
}

function boardsShow(s: TestServer, uid: string): boolean {
  for (const kind of ['daily', 'weekly', 'monthly'] as const) {
    const board = s.store.readDoc(paths.board(kind)) as DocSnapshot | null;
    if (board && JSON.stringify(board.data).includes(uid)) return true;
  }
  return false;
}

describe('account deletion in local mode', () => {
  it('refuses a write right after the deleteAccount answer and closes the live stream', async () => {
    const s = await server();
    const user = await verifiedUser('final');
    await writeProfileAndActivity(s.url, user, 'Final User');
    // The token's check is cached now (LOCAL_REVOCATION_CHECK_MS default 1000 ms).
    expect((await call(s.url, '/api/get', { path: paths.user(user.uid) }, user.idToken)).status).toBe(200);
    const live = await openLive(s.url, user.idToken, paths.user(user.uid));

    const deleted = await call(s.url, '/api/deleteAccount', {}, user.idToken);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const late = await commit(s.url, user.idToken, [
      { kind: 'set', path: paths.rep(user.uid, 'late'), data: activity(10) },
    ]);
    expect(late.status).toBe(401);
    expect(late.body.error?.message).toMatch(/no longer exists/);
    expect(s.store.readDoc(paths.rep(user.uid, 'late'))).toBeNull();
    expect(await Promise.race([live.closed, new Promise((r) => setTimeout(() => r(false), 5000))])).toBe(
      true,
    );
    expect(await s.verifier.missingUsers([user.uid])).toEqual([user.uid]);
  });

  it('removes the documents and board places of a user deleted directly in the Auth emulator', async () => {
    const s = await server({ LOCAL_ACCOUNT_SWEEP_MS: '300' });
    const gone = await verifiedUser('gone');
    const stays = await verifiedUser('stays');
    await writeProfileAndActivity(s.url, gone, 'Gone User');
    await writeProfileAndActivity(s.url, stays, 'Stays User');
    await admin(s.url, '/api/admin/idle', { timeoutMs: 30_000 });
    await admin(s.url, '/api/admin/rollup');
    expect(boardsShow(s, gone.uid)).toBe(true);
    const live = await openLive(s.url, gone.idToken, paths.user(gone.uid));

    await deleteAuthUser(gone);
    await until('the sweep', () => docsOf(s, gone.uid).length === 0);
    expect(await Promise.race([live.closed, new Promise((r) => setTimeout(() => r(false), 5000))])).toBe(
      true,
    );
    await admin(s.url, '/api/admin/idle', { timeoutMs: 30_000 });
    await admin(s.url, '/api/admin/rollup');
    expect(boardsShow(s, gone.uid)).toBe(false);
    expect(s.store.readDoc(paths.tombstone(gone.uid))).not.toBeNull();
    // The other user keeps everything.
    expect(s.store.readDoc(paths.user(stays.uid))).not.toBeNull();
    expect(boardsShow(s, stays.uid)).toBe(true);
    // A write with the deleted user's token is refused and writes nothing.
    const late = await commit(s.url, gone.idToken, [
      { kind: 'set', path: paths.rep(gone.uid, 'late'), data: activity(10) },
    ]);
    expect(late.status).toBe(401);
    expect(docsOf(s, gone.uid)).toEqual([]);
  });

  it('completes a deletion interrupted after its tombstone, at the next start and on retry', async () => {
    const first = await server();
    const crashed = await verifiedUser('crashed');
    const retried = await verifiedUser('retried');
    await writeProfileAndActivity(first.url, crashed, 'Crashed Deletion');
    await writeProfileAndActivity(first.url, retried, 'Retried Deletion');
    await admin(first.url, '/api/admin/idle', { timeoutMs: 30_000 });
    // What a crash between the tombstone and the auth delete leaves: the tombstone, the data, the account.
    await first.store.commit([
      { kind: 'set', path: paths.tombstone(crashed.uid), data: { uid: crashed.uid, deletedAt: Date.now() } },
    ]);
    await first.close();
    servers.splice(0); // closed; its folder is reused below

    const config = readConfig({
      FIREBASE_AUTH_EMULATOR_HOST: authHost(),
      LOCAL_PORT: '0',
      LOCAL_DATA_DIR: first.dataDir,
      LOCAL_ADMIN_TOKEN: ADMIN_TOKEN,
      LOCAL_ACCOUNT_SWEEP_MS: '0',
      LOCAL_WEB_DIST: `${first.dataDir}/no-web-dist`,
    });
    const second = await startLocalServer(config);
    servers.push({ close: () => second.close() });
    const s = second as unknown as TestServer;
    await until(
      'the resumed deletion',
      async () => (await second.verifier.missingUsers([crashed.uid])).length === 1,
    );
    expect(docsOf(s, crashed.uid)).toEqual([]);

    // Retry: the user asks again after an interrupted deletion (tombstone written, rest not).
    await second.store.commit([
      { kind: 'set', path: paths.tombstone(retried.uid), data: { uid: retried.uid, deletedAt: Date.now() } },
    ]);
    const again = await call(second.url, '/api/deleteAccount', {}, retried.idToken);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(docsOf(s, retried.uid)).toEqual([]);
    expect(await second.verifier.missingUsers([retried.uid])).toEqual([retried.uid]);
  });

  it('keeps answering other requests while a large account is deleted', async () => {
    const s = await server();
    const big = await verifiedUser('big');
    const docs: Record<string, Record<string, unknown>> = {
      [paths.user(big.uid)]: profile(big, 'Big Account'),
    };
    for (let i = 0; i < 3000; i++) docs[paths.rep(big.uid, `r${i}`)] = activity(1 + (i % 50));
    s.store.seed(docs);

    let deleting = true;
    const deletion = call(s.url, '/api/deleteAccount', {}, big.idToken).finally(() => {
      deleting = false;
    });
    // Answers that arrive while the cascade is half done (tombstone written, documents left).
    let answeredMidway = 0;
    while (deleting) {
      const r = await fetch(`${s.url}/api/health`);
      expect(r.status).toBe(200);
      const left = s.store.runQuery({ collection: `users/${big.uid}/reps`, limit: 1 }).length;
      if (s.store.readDoc(paths.tombstone(big.uid)) && left > 0) answeredMidway++;
    }
    expect((await deletion).status).toBe(200);
    expect(answeredMidway).toBeGreaterThan(0);
    expect(docsOf(s, big.uid)).toEqual([]);
  });
});
