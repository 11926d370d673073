/**
 * The browser's local adapter (web/src/data/adapters/local.ts) against the real server: all of a
 * tab's listeners share one socket; after the connection drops it reconnects and adds every
 * listener again (missing nothing committed meanwhile); refusals reach only their listener; a
 * signed-in user change gets a socket of its own; account deletion reports unauthenticated.
 * Runs in Node with `ws` as the WebSocket, through a TCP relay the test can cut.
 */
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { calorieUnits } from '@fit/shared/formulas';
import { paths } from '@fit/shared/model';
import type { DocSnapshot, StoreError } from '@fit/shared/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { SocketLike } from '../../web/src/data/adapters/live-socket.ts';
import { createLocalStore } from '../../web/src/data/adapters/local.ts';
import { commit, signUp, startTestServer, type TestServer, type TestUser } from './helpers.ts';

let server: TestServer;
let relay: Relay;
let alice: TestUser;
let bob: TestUser;

/** Forwards TCP to the server; counts connections and can cut them all (a dropped network). */
interface Relay {
  url: string;
  opened: number;
  cut(): void;
  close(): Promise<void>;
}

async function startRelay(target: number): Promise<Relay> {
  const sockets = new Set<Socket>();
  const relayState = { opened: 0 };
  const tcp: Server = createServer((client) => {
    relayState.opened++;
    const upstream = tcpConnect(target, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  const port = (tcp.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    get opened() {
      return relayState.opened;
    },
    cut() {
      for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        tcp.close(() => resolve());
      }),
  };
}

beforeAll(async () => {
  server = await startTestServer({}, { reactions: false });
  relay = await startRelay(server.port);
  [alice, bob] = await Promise.all([signUp('alice'), signUp('bob')]);
});
afterAll(async () => {
  await relay?.close();
  await server?.dispose();
});

/** Through the relay, but naming the server's own Host (it refuses other names: DNS rebinding). */
const socket = (url: string) =>
  new WebSocket(url, { headers: { Host: new URL(server.url).host } }) as unknown as SocketLike;

function run(minutes: number) {
  const doc = { activityType: 'Running', time: minutes, timestamp: Date.now() };
  return { ...doc, calorieUnits: calorieUnits(doc) };
}

/** Collects a listener's results and errors; `until` waits for one that matches. */
function collector<T>() {
  const results: T[] = [];
  const errors: StoreError[] = [];
  return {
    results,
    errors,
    next: (value: T) => results.push(value),
    error: (e: StoreError) => errors.push(e),
    async until(match: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = results.find(match);
        if (hit !== undefined) return hit;
        if (Date.now() > deadline) throw new Error(`not seen; got ${JSON.stringify(results)} ${errors}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    /** Waits for the first error (as long as `until` waits: a loaded machine is slow to refuse too). */
    async failed(timeoutMs = 8000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (errors.length === 0 && Date.now() <= deadline) await new Promise((r) => setTimeout(r, 20));
    },
  };
}

const recent = (uid: string) => ({
  collection: paths.reps(uid),
  orderBy: [{ field: 'timestamp', direction: 'desc' as const }],
  limit: 5,
});

describe('local adapter live listeners', () => {
  it('share one socket, and come back with every listener after the connection drops', async () => {
    const store = createLocalStore({ apiBase: relay.url, idToken: async () => alice.idToken, socket });
    const before = relay.opened;
    const lists = [collector<DocSnapshot[]>(), collector<DocSnapshot[]>(), collector<DocSnapshot[]>()];
    const docs = [collector<DocSnapshot | null>(), collector<DocSnapshot | null>()];
    const stops = [
      ...lists.map((c) => store.listen(recent(alice.uid), c.next, c.error)),
      ...docs.map((c, i) => store.listenDoc(paths.rep(alice.uid, `d${i}`), c.next, c.error)),
    ];
    for (const c of lists) await c.until((d) => d.length === 0);
    for (const c of docs) await c.until((d) => d === null);
    expect(relay.opened - before).toBe(1);

    relay.cut();
    // Written while the tab is cut off: seen once it is back.
    await commit(server.url, alice.idToken, [
      { kind: 'set', path: paths.rep(alice.uid, 'd0'), data: run(9) },
    ]);
    for (const c of lists) await c.until((d) => d.length === 1);
    await docs[0]?.until((d) => d?.data.time === 9);
    expect(relay.opened - before).toBe(2);

    // And live again on the new socket.
    await commit(server.url, alice.idToken, [
      { kind: 'set', path: paths.rep(alice.uid, 'd1'), data: run(4) },
    ]);
    await docs[1]?.until((d) => d?.data.time === 4);
    for (const c of lists) await c.until((d) => d.length === 2);
    for (const stop of stops) stop();

    // Unsubscribed: nothing more arrives.
    const counts = [...lists, ...docs].map((c) => c.results.length);
    await commit(server.url, alice.idToken, [
      { kind: 'set', path: paths.rep(alice.uid, 'd1'), data: run(5) },
    ]);
    await new Promise((r) => setTimeout(r, 300));
    expect([...lists, ...docs].map((c) => c.results.length)).toEqual(counts);
    expect([...lists, ...docs].flatMap((c) => c.errors)).toEqual([]);
  });

  it('a refused listener gets its error; its neighbours keep going', async () => {
    const store = createLocalStore({ apiBase: relay.url, idToken: async () => bob.idToken, socket });
    const theirs = collector<DocSnapshot[]>();
    const mine = collector<DocSnapshot[]>();
    const stopTheirs = store.listen(recent(alice.uid), theirs.next, theirs.error);
    const stopMine = store.listen(recent(bob.uid), mine.next, mine.error);
    await mine.until(() => true);
    await theirs.failed();
    expect(theirs.errors.map((e) => e.code)).toEqual(['permission-denied']);
    expect(theirs.results).toEqual([]);
    await commit(server.url, bob.idToken, [{ kind: 'set', path: paths.rep(bob.uid, 'x'), data: run(2) }]);
    await mine.until((d) => d.length === 1);
    stopTheirs();
    stopMine();
  });

  it('a different signed-in user gets a socket of their own', async () => {
    let current = alice;
    const store = createLocalStore({ apiBase: relay.url, idToken: async () => current.idToken, socket });
    const a = collector<DocSnapshot[]>();
    const stopA = store.listen(recent(alice.uid), a.next, a.error);
    await a.until(() => true);
    const before = relay.opened;
    current = bob;
    const b = collector<DocSnapshot[]>();
    const stopB = store.listen(recent(bob.uid), b.next, b.error);
    await b.until(() => true);
    expect(b.errors).toEqual([]);
    expect(relay.opened - before).toBe(1);
    stopA();
    stopB();
  });

  it('account deletion ends the listeners with unauthenticated', async () => {
    const carol = await signUp('carol');
    // Straight to the server: the deletion is an HTTP call, whose Host the relay would change.
    const store = createLocalStore({ apiBase: server.url, idToken: async () => carol.idToken, socket });
    const c = collector<DocSnapshot[]>();
    store.listen(recent(carol.uid), c.next, c.error);
    await c.until(() => true);
    await store.deleteAccount();
    await c.failed();
    expect(c.errors.map((e) => e.code)).toEqual(['unauthenticated']);
  });
});
