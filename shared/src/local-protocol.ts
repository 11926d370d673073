/**
 * The local backend's HTTP protocol: one call per store-port operation. Shared by the server
 * (`local/`) and the browser adapter (`web/src/data/adapters/local.ts`) so both sides type-check
 * against one definition.
 *
 * Every request carries `Authorization: Bearer <Firebase ID token from the Auth emulator>`.
 * Every request and response body is JSON. A refusal is an HTTP error status with
 * `{ error: { code: StoreErrorCode, message: string } }` and nothing written.
 */
import type {
  AggregateResult,
  AggregateSpec,
  DocSnapshot,
  QuerySpec,
  StoreErrorCode,
  WriteOp,
} from './store.ts';

export const LOCAL_API = {
  get: '/api/get',
  query: '/api/query',
  aggregate: '/api/aggregate',
  commit: '/api/commit',
  /** POST; answers `text/event-stream`, one `data: <ListenEvent JSON>` per new result. */
  listen: '/api/listen',
  deleteAccount: '/api/deleteAccount',
  health: '/api/health',
} as const;

export interface GetRequest {
  path: string;
}
export interface GetResponse {
  doc: DocSnapshot | null;
}
export interface QueryRequest {
  query: QuerySpec;
}
export interface QueryResponse {
  docs: DocSnapshot[];
}
export interface AggregateRequest {
  query: QuerySpec;
  aggregate: AggregateSpec;
}
export type AggregateResponse = AggregateResult;
export interface CommitRequest {
  writes: WriteOp[];
}
export interface CommitResponse {
  ok: true;
}
/** Watch either a query or one document. */
export type ListenRequest = { query: QuerySpec } | { path: string };
export type ListenEvent =
  | { docs: DocSnapshot[] }
  | { doc: DocSnapshot | null }
  | { error: ErrorBody['error'] };
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
