/**
 * All of a tab's live listeners over ONE WebSocket to the local server (`LOCAL_API.live`, protocol
 * in `@fit/shared/local-protocol`). An HTTP/1.1 stream per listener would hold one of the browser's
 * six connections per host each, so that a second tab could not even load; WebSockets have their
 * own pool. The socket opens with the first listener, authenticates with the current ID token, and
 * closes a while after the last listener goes. After a drop (server restart, network, a silent
 * socket past its heartbeat) it reconnects with backoff and adds every listener again; a listener
 * refused by the server (no access, missing index) is reported once and not retried.
 *
 * A listener still waiting for its first result is told at once when a connection attempt fails
 * (the server is down or answers the upgrade with an error): its section then shows the failure
 * message within a second or two instead of a placeholder until the load's time limit. Listeners
 * that have answered keep their data and are added again after the reconnect; meanwhile
 * `watchLive` reports the socket as not live (the community page's badge).
 */
import {
  type ErrorBody,
  LIVE_HEARTBEAT_MS,
  type ListenRequest,
  type LiveClientMessage,
  type LiveServerMessage,
  LOCAL_API,
} from '@fit/shared/local-protocol';
import { type DocSnapshot, isStoreErrorCode, StoreError, type Unsubscribe } from '@fit/shared/store';

/** The part of the WebSocket API used here (the browser's, or `ws` in Node tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type SocketFactory = (url: string) => SocketLike;

export interface LiveSocketOptions {
  /** '' for the page's own origin. */
  apiBase: string;
  idToken: () => Promise<string | null>;
  socket?: SocketFactory;
  /** The server's heartbeat; the socket counts as dead after two missed beats. */
  heartbeatMs?: number;
  /** How long an empty socket stays open (a route change removes and adds listeners at once). */
  idleCloseMs?: number;
}

export type LiveResult = { docs: DocSnapshot[] } | { doc: DocSnapshot | null };

interface Entry {
  request: ListenRequest;
  onResult(result: LiveResult): void;
  onError(error: StoreError): void;
  /** Sent on the current socket. */
  sent: boolean;
  /** Has had a first result (a load that answered: later drops are bridged quietly). */
  answered: boolean;
}

interface Connection {
  socket: SocketLike;
  /** Whose token authenticated it: a listener of another user needs a new socket. */
  uid: string | null;
  ready: boolean;
  lastHeard: number;
}

/** Backoff for reconnecting: 0.5 s doubling to 15 s, reset once a socket is ready. */
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 15_000;
const OPEN = 1;

/** The user id inside a Firebase ID token (not verified here: the server does that). */
export function tokenSubject(token: string | null): string | null {
  if (!token) return null;
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { user_id?: unknown; sub?: unknown };
    const uid = claims.user_id ?? claims.sub;
    return typeof uid === 'string' ? uid : null;
  } catch {
    return null;
  }
}

function toStoreError(error: ErrorBody['error'] | undefined): StoreError {
  if (error && typeof error.message === 'string' && isStoreErrorCode(error.code))
    return new StoreError(error.code, error.message);
  return new StoreError('internal', 'The local server sent a malformed live message');
}

function socketUrl(apiBase: string): string {
  const base =
    apiBase !== '' ? apiBase : ((globalThis as { location?: { origin: string } }).location?.origin ?? '');
  return `${base.replace(/^http/, 'ws')}${LOCAL_API.live}`;
}

