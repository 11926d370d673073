/**
 * The live WebSocket (`LOCAL_API.live`): one socket carries many listeners, each checked at add
 * time like a query or get (token, access, index), each sent its first result and then a new
 * result after each commit that changes it; refusals name the listener and keep the socket open;
 * a bad token, a malformed message or a deleted account ends the socket with `fatal`.
 */
import { calorieUnits } from '@fit/shared/formulas';
import {
  LIVE_CLOSE,
  LIVE_MAX_LISTENERS,
  type LiveClientMessage,
  type LiveServerMessage,
  LOCAL_API,
} from '@fit/shared/local-protocol';
import { paths } from '@fit/shared/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { commit, signUp, startTestServer, type TestServer, type TestUser, withClaims } from './helpers.ts';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await startTestServer({}, { reactions: false });
  [alice, bob] = await Promise.all([signUp('alice'), signUp('bob')]);
});
afterAll(async () => {
  await server?.dispose();
});

function run(minutes: number) {
  const doc = { activityType: 'Running', time: minutes, timestamp: Date.now() };
  return { ...doc, calorieUnits: calorieUnits(doc) };
}

interface Live {
  ws: WebSocket;
  send(message: LiveClientMessage | Record<string, unknown>): void;
  /** The next message (after those already taken) that matches. */
  next(match?: (m: LiveServerMessage) => boolean, timeoutMs?: number): Promise<LiveServerMessage>;
  /** Messages received and not yet taken. */
  inbox: LiveServerMessage[];
  closed: Promise<number>;
}

function open(init: { origin?: string; host?: string } = {}): Promise<Live> {
  const url = `${server.url.replace(/^http/, 'ws')}${LOCAL_API.live}`;
  const ws = new WebSocket(url, {
    ...(init.origin ? { origin: init.origin } : {}),
    ...(init.host ? { headers: { Host: init.host } } : {}),
  });
  const inbox: LiveServerMessage[] = [];
  let wake: (() => void) | undefined;
  ws.on('message', (data) => {
    inbox.push(JSON.parse(data.toString()) as LiveServerMessage);
    wake?.();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const live: Live = {
    ws,
    inbox,
    closed,
    send: (m) => ws.send(JSON.stringify(m)),
    async next(match = () => true, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const i = inbox.findIndex(match);
        if (i >= 0) return inbox.splice(i, 1)[0] as LiveServerMessage;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching live message; inbox: ${JSON.stringify(inbox)}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, Math.min(left, 100));
        });
      }
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(live));
    ws.once('error', reject);
  });
}

async function signedIn(user: TestUser): Promise<Live> {
  const live = await open();
  live.send({ type: 'auth', token: user.idToken });
  expect(await live.next()).toEqual({ type: 'ready' });
  return live;
}

const recent = (uid: string) => ({
  collection: paths.reps(uid),
  orderBy: [{ field: 'timestamp', direction: 'desc' as const }],
  limit: 5,
});
const forId = (id: string) => (m: LiveServerMessage) => 'id' in m && m.id === id;

