/**
 * The local server's HTTP API (`@fit/shared/local-protocol`): one POST per store-port operation,
 * a live WebSocket (live-hub.ts), the account-deletion endpoint, a few admin endpoints for
 * tests and the benchmark (off unless LOCAL_ADMIN_TOKEN is set), and the built web app.
 */

import { assertDocPath } from '@fit/shared/doc-paths';
import { LOCAL_API } from '@fit/shared/local-protocol';
import { rebuildProjections } from '@fit/shared/reactions/index';
import { isRecentSignIn, RECENT_SIGN_IN_REQUIRED } from '@fit/shared/recent-sign-in';
import { StoreError } from '@fit/shared/store';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { TokenVerifier } from './auth.ts';
import { authEmulatorHealth, httpGuard, ownHosts, readJsonObject, statusOf } from './http-guard.ts';
import { LiveHub } from './live-hub.ts';
import { type Caller, checkChanges, checkQuery, checkRead, checkWritePaths } from './policy.ts';
import type { Reactions } from './reactions-runner.ts';
import type { SqliteStore } from './sqlite-store.ts';
import { serveWeb } from './web.ts';
import { requireAggregate, requireQuery, requireWrites } from './wire.ts';

export interface AppDeps {
  store: SqliteStore;
  verifier: TokenVerifier;
  runner: Reactions;
  webDist: string;
  adminToken: string | undefined;
  /** `host:port` of the Auth emulator (health, and the pages' CSP); LOCAL_HOST (own Host names). */
  authEmulatorHost: string;
  listenHost: string;
  /** The whole deletion of an account (account-deletion.ts): cascade, auth user, streams. */
  deleteAccount(uid: string): Promise<void>;
  now?: () => number;
  /** Heartbeat of the live sockets (ms). */
  heartbeatMs?: number;
}

function errorResponse(c: Context, error: unknown): Response {
  if (error instanceof StoreError && error.code !== 'internal') {
    return c.json({ error: { code: error.code, message: error.message } }, statusOf(error) as 400);
  }
  // Details stay in the server log: an answer never echoes internal error text.
  console.error('internal error:', error);
  return c.json({ error: { code: 'internal', message: 'Internal error.' } }, 500);
}

const readJson = readJsonObject;

function requirePath(body: Record<string, unknown>): string {
  assertDocPath(body.path);
  return body.path;
}

export interface LocalApp {
  app: Hono;
  /** The HTTP server's `upgrade` handler: the live WebSocket (`LOCAL_API.live`). */
  upgrade: LiveHub['upgrade'];
  /** Cuts a user's live sockets (account deletion). */
  closeStreamsOf(uid: string): void;
  closeAll(): void;
}

