/**
 * The browser's local adapter when the server fails (web/src/data/adapters/local.ts and
 * live-socket.ts), against the real server: a listener still waiting for its first result is told
 * at once when the socket cannot connect (so its section shows the failure message in a second or
 * two, not after the load's time limit), while one that has answered is bridged quietly over a
 * drop; `watchLive` follows the socket (the Live badge); a request to a server that never answers
 * is given up after the request time limit. Node with `ws`, through a TCP relay the test cuts.
 */
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { paths } from '@fit/shared/model';
import { type DocSnapshot, StoreError } from '@fit/shared/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { SocketLike } from '../../web/src/data/adapters/live-socket.ts';
import { createLocalStore } from '../../web/src/data/adapters/local.ts';
import { commit, signUp, startTestServer, type TestServer, type TestUser } from './helpers.ts';

let server: TestServer;
let alice: TestUser;

/** Forwards to `target` while `up`; refuses (destroys) connections while down; `cut` drops them. */
async function startRelay(target: number) {
  const sockets = new Set<Socket>();
  const state = { up: true };
  const tcp: Server = createServer((client) => {
    if (!state.up) {
      client.destroy();
      return;
    }
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
    down() {
      state.up = false;
      for (const s of sockets) s.destroy();
    },
    up() {
      state.up = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        tcp.close(() => resolve());
      }),
  };
}

/** A server that accepts connections and never answers (a paused process). */
async function startSilent() {
  const sockets = new Set<Socket>();
  const tcp = createServer((client) => {
    sockets.add(client);
    client.on('error', () => {});
  });
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(tcp.address() as { port: number }).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        tcp.close(() => resolve());
      }),
  };
}

beforeAll(async () => {
  server = await startTestServer({}, { reactions: false });
  alice = await signUp('alice');
  const created = await commit(server.url, alice.idToken, [
    {
      kind: 'set',
      path: paths.user(alice.uid),
      data: { userId: alice.uid, email: alice.email, createdAt: Date.now(), displayName: '' },
    },
  ]);
  expect(created.status).toBe(200);
});
afterAll(async () => {
  await server?.dispose();
});

function storeAt(url: string, requestTimeoutMs?: number) {
  return createLocalStore({
    apiBase: url,
    idToken: async () => alice.idToken,
    socket: (socketUrl) =>
      new WebSocket(socketUrl, { headers: { Host: new URL(server.url).host } }) as unknown as SocketLike,
    ...(requestTimeoutMs ? { requestTimeoutMs } : {}),
  });
}

/** Resolves with the first result or error of a document listener, and how long it took. */
function firstOf(store: ReturnType<typeof storeAt>, path: string) {
  const started = Date.now();
  return new Promise<{ doc?: DocSnapshot | null; error?: StoreError; ms: number }>((resolve) => {
    const stop = store.listenDoc(
      path,
      (doc) => {
        stop();
        resolve({ doc, ms: Date.now() - started });
      },
      (error) => resolve({ error, ms: Date.now() - started }),
    );
  });
}

describe('the local adapter when the server fails', () => {
  it('tells a waiting listener at once when the server cannot be reached, and a request fails too', async () => {
    const relay = await startRelay(server.port);
    relay.down();
    const store = storeAt(relay.url);
    try {
      const first = await firstOf(store, paths.user(alice.uid));
      expect(first.error).toBeInstanceOf(StoreError);
      expect(first.error?.code).toBe('unavailable');
      expect(first.ms).toBeLessThan(3000);
      await expect(store.get(paths.user(alice.uid))).rejects.toMatchObject({ code: 'unavailable' });

      // Back: the next listener answers.
      relay.up();
      const again = await firstOf(store, paths.user(alice.uid));
      expect(again.doc?.data).toMatchObject({ email: alice.email });
    } finally {
      await relay.close();
    }
  });

  it('reports the socket as not live while it is down, bridging listeners that already answered', async () => {
    const relay = await startRelay(server.port);
    const store = storeAt(relay.url);
    const liveStates: boolean[] = [];
    const stopLive = store.watchLive((live) => liveStates.push(live));
    const results: (DocSnapshot | null)[] = [];
    const errors: StoreError[] = [];
    const stop = store.listenDoc(
      paths.user(alice.uid),
      (doc) => results.push(doc),
      (error) => errors.push(error),
    );
    try {
      await expect.poll(() => results.length, { timeout: 10_000 }).toBe(1);
      expect(liveStates.at(-1)).toBe(true);

      relay.down();
      await expect.poll(() => liveStates.at(-1), { timeout: 5000 }).toBe(false);
      const renamed = await commit(server.url, alice.idToken, [
        { kind: 'update', path: paths.user(alice.uid), data: { displayName: 'Alice' } },
      ]);
      expect(renamed.status).toBe(200);
      relay.up();
      await expect.poll(() => liveStates.at(-1), { timeout: 10_000 }).toBe(true);
      // Added again after the reconnect, with what was committed meanwhile; never failed.
      await expect
        .poll(() => (results.at(-1)?.data as { displayName?: string } | undefined)?.displayName, {
          timeout: 10_000,
        })
        .toBe('Alice');
      expect(errors).toEqual([]);
    } finally {
      stop();
      stopLive();
      await relay.close();
    }
  });

  it('gives up a request the server never answers, after the request time limit', async () => {
    const silent = await startSilent();
    const store = storeAt(silent.url, 500);
    try {
      const started = Date.now();
      await expect(store.get(paths.user(alice.uid))).rejects.toMatchObject({ code: 'unavailable' });
      expect(Date.now() - started).toBeLessThan(3000);
      await expect(store.commit([{ kind: 'delete', path: paths.user(alice.uid) }])).rejects.toMatchObject({
        code: 'unavailable',
      });
    } finally {
      await silent.close();
    }
  });
});