describe('one socket, many listeners', () => {
  it('sends each first result, then new results after commits, only for listeners that changed', async () => {
    const live = await signedIn(alice);
    live.send({ type: 'add', id: 'q', query: recent(alice.uid) });
    live.send({ type: 'add', id: 'd', path: paths.rep(alice.uid, 'a') });
    live.send({ type: 'add', id: 'other', path: paths.rep(alice.uid, 'elsewhere') });
    expect(await live.next(forId('q'))).toEqual({ type: 'docs', id: 'q', docs: [] });
    expect(await live.next(forId('d'))).toEqual({ type: 'doc', id: 'd', doc: null });
    expect(await live.next(forId('other'))).toEqual({ type: 'doc', id: 'other', doc: null });

    expect(
      (
        await commit(server.url, alice.idToken, [
          { kind: 'set', path: paths.rep(alice.uid, 'a'), data: run(5) },
        ])
      ).status,
    ).toBe(200);
    const q = await live.next(forId('q'));
    expect(q.type === 'docs' && q.docs.map((d) => d.path)).toEqual([paths.rep(alice.uid, 'a')]);
    const d = await live.next(forId('d'));
    expect(d.type === 'doc' && d.doc?.data.time).toBe(5);

    // Removed: no more results for it; the others go on.
    live.send({ type: 'remove', id: 'd' });
    expect(
      (
        await commit(server.url, alice.idToken, [
          { kind: 'set', path: paths.rep(alice.uid, 'a'), data: run(7) },
        ])
      ).status,
    ).toBe(200);
    const q2 = await live.next(forId('q'));
    expect(q2.type === 'docs' && q2.docs[0]?.data.time).toBe(7);
    await new Promise((r) => setTimeout(r, 200));
    expect(live.inbox.filter(forId('d'))).toEqual([]);
    // The untouched document was never sent again.
    expect(live.inbox.filter(forId('other'))).toEqual([]);
    live.ws.close();
  });

  it('several sockets of one user (tabs) each get the change once', async () => {
    const tabs = await Promise.all([
      signedIn(bob),
      signedIn(bob),
      signedIn(bob),
      signedIn(bob),
      signedIn(bob),
    ]);
    for (const t of tabs) t.send({ type: 'add', id: 'recent', query: recent(bob.uid) });
    for (const t of tabs) await t.next(forId('recent'));
    await commit(server.url, bob.idToken, [{ kind: 'set', path: paths.rep(bob.uid, 'b'), data: run(3) }]);
    for (const t of tabs) {
      const m = await t.next(forId('recent'));
      expect(m.type === 'docs' && m.docs.length).toBe(1);
    }
    await new Promise((r) => setTimeout(r, 100));
    for (const t of tabs) expect(t.inbox).toEqual([]);
    for (const t of tabs) t.ws.close();
  });
});

