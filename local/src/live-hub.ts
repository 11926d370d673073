/**
 * Live results over one WebSocket per browser tab (`LOCAL_API.live`, protocol in
 * `@fit/shared/local-protocol`): the tab authenticates once, then adds and removes listeners on the
 * same socket. Each `add` is checked like a `query` or `get` (access, then the index) before its
 * first result is sent; each later result follows a commit that changed it, unchanged results are
 * not sent again. A heartbeat both ends the sockets of vanished clients (ping/pong) and tells
 * clients that a silent socket is still alive (`beat`).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { matchesCollection } from '@fit/shared/firestore/semantics';
import {
  LIVE_CLOSE,
  LIVE_HEARTBEAT_MS,
  LIVE_MAX_LISTENERS,
  LIVE_MAX_MESSAGE_BYTES,
  type LiveServerMessage,
  LOCAL_API,
} from '@fit/shared/local-protocol';
import { type DocSnapshot, type QuerySpec, StoreError } from '@fit/shared/store';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { TokenVerifier } from './auth.ts';
import { checkQuery, checkRead } from './policy.ts';
import type { CommitChange, SqliteStore } from './sqlite-store.ts';

export interface LiveHubDeps {
  store: SqliteStore;
  verifier: TokenVerifier;
  /** The same structural checks as the HTTP API's (app.ts), so both refuse alike. */
  requireQuery(value: unknown): QuerySpec;
  requirePath(body: Record<string, unknown>): string;
  /** Whether `host` (the Host header) names this server listening on `port` (DNS rebinding). */
  isOwnHost(host: string, port: number): boolean;
  heartbeatMs?: number;
  /** A socket that has not authenticated by then is closed. */
  authTimeoutMs?: number;
}

type Target = { kind: 'query'; spec: QuerySpec } | { kind: 'doc'; path: string };

interface Listener {
  target: Target;
  last: string | undefined;
  scheduled: boolean;
}

/** A client that reads slower than this much queued output is cut (it reconnects and re-adds). */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
const MAX_ID_LENGTH = 64;

function errorBody(error: unknown): { code: StoreError['code']; message: string } {
  if (error instanceof StoreError) return { code: error.code, message: error.message };
  return { code: 'internal', message: `Internal error: ${(error as Error)?.message ?? String(error)}` };
}

export class LiveHub {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: LIVE_MAX_MESSAGE_BYTES });
  private readonly connections = new Set<LiveConnection>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly deps: LiveHubDeps) {
    this.heartbeat = setInterval(() => {
      for (const c of this.connections) c.beat();
    }, deps.heartbeatMs ?? LIVE_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /**
   * The HTTP server's `upgrade` event (the HTTP guard does not see it, so its checks are repeated
   * here): only `LOCAL_API.live`, only under this server's own Host name (a foreign name resolved
   * to 127.0.0.1 is refused: DNS rebinding), and only from the page's own origin or a client that
   * sends no Origin (a script): a page of another site cannot open a socket here, even though it
   * would still need a token to get anything.
   */
  upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(request.url ?? '/', 'http://local');
    const host = (request.headers.host ?? '').toLowerCase();
    const port = request.socket.localPort;
    const origin = request.headers.origin;
    const allowed =
      port !== undefined &&
      this.deps.isOwnHost(host, port) &&
      (origin === undefined || origin === `http://${host}`);
    if (url.pathname !== LOCAL_API.live || !allowed) {
      socket.end(`HTTP/1.1 ${allowed ? '404 Not Found' : '403 Forbidden'}\r\nConnection: close\r\n\r\n`);
      return;
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      const connection = new LiveConnection(ws, this.deps, () => this.connections.delete(connection));
      this.connections.add(connection);
    });
  };

  /** Every commit (client writes and reactions alike) reaches the listeners it changes. */
  changed(changes: readonly CommitChange[]): void {
    for (const c of this.connections) c.changed(changes);
  }

  /** Cuts the user's sockets (account deletion): each client hears `fatal` unauthenticated. */
  closeStreamsOf(uid: string): void {
    for (const c of this.connections)
      if (c.uid === uid)
        c.fail(
          new StoreError('unauthenticated', 'This account no longer exists.'),
          LIVE_CLOSE.unauthenticated,
        );
  }

  /** Number of authenticated sockets and their listeners (tests, status). */
  stats(): { sockets: number; listeners: number } {
    let sockets = 0;
    let listeners = 0;
    for (const c of this.connections) {
      if (c.uid === undefined) continue;
      sockets++;
      listeners += c.listenerCount();
    }
    return { sockets, listeners };
  }

  closeAll(): void {
    clearInterval(this.heartbeat);
    for (const c of this.connections) c.terminate();
    this.wss.close();
  }
}

