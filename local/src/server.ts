/**
 * Builds and starts the whole local backend from a configuration: SQLite store, index checks,
 * token verifier, reaction runner, HTTP server. Used by `main.ts` and by the tests (in-process).
 */
import { join } from 'node:path';
import { eventForWrite } from '@fit/shared/reactions/index';
import { type ServerType, serve } from '@hono/node-server';
import { AccountDeletions } from './account-deletion.ts';
import { createApp } from './app.ts';
import { createTokenVerifier, type TokenVerifier } from './auth.ts';
import { createAuthProxy, isAuthProxyPath } from './auth-proxy.ts';
import type { LocalConfig } from './config.ts';
import { IndexChecker } from './indexes.ts';
import { ReactionRunner, type Reactions } from './reactions-runner.ts';
import { WorkerReactions } from './reactions-thread.ts';
import { SqliteStore } from './sqlite-store.ts';

export interface LocalServer {
  url: string;
  port: number;
  store: SqliteStore;
  runner: Reactions;
  verifier: TokenVerifier;
  deletions: AccountDeletions;
  close(): Promise<void>;
}

export const DATA_FILE = 'fittrack.sqlite';

export function openStore(config: Pick<LocalConfig, 'dataDir' | 'indexesFile'>): SqliteStore {
  return new SqliteStore({
    file: join(config.dataDir, DATA_FILE),
    indexes: IndexChecker.fromFile(config.indexesFile),
    eventForWrite,
  });
}

export class PortInUseError extends Error {}

/**
 * `now`: the server's clock (tests move it to check the recent sign-in rule). Reactions run in a
 * worker thread on their own connection; with a `now` override (a function, which cannot cross to
 * a thread) or with reactions off they use a ReactionRunner on this thread and connection.
 */
export async function startLocalServer(
  config: LocalConfig,
  overrides: { now?: () => number } = {},
): Promise<LocalServer> {
  const store = openStore(config);
  const verifier = createTokenVerifier(config.projectId, config.authEmulatorHost, config.revocationCheckMs);
  const runner: Reactions =
    config.reactions && !overrides.now
      ? new WorkerReactions(store, {
          file: join(config.dataDir, DATA_FILE),
          indexesFile: config.indexesFile,
          timeZone: config.communityTimeZone,
          rollupDebounceMs: config.rollupDebounceMs,
          rollupIntervalMs: config.rollupIntervalMs,
          writeGate: store.writeGate.state,
        })
      : new ReactionRunner(store, {
          timeZone: config.communityTimeZone,
          rollupDebounceMs: config.rollupDebounceMs,
          rollupIntervalMs: config.rollupIntervalMs,
          ...(overrides.now ? { now: overrides.now } : {}),
        });
  let closeStreamsOf: (uid: string) => void = () => {};
  const deletions = new AccountDeletions({
    store,
    verifier,
    closeStreamsOf: (uid) => closeStreamsOf(uid),
    timeZone: config.communityTimeZone,
    ...(overrides.now ? { now: overrides.now } : {}),
  });
  const created = createApp({
    store,
    verifier,
    runner,
    webDist: config.webDist,
    adminToken: config.adminToken,
    authEmulatorHost: config.authEmulatorHost,
    listenHost: config.host,
    deleteAccount: (uid) => deletions.deleteAccount(uid),
    ...(overrides.now ? { now: overrides.now } : {}),
  });
  const { app, upgrade, closeAll } = created;
  closeStreamsOf = (uid) => created.closeStreamsOf(uid);
  // Browsers reach the Auth emulator only through this origin (auth-proxy.ts).
  let listening = config.port;
  const authProxy = createAuthProxy(config.authEmulatorHost, config.host, () => listening);
  const handle = (request: Request, env: unknown) =>
    isAuthProxyPath(new URL(request.url).pathname) ? authProxy(request) : app.fetch(request, env);
  // The worker's own commits come back as 'external' changes: they need no wake from here.
  if (config.reactions)
    store.onCommit((_changes, source) => {
      if (source === 'local') runner.wake();
    });

  let server: ServerType;
  const port = await new Promise<number>((resolve, reject) => {
    server = serve({ fetch: handle, hostname: config.host, port: config.port }, (info) => resolve(info.port));
    server.on('upgrade', upgrade); // the live WebSocket
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new PortInUseError(
              `Port ${config.port} on ${config.host} is already in use: stop what runs there or set LOCAL_PORT to another port.`,
            )
          : error,
      );
    });
  }).catch(async (error) => {
    store.close();
    await verifier.close();
    throw error;
  });
  listening = port;
  if (config.reactions) runner.start();
  deletions.start(config.accountSweepMs);

  const host = config.host.includes(':') && !config.host.startsWith('[') ? `[${config.host}]` : config.host;
  return {
    url: `http://${host}:${port}`,
    port,
    store,
    runner,
    verifier,
    deletions,
    async close() {
      await deletions.stop();
      closeAll();
      await new Promise<void>((resolve) => {
        // closeAllConnections: live streams would otherwise hold the server open.
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      });
      await runner.stop();
      store.close();
      await verifier.close();
    },
  };
}