describe('refusals', () => {
  it("another user's query or document is refused for that listener; the socket goes on", async () => {
    const live = await signedIn(bob);
    live.send({ type: 'add', id: 'q', query: recent(alice.uid) });
    live.send({ type: 'add', id: 'd', path: paths.rep(alice.uid, 'a') });
    for (const id of ['q', 'd']) {
      const m = await live.next(forId(id));
      expect(m.type, id).toBe('refused');
      if (m.type === 'refused') {
        expect(m.error.code).toBe('permission-denied');
        expect(m.error.message).toMatch(/another user|private/);
      }
    }
    live.send({ type: 'add', id: 'mine', query: recent(bob.uid) });
    expect((await live.next(forId('mine'))).type).toBe('docs');
    live.ws.close();
  });

  it('a query needing an undeclared index is refused before any result, naming the index', async () => {
    const live = await signedIn(alice);
    live.send({
      type: 'add',
      id: 'x',
      query: {
        collection: paths.reps(alice.uid),
        where: [{ field: 'count', op: '==', value: 10 }],
        orderBy: [{ field: 'time', direction: 'desc' }],
      },
    });
    const m = await live.next(forId('x'));
    expect(m.type).toBe('refused');
    if (m.type === 'refused') {
      expect(m.error.code).toBe('failed-precondition');
      expect(m.error.message).toMatch(/'reps' on \(count ASCENDING, time DESCENDING\)/);
    }
    // Not registered: a commit to the collection sends nothing for it.
    await commit(server.url, alice.idToken, [{ kind: 'set', path: paths.rep(alice.uid, 'z'), data: run(1) }]);
    await new Promise((r) => setTimeout(r, 150));
    expect(live.inbox).toEqual([]);
    live.ws.close();
  });

  it('bad ids, a duplicate id, malformed queries and too many listeners are refused', async () => {
    const live = await signedIn(alice);
    live.send({ type: 'add', id: 'a', path: 'users' });
    const odd = await live.next(forId('a'));
    expect(odd.type === 'refused' && odd.error.code).toBe('invalid-argument');
    live.send({ type: 'add', id: 'b', query: { collection: paths.reps(alice.uid), where: 'x' } });
    const bad = await live.next(forId('b'));
    expect(bad.type === 'refused' && bad.error.message).toMatch(/query.where/);
    // Paths Firestore refuses (the HTTP API's checker): a lone surrogate, in a document or a query.
    live.send({ type: 'add', id: 's1', path: paths.rep(alice.uid, 'x\ud800') });
    live.send({ type: 'add', id: 's2', query: { collection: `users/${alice.uid}/reps\ud800` } });
    for (const id of ['s1', 's2']) {
      const m = await live.next(forId(id));
      expect(m.type === 'refused' && m.error.code, id).toBe('invalid-argument');
      expect(m.type === 'refused' && m.error.message, id).toMatch(/surrogate/);
    }
    live.send({ type: 'add', id: 'c', path: paths.rep(alice.uid, 'c') });
    await live.next(forId('c'));
    live.send({ type: 'add', id: 'c', path: paths.rep(alice.uid, 'c') });
    const dup = await live.next(forId('c'));
    expect(dup.type === 'refused' && dup.error.code).toBe('already-exists');
    for (let i = 1; i < LIVE_MAX_LISTENERS; i++)
      live.send({ type: 'add', id: `n${i}`, path: paths.rep(alice.uid, `n${i}`) });
    await live.next(forId(`n${LIVE_MAX_LISTENERS - 1}`));
    live.send({ type: 'add', id: 'over', path: paths.rep(alice.uid, 'over') });
    const over = await live.next(forId('over'));
    expect(over.type === 'refused' && over.error.code).toBe('resource-exhausted');
    live.ws.close();
  });

  it('no auth, a bad token or an expired one: fatal unauthenticated and the socket closes', async () => {
    const noAuth = await open();
    noAuth.send({ type: 'add', id: 'q', query: recent(alice.uid) });
    const m1 = await noAuth.next();
    expect(m1.type === 'fatal' && m1.error.code).toBe('unauthenticated');
    expect(await noAuth.closed).toBe(LIVE_CLOSE.unauthenticated);

    for (const token of [
      'not-a-token',
      withClaims(alice.idToken, { exp: Math.floor(Date.now() / 1000) - 60 }),
    ]) {
      const live = await open();
      live.send({ type: 'auth', token });
      const m = await live.next();
      expect(m.type === 'fatal' && m.error.code).toBe('unauthenticated');
      expect(await live.closed).toBe(LIVE_CLOSE.unauthenticated);
    }
  });

  it('a malformed message ends the socket with invalid-argument', async () => {
    const live = await signedIn(alice);
    live.ws.send('{not json');
    const m = await live.next();
    expect(m.type === 'fatal' && m.error.code).toBe('invalid-argument');
    expect(await live.closed).toBe(LIVE_CLOSE.badMessage);
  });

  it('a page of another origin, or another Host name (DNS rebinding), cannot open the socket', async () => {
    await expect(open({ origin: 'http://evil.example' })).rejects.toThrow(/403/);
    const port = new URL(server.url).port;
    await expect(
      open({ host: `evil.example:${port}`, origin: `http://evil.example:${port}` }),
    ).rejects.toThrow(/403/);
    await expect(open({ host: `evil.example:${port}` })).rejects.toThrow(/403/);
    // Its own names are fine.
    const ok = await open({ host: `localhost:${port}`, origin: `http://localhost:${port}` });
    ok.ws.close();
  });
});

describe('account deletion', () => {
  it("cuts the deleted user's sockets with fatal unauthenticated, and only theirs", async () => {
    const carol = await signUp('carol');
    const [mine, theirs] = await Promise.all([signedIn(carol), signedIn(alice)]);
    mine.send({ type: 'add', id: 'q', query: recent(carol.uid) });
    theirs.send({ type: 'add', id: 'q', query: recent(alice.uid) });
    await mine.next(forId('q'));
    await theirs.next(forId('q'));
    const response = await fetch(`${server.url}/api/deleteAccount`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${carol.idToken}` },
      body: '{}',
    });
    expect(response.status).toBe(200);
    const m = await mine.next();
    expect(m.type === 'fatal' && m.error.code).toBe('unauthenticated');
    expect(await mine.closed).toBe(LIVE_CLOSE.unauthenticated);
    expect(theirs.ws.readyState).toBe(WebSocket.OPEN);
    theirs.ws.close();
  });
});