/** One tab's socket: its user (after `auth`) and its listeners by the client's ids. */
class LiveConnection {
  uid: string | undefined;
  private emailVerified = false;
  private authenticating = false;
  private readonly pending: Record<string, unknown>[] = [];
  private readonly listeners = new Map<string, Listener>();
  private alive = true;
  private closed = false;
  private readonly authTimer: NodeJS.Timeout;

  constructor(
    private readonly ws: WebSocket,
    private readonly deps: LiveHubDeps,
    private readonly onClose: () => void,
  ) {
    ws.on('message', (data, isBinary) => this.receive(data, isBinary));
    ws.on('pong', () => {
      this.alive = true;
    });
    ws.on('close', () => this.closedByPeer());
    ws.on('error', () => this.terminate());
    this.authTimer = setTimeout(
      () =>
        this.fail(new StoreError('unauthenticated', 'No auth message came in time.'), LIVE_CLOSE.authTimeout),
      deps.authTimeoutMs ?? 10_000,
    );
    this.authTimer.unref();
  }

  listenerCount(): number {
    return this.listeners.size;
  }

  beat(): void {
    if (this.closed) return;
    if (!this.alive) {
      this.terminate();
      return;
    }
    this.alive = false;
    this.ws.ping();
    if (this.uid !== undefined) this.send({ type: 'beat' });
  }

  changed(changes: readonly CommitChange[]): void {
    if (this.closed) return;
    for (const [id, listener] of this.listeners) {
      if (listener.scheduled) continue;
      const target = listener.target;
      const touches = changes.some((ch) =>
        target.kind === 'doc' ? ch.path === target.path : matchesCollection(target.spec, ch.path),
      );
      if (!touches) continue;
      // Coalesce a burst of commits into one fresh read per listener.
      listener.scheduled = true;
      setImmediate(() => {
        listener.scheduled = false;
        if (this.listeners.get(id) === listener) this.push(id, listener);
      });
    }
  }

  /** Sends `fatal` and closes: the client reports the error to every listener. */
  fail(error: StoreError, code: number): void {
    if (this.closed) return;
    this.send({ type: 'fatal', error: errorBody(error) });
    this.ws.close(code, error.code);
    this.finish();
  }

  terminate(): void {
    if (this.closed) return;
    this.ws.terminate();
    this.finish();
  }

