/**
 * The local backend's HTTP protocol: one call per store-port operation. Shared by the server
 * (`local/`) and the browser adapter (`web/src/data/adapters/local.ts`) so both sides type-check
 * against one definition.
 *
 * Every request carries `Authorization: Bearer <Firebase ID token from the Auth emulator>`.
 * Every request and response body is JSON. A refusal is an HTTP error status with
 * `{ error: { code: StoreErrorCode, message: string } }` and nothing written.
 *
 * Live results travel over ONE WebSocket per tab (`LOCAL_API.live`), carrying all of the tab's
 * listeners (see `LiveClientMessage`): an HTTP/1.1 stream per listener would use up the browser's
 * six connections per host with a page or two open, while WebSockets have their own, larger pool.
 */
import type { AggregateResult, DocSnapshot, QuerySpec, StoreErrorCode } from './store.ts';

export const LOCAL_API = {
  get: '/api/get',
  query: '/api/query',
  aggregate: '/api/aggregate',
  commit: '/api/commit',
  /** WebSocket (GET upgrade): `LiveClientMessage` in, `LiveServerMessage` out, JSON text frames. */
  live: '/api/live',
  deleteAccount: '/api/deleteAccount',
  health: '/api/health',
} as const;

export interface GetResponse {
  doc: DocSnapshot | null;
}
export interface QueryResponse {
  docs: DocSnapshot[];
}
export type AggregateResponse = AggregateResult;
/** Watch either a query or one document. */
export type ListenRequest = { query: QuerySpec } | { path: string };

/**
 * Client to server on the live socket. The first message is `auth` (the socket cannot carry an
 * Authorization header); then `add` and `remove` in any order. An `add` is checked like a `query`
 * or `get` (access, then the index) before its first result is sent; that first result is its
 * acknowledgement, and each later one follows a commit that changed it. Ids are the client's own,
 * unique per socket. After a dropped connection the client opens a new socket and adds every
 * listener again.
 */
export type LiveClientMessage =
  | { type: 'auth'; token: string }
  | ({ type: 'add'; id: string } & ListenRequest)
  | { type: 'remove'; id: string };

/**
 * Server to client. `refused`: that listener is gone (refused at add, or failed later) and will
 * not be retried by the server. `fatal`: the socket is refused as a whole (bad or missing token,
 * the account deleted, a malformed message) and closed; the client reports it to every listener.
 * `beat` comes every `LIVE_HEARTBEAT_MS` so that a client can tell a silent socket from a dead one.
 */
export type LiveServerMessage =
  | { type: 'ready' }
  | { type: 'docs'; id: string; docs: DocSnapshot[] }
  | { type: 'doc'; id: string; doc: DocSnapshot | null }
  | { type: 'refused'; id: string; error: ErrorBody['error'] }
  | { type: 'fatal'; error: ErrorBody['error'] }
  | { type: 'beat' };

export const LIVE_HEARTBEAT_MS = 15_000;
/** Listeners one socket may hold at once (a page holds fewer than ten). */
export const LIVE_MAX_LISTENERS = 200;
/** Largest client message in bytes (an `add` carries one query). */
export const LIVE_MAX_MESSAGE_BYTES = 64 * 1024;
/** Close codes (4000-4999 are the application's): the reason is also sent as `fatal` first. */
export const LIVE_CLOSE = { unauthenticated: 4401, badMessage: 4400, authTimeout: 4408 } as const;
export interface DeleteAccountResponse {
  ok: true;
}
export interface ErrorBody {
  error: { code: StoreErrorCode; message: string };
}

/** HTTP status for each error code, Firestore REST style. */
export const HTTP_STATUS: Record<StoreErrorCode, number> = {
  'invalid-argument': 400,
  'failed-precondition': 400,
  unauthenticated: 401,
  'permission-denied': 403,
  'not-found': 404,
  'already-exists': 409,
  aborted: 409,
  'resource-exhausted': 429,
  internal: 500,
  unavailable: 503,
};