export function createApp(deps: AppDeps): LocalApp {
  const { store, verifier, runner } = deps;
  const now = deps.now ?? Date.now;
  const app = new Hono();
  app.use('*', httpGuard({ listenHost: deps.listenHost, authEmulatorHost: deps.authEmulatorHost }));
  const live = new LiveHub({
    store,
    verifier,
    requireQuery,
    requirePath,
    // The socket's upgrade request skips the HTTP guard: the hub applies the same Host check.
    isOwnHost: (host, port) => ownHosts(deps.listenHost, port).has(host.toLowerCase()),
    ...(deps.heartbeatMs ? { heartbeatMs: deps.heartbeatMs } : {}),
  });

  async function caller(c: Context): Promise<{ caller: Caller; token: { auth_time: number } }> {
    const decoded = await verifier.verify(c.req.header('authorization'));
    return { caller: { uid: decoded.uid, emailVerified: decoded.email_verified === true }, token: decoded };
  }

  const api = (handler: (c: Context) => Promise<Response>) => async (c: Context) => {
    try {
      return await handler(c);
    } catch (error) {
      return errorResponse(c, error);
    }
  };

  /**
   * A signed-in API route: the caller's token is verified before anything else (the body is read
   * only after, through `body`), and what the handler resolves with is the JSON answer.
   */
  const userRoute = (
    route: string,
    handler: (
      who: Caller,
      body: () => Promise<Record<string, unknown>>,
      token: { auth_time: number },
    ) => Promise<object>,
  ) =>
    app.post(
      route,
      api(async (c) => {
        const { caller: who, token } = await caller(c);
        return c.json(await handler(who, () => readJson(c), token));
      }),
    );

  userRoute(LOCAL_API.get, async (who, body) => {
    const path = requirePath(await body());
    checkRead(who, path);
    return { doc: store.readDoc(path) };
  });

  userRoute(LOCAL_API.query, async (who, body) => {
    const spec = requireQuery((await body()).query);
    checkQuery(who, spec);
    return { docs: store.runQuery(spec) };
  });

  userRoute(LOCAL_API.aggregate, async (who, body) => {
    const { query, aggregate } = await body();
    const spec = requireQuery(query);
    checkQuery(who, spec);
    return store.aggregate(spec, requireAggregate(aggregate));
  });

  userRoute(LOCAL_API.commit, async (who, body) => {
    const writes = requireWrites((await body()).writes);
    checkWritePaths(who, writes);
    const t = now();
    await store.commitChecked(writes, (changes) =>
      checkChanges(who, changes, t, (path) => store.readDoc(path) !== null),
    );
    return { ok: true };
  });

  userRoute(LOCAL_API.deleteAccount, async (who, _body, token) => {
    if (!isRecentSignIn(token.auth_time, now()))
      throw new StoreError('failed-precondition', RECENT_SIGN_IN_REQUIRED);
    await deps.deleteAccount(who.uid);
    return { ok: true };
  });

  app.get(LOCAL_API.health, async (c) => {
    const auth = await authEmulatorHealth(deps.authEmulatorHost);
    return c.json({ ok: auth === 'ok', auth }, auth === 'ok' ? 200 : 503);
  });

  // ---- admin (tests, bench, operators) ----
  const admin = (handler: (c: Context) => Promise<Response>) =>
    api(async (c) => {
      if (!deps.adminToken || c.req.header('x-admin-token') !== deps.adminToken)
        throw new StoreError(
          'permission-denied',
          'Admin endpoints need the X-Admin-Token of LOCAL_ADMIN_TOKEN.',
        );
      return handler(c);
    });
  const status = admin(async (c) =>
    c.json({ pendingDeliveries: store.deliveries.pending(), hotDocuments: store.writeCounters.hot() }),
  );
  app.get('/api/admin/status', status);
  app.post('/api/admin/status', status);
  app.post(
    '/api/admin/idle',
    admin(async (c) => {
      const body = await readJson(c);
      const ok = await runner.idle(typeof body.timeoutMs === 'number' ? body.timeoutMs : 30_000);
      return c.json({ idle: ok, pendingDeliveries: store.deliveries.pending() });
    }),
  );
  app.post(
    '/api/admin/rollup',
    admin(async (c) => {
      await runner.rollupNow();
      return c.json({ ok: true });
    }),
  );
  app.post(
    '/api/admin/writes',
    admin(async (c) => c.json(store.writeCounters.statsOf(requirePath(await readJson(c))))),
  );
  app.post(
    '/api/admin/rebuild',
    admin(async (c) => {
      const body = await readJson(c);
      return c.json(await rebuildProjections(runner.env(), { apply: body.apply === true }));
    }),
  );

  app.all('/api/*', (c) =>
    c.json(
      { error: { code: 'not-found', message: `No such API endpoint: ${c.req.method} ${c.req.path}` } },
      404,
    ),
  );
  app.get('*', (c) => serveWeb(c, deps.webDist));

  // Live listeners see every commit (client writes and reactions alike).
  store.onCommit((changes) => live.changed(changes));

  return {
    app,
    upgrade: live.upgrade,
    closeStreamsOf: (uid) => live.closeStreamsOf(uid),
    closeAll: () => live.closeAll(),
  };
}
