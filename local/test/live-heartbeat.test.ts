/**
 * The live socket's heartbeat, with a short period: a signed-in client hears `beat` (so it can tell
 * a quiet socket from a dead one), and a client that stops answering pings is cut, its listeners
 * dropped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LiveServerMessage, LOCAL_API } from '@fit/shared/local-protocol';
import { DEMO_PROJECT_ID, paths } from '@fit/shared/model';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createApp } from '../src/app.ts';
import { createTokenVerifier } from '../src/auth.ts';
import { readConfig } from '../src/config.ts';
import type { Reactions } from '../src/reactions-runner.ts';
import { openStore } from '../src/server.ts';
import { authHost, signUp } from './helpers.ts';

const HEARTBEAT_MS = 80;
let dataDir: string;
let server: Server;
let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fittrack-heartbeat-'));
  const store = openStore({
    dataDir,
    indexesFile: readConfig({ FIREBASE_AUTH_EMULATOR_HOST: authHost() }).indexesFile,
  });
  const verifier = createTokenVerifier(DEMO_PROJECT_ID, authHost(), 1000);
  const { app, upgrade, closeAll } = createApp({
    store,
    verifier,
    runner: {} as Reactions, // no reactions: this file only opens sockets
    webDist: join(dataDir, 'none'),
    adminToken: undefined,
    authEmulatorHost: authHost(),
    listenHost: '127.0.0.1',
    deleteAccount: async () => {
      throw new Error('not in this test');
    },
    heartbeatMs: HEARTBEAT_MS,
  });
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) =>
      resolve(info.port),
    ) as Server;
  });
  server.on('upgrade', upgrade);
  url = `ws://127.0.0.1:${port}${LOCAL_API.live}`;
  close = async () => {
    closeAll();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    store.close();
    await verifier.close();
  };
});
afterAll(async () => {
  await close?.();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signedIn(options: WebSocket.ClientOptions = {}) {
  const user = await signUp('beat');
  const ws = new WebSocket(url, options);
  const messages: LiveServerMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as LiveServerMessage));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise((resolve) => ws.once('open', resolve));
  ws.send(JSON.stringify({ type: 'auth', token: user.idToken }));
  ws.send(JSON.stringify({ type: 'add', id: 'me', path: paths.user(user.uid) }));
  return { ws, messages, closed };
}

it('a quiet socket hears a beat every period', async () => {
  const { ws, messages } = await signedIn();
  // Beats start once the token is verified (a call to the Auth emulator): on a loaded machine that
  // alone can outlast a fixed sleep of a few periods, so wait for the beats themselves.
  const beats = () => messages.filter((m) => m.type === 'beat').length;
  await vi.waitFor(() => expect(beats()).toBeGreaterThanOrEqual(2), {
    timeout: 10_000,
    interval: HEARTBEAT_MS,
  });
  expect(messages[0]).toEqual({ type: 'ready' });
  expect(messages.filter((m) => m.type !== 'beat').slice(0, 2)).toEqual([
    { type: 'ready' },
    { type: 'doc', id: 'me', doc: null },
  ]);
  expect(ws.readyState).toBe(WebSocket.OPEN);
  ws.close();
});

it('a client that no longer answers pings is cut', async () => {
  const { ws, closed } = await signedIn({ autoPong: false });
  const code = await Promise.race([
    closed,
    new Promise<string>((r) => setTimeout(() => r('still open'), 3000)),
  ]);
  expect(code).toBe(1006); // terminated, no closing handshake
  expect(ws.readyState).toBe(WebSocket.CLOSED);
});