export function createLiveSocket(options: LiveSocketOptions) {
  const makeSocket: SocketFactory = options.socket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
  const heartbeatMs = options.heartbeatMs ?? LIVE_HEARTBEAT_MS;
  const idleCloseMs = options.idleCloseMs ?? 10_000;
  const entries = new Map<string, Entry>();
  let counter = 0;
  let connection: Connection | undefined;
  let connecting: Promise<void> | undefined;
  let retryDelay = RETRY_MIN_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let watchdog: ReturnType<typeof setInterval> | undefined;
  const liveListeners = new Set<(live: boolean) => void>();
  let live = false;

  function setLive(next: boolean): void {
    if (next === live) return;
    live = next;
    for (const listener of liveListeners) listener(live);
  }

  /** A connection attempt failed before the server said ready: fail the listeners still waiting. */
  function failWaiting(): void {
    const waiting = [...entries].filter(([, entry]) => !entry.answered);
    for (const [id] of waiting) entries.delete(id);
    const error = new StoreError('unavailable', 'Cannot reach the local server');
    for (const [, entry] of waiting) entry.onError(error);
  }

  const send = (message: LiveClientMessage) => connection?.socket.send(JSON.stringify(message));

  function flushAdds(): void {
    if (!connection?.ready) return;
    for (const [id, entry] of entries) {
      if (entry.sent) continue;
      entry.sent = true;
      send({ type: 'add', id, ...entry.request });
    }
  }

  /** Forgets the socket without waiting for its close (a dead peer may never answer). */
  function drop(current: Connection): void {
    if (connection !== current) return;
    connection = undefined;
    setLive(false);
    current.socket.onopen = current.socket.onmessage = current.socket.onclose = current.socket.onerror = null;
    try {
      current.socket.close();
    } catch {
      // already closed
    }
    for (const entry of entries.values()) entry.sent = false;
    if (entries.size === 0) {
      clearInterval(watchdog);
      watchdog = undefined;
    }
  }

  function scheduleReconnect(): void {
    if (entries.size === 0 || retryTimer !== undefined) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void ensure();
    }, retryDelay);
    retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
  }

  function fail(error: StoreError): void {
    const failed = [...entries.values()];
    entries.clear();
    for (const entry of failed) entry.onError(error);
  }

  function receive(current: Connection, raw: unknown): void {
    let message: LiveServerMessage;
    try {
      message = JSON.parse(String(raw)) as LiveServerMessage;
    } catch {
      return;
    }
    current.lastHeard = Date.now();
    switch (message.type) {
      case 'ready':
        current.ready = true;
        retryDelay = RETRY_MIN_MS;
        setLive(true);
        flushAdds();
        return;
      case 'docs':
      case 'doc': {
        const entry = entries.get(message.id);
        if (!entry) return;
        entry.answered = true;
        entry.onResult(message.type === 'docs' ? { docs: message.docs } : { doc: message.doc });
        return;
      }
      case 'refused': {
        const entry = entries.get(message.id);
        if (!entry) return;
        entries.delete(message.id);
        entry.onError(toStoreError(message.error));
        return;
      }
      case 'fatal':
        // Refused as a whole (bad token, deleted account): reported to everyone, not retried.
        drop(current);
        fail(toStoreError(message.error));
        return;
      default:
        return; // 'beat', or something newer than this client
    }
  }

  /** Opens the socket if needed, with the current user's token; then sends pending adds. */
  function ensure(): Promise<void> {
    connecting ??= (async () => {
      try {
        let token: string | null;
        try {
          token = await options.idToken();
        } catch {
          failWaiting();
          scheduleReconnect(); // the auth SDK failed (network): try again later
          return;
        }
        const uid = tokenSubject(token);
        if (connection && connection.uid !== uid) drop(connection); // another user signed in
        if (entries.size === 0) return;
        if (connection) {
          flushAdds();
          return;
        }
        let socket: SocketLike;
        try {
          socket = makeSocket(socketUrl(options.apiBase));
        } catch {
          failWaiting();
          scheduleReconnect();
          return;
        }
        const current: Connection = { socket, uid, ready: false, lastHeard: Date.now() };
        connection = current;
        socket.onopen = () => {
          current.lastHeard = Date.now();
          socket.send(JSON.stringify({ type: 'auth', token: token ?? '' } satisfies LiveClientMessage));
        };
        socket.onmessage = (event) => receive(current, event.data);
        const lost = () => {
          const wasReady = current.ready;
          drop(current);
          if (!wasReady) failWaiting();
          scheduleReconnect();
        };
        socket.onerror = lost;
        socket.onclose = lost;
        watchdog ??= setInterval(() => {
          const c = connection;
          if (!c && entries.size === 0) {
            clearInterval(watchdog);
            watchdog = undefined;
            return;
          }
          if (c && Date.now() - c.lastHeard > 2 * heartbeatMs + 5_000) {
            const wasReady = c.ready;
            drop(c);
            if (!wasReady) failWaiting();
            scheduleReconnect();
          }
        }, heartbeatMs);
      } finally {
        connecting = undefined;
      }
    })();
    return connecting;
  }

  function closeIfIdle(): void {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (entries.size > 0 || !connection) return;
      drop(connection);
      clearTimeout(retryTimer);
      retryTimer = undefined;
    }, idleCloseMs);
  }

  return {
    /** Whether the socket is connected and signed in (`false` while down or reconnecting). */
    watchLive(listener: (live: boolean) => void): Unsubscribe {
      liveListeners.add(listener);
      listener(live);
      return () => liveListeners.delete(listener);
    },
    listen(
      request: ListenRequest,
      onResult: (result: LiveResult) => void,
      onError: (error: StoreError) => void,
    ): Unsubscribe {
      counter += 1;
      const id = String(counter);
      const entry: Entry = { request, onResult, onError, sent: false, answered: false };
      entries.set(id, entry);
      clearTimeout(idleTimer);
      // Always through ensure(): it checks that the socket still belongs to the signed-in user.
      void ensure().then(() => {
        // A listen made while another one was connecting: that run may not have seen it.
        if (entries.get(id) === entry && !entry.sent) void ensure();
      });
      return () => {
        if (entries.get(id) !== entry) return;
        entries.delete(id);
        if (entry.sent && connection?.ready && connection.socket.readyState === OPEN)
          send({ type: 'remove', id });
        if (entries.size === 0) closeIfIdle();
      };
    },
  };
}
