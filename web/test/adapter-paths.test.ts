// @vitest-environment node
/**
 * The browser's Firestore adapter refuses a path Firestore would refuse before anything is sent: it
 * points at a real HTTP server on this machine that counts every connection made to it, and a
 * refused operation must fail with invalid-argument while that count stays 0. A valid operation,
 * sent to the same server, is counted (so the counter does see what the adapter sends).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LiveDocumentStore, QuerySpec, StoreError, WriteOp } from '@fit/shared/store';
import { deleteApp, initializeApp } from 'firebase/app';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFirestoreStore } from '../src/data/adapters/firestore.ts';
import { readConfig } from '../src/data/config.ts';

let server: Server;
let host: string;
let received = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    res.end();
  });
  // Connections, not requests: the Firestore SDK speaks gRPC (HTTP/2), which this server does not
  // answer, but any attempt to send shows up as a connection.
  server.on('connection', () => {
    received++;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = 0;
});

const BAD_DOC_PATHS: [string, RegExp][] = [
  ['users/u1/reps/x\ud800', /unpaired UTF-16 surrogate/],
  ['users/u1/reps/__x__', /reserved/],
  ['users/u1/reps/..', /not allowed/],
  [`users/u1/reps/${'é'.repeat(751)}`, /1502 bytes/],
  ['users/u1/reps//r', /empty/],
];
const BAD_QUERIES: [QuerySpec, RegExp][] = [
  [{ collection: 'users/u1/__x__' }, /reserved/],
  [{ collection: 'r\ud800', group: true }, /surrogate/],
  [
    {
      collection: 'users/u1/reps',
      orderBy: [{ field: 'timestamp', direction: 'asc' }],
      startAfter: { values: [1], path: 'users/u1/reps/x\udc00' },
    },
    /cursor/,
  ],
];

async function expectRefused(promise: Promise<unknown>, message: RegExp): Promise<void> {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as StoreError | null;
  expect(error?.code).toBe('invalid-argument');
  expect(error?.message).toMatch(message);
}

function listenError(open: (onError: (e: StoreError) => void) => () => void): Promise<StoreError> {
  return new Promise((resolve) => {
    open(resolve);
  });
}

/** Every refused operation of the port, then a quiet moment: nothing may have reached the server. */
async function attack(store: LiveDocumentStore): Promise<void> {
  for (const [path, message] of BAD_DOC_PATHS) {
    await expectRefused(store.get(path), message);
    const write: WriteOp = { kind: 'set', path, data: { a: 1 } };
    await expectRefused(
      store.commit([{ kind: 'set', path: 'users/u1/reps/fine', data: { a: 1 } }, write]),
      message,
    );
    await expectRefused(store.commit([{ kind: 'delete', path }]), message);
    const error = await listenError((onError) => store.listenDoc(path, () => {}, onError));
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toMatch(message);
  }
  for (const [spec, message] of BAD_QUERIES) {
    await expectRefused(store.query(spec), message);
    await expectRefused(store.aggregate(spec, { count: true }), message);
    const error = await listenError((onError) => store.listen(spec, () => {}, onError));
    expect(error.message).toMatch(message);
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(received).toBe(0);
}

describe('paths are checked before sending', () => {
  it('Firestore adapter', async () => {
    const app = initializeApp({ projectId: 'demo-fittrack-paths', apiKey: 'fake-api-key' }, 'paths-test');
    try {
      const config = readConfig({
        VITE_FIREBASE_API_KEY: 'fake-api-key',
        VITE_FIREBASE_PROJECT_ID: 'demo-fittrack-paths',
        VITE_FIRESTORE_EMULATOR_HOST: host,
      });
      const store = createFirestoreStore(app, config);
      await attack(store);
      // A valid read does go out to the (fake) server.
      void store.get('users/u1/reps/fine').catch(() => {});
      // The SDK connects on its own schedule (seconds on a loaded machine): wait for the request.
      await vi.waitFor(() => expect(received).toBeGreaterThan(0), { timeout: 30_000, interval: 100 });
    } finally {
      await deleteApp(app);
    }
  });
});