  private closedByPeer(): void {
    this.finish();
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.authTimer);
    this.listeners.clear();
    this.onClose();
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (this.closed) return;
    let message: unknown;
    try {
      if (isBinary) throw new Error('binary frames are not part of the protocol');
      message = JSON.parse(data.toString());
    } catch (error) {
      this.fail(
        new StoreError('invalid-argument', `Malformed live message: ${(error as Error).message}`),
        LIVE_CLOSE.badMessage,
      );
      return;
    }
    if (message === null || typeof message !== 'object' || Array.isArray(message)) {
      this.fail(
        new StoreError('invalid-argument', 'A live message must be a JSON object.'),
        LIVE_CLOSE.badMessage,
      );
      return;
    }
    const body = message as Record<string, unknown>;
    if (this.uid === undefined) {
      if (this.authenticating) this.pending.push(body);
      else void this.authenticate(body);
      return;
    }
    this.handle(body);
  }

  private async authenticate(body: Record<string, unknown>): Promise<void> {
    if (body.type !== 'auth' || typeof body.token !== 'string') {
      this.fail(
        new StoreError('unauthenticated', 'The first live message must be {type: "auth", token}.'),
        LIVE_CLOSE.unauthenticated,
      );
      return;
    }
    this.authenticating = true;
    try {
      const decoded = await this.deps.verifier.verify(`Bearer ${body.token}`);
      if (this.closed) return;
      this.uid = decoded.uid;
      this.emailVerified = decoded.email_verified === true;
      clearTimeout(this.authTimer);
    } catch (error) {
      this.fail(
        error instanceof StoreError ? error : new StoreError('unauthenticated', String(error)),
        LIVE_CLOSE.unauthenticated,
      );
      return;
    }
    this.send({ type: 'ready' });
    for (const queued of this.pending.splice(0)) if (!this.closed) this.handle(queued);
  }

  private handle(body: Record<string, unknown>): void {
    const id = body.id;
    if (typeof id !== 'string' || id === '' || id.length > MAX_ID_LENGTH) {
      this.fail(
        new StoreError(
          'invalid-argument',
          `A live ${String(body.type)} message needs an id (1-${MAX_ID_LENGTH} characters).`,
        ),
        LIVE_CLOSE.badMessage,
      );
      return;
    }
    if (body.type === 'remove') {
      this.listeners.delete(id);
      return;
    }
    if (body.type !== 'add') {
      this.fail(
        new StoreError('invalid-argument', `Unknown live message type '${String(body.type)}'.`),
        LIVE_CLOSE.badMessage,
      );
      return;
    }
    try {
      if (this.listeners.has(id))
        throw new StoreError('already-exists', `A listener '${id}' is already open.`);
      if (this.listeners.size >= LIVE_MAX_LISTENERS)
        throw new StoreError(
          'resource-exhausted',
          `A live connection holds at most ${LIVE_MAX_LISTENERS} listeners; remove some first.`,
        );
      const who = { uid: this.uid as string, emailVerified: this.emailVerified };
      let target: Target;
      if (body.query !== undefined) {
        const spec = this.deps.requireQuery(body.query);
        checkQuery(who, spec);
        target = { kind: 'query', spec };
      } else {
        const path = this.deps.requirePath(body);
        checkRead(who, path);
        target = { kind: 'doc', path };
      }
      const listener: Listener = { target, last: undefined, scheduled: false };
      // The first read runs the index check: a refusal comes before any result.
      const first = this.read(target);
      listener.last = JSON.stringify(first);
      this.listeners.set(id, listener);
      this.send({ ...first, id } as LiveServerMessage);
    } catch (error) {
      this.send({ type: 'refused', id, error: errorBody(error) });
    }
  }

  private read(
    target: Target,
  ): { type: 'docs'; docs: DocSnapshot[] } | { type: 'doc'; doc: DocSnapshot | null } {
    return target.kind === 'doc'
      ? { type: 'doc', doc: this.deps.store.readDoc(target.path) }
      : { type: 'docs', docs: this.deps.store.runQuery(target.spec) as DocSnapshot[] };
  }

  private push(id: string, listener: Listener): void {
    if (this.closed) return;
    let result: ReturnType<LiveConnection['read']>;
    try {
      result = this.read(listener.target);
    } catch (error) {
      this.listeners.delete(id);
      this.send({ type: 'refused', id, error: errorBody(error) });
      return;
    }
    const json = JSON.stringify(result);
    if (json === listener.last) return;
    listener.last = json;
    this.send({ ...result, id } as LiveServerMessage);
  }

  private send(message: LiveServerMessage): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.terminate();
      return;
    }
    this.ws.send(JSON.stringify(message));
  }
}
