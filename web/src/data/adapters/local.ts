/**
 * `LiveDocumentStore` over the local backend's HTTP API (`@fit/shared/local-protocol`): one POST per
 * port operation with the Firebase ID token as bearer, and every `listen` of the tab over one
 * WebSocket (`live-socket.ts`), which reconnects with backoff and adds its listeners again.
 * Local mode reports failures at once: there is no offline queue here. A request with no answer
 * within `REQUEST_TIMEOUT_MS` is aborted and fails as `unavailable` (a paused server would otherwise
 * hold one of the browser's six connections per host for ever, and its form busy).
 */
import {
  type AggregateResponse,
  type DeleteAccountResponse,
  type ErrorBody,
  type GetResponse,
  LOCAL_API,
  type QueryResponse,
} from '@fit/shared/local-protocol';
import { isStoreErrorCode, type LiveDocumentStore, StoreError, type Unsubscribe } from '@fit/shared/store';
import { createLiveSocket, type SocketFactory } from './live-socket.ts';
import { checkDocPath, checkedListens, checkQuery, checkWrites } from './path-checks.ts';

export interface LocalStoreOptions {
  /** '' for the page's own origin. */
  apiBase: string;
  idToken: () => Promise<string | null>;
  fetch?: typeof fetch;
  /** The WebSocket for live results (the browser's by default; `ws` in Node tests). */
  socket?: SocketFactory;
  /** How long a request may go unanswered (REQUEST_TIMEOUT_MS; tests shorten it). */
  requestTimeoutMs?: number;
}

function toStoreError(body: unknown, status: number): StoreError {
  const error = (body as Partial<ErrorBody> | null)?.error;
  if (error && typeof error.message === 'string' && isStoreErrorCode(error.code)) {
    return new StoreError(error.code, error.message);
  }
  return new StoreError(status >= 500 ? 'unavailable' : 'internal', `Local server answered HTTP ${status}`);
}

/** Past every load's and save's own limit (`load-limits.ts`): only frees what nobody waits for. */
const REQUEST_TIMEOUT_MS = 20_000;
/** Deletion runs the whole cascade before it answers. */
const DELETE_TIMEOUT_MS = 120_000;

export interface LocalStore extends LiveDocumentStore {
  deleteAccount(): Promise<void>;
  /** Whether the live socket is connected (`false` while the server is unreachable). */
  watchLive(listener: (live: boolean) => void): Unsubscribe;
}

export function createLocalStore(options: LocalStoreOptions): LocalStore {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);

  async function headers(): Promise<Record<string, string>> {
    const token = await options.idToken();
    return {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    };
  }

  async function post<T>(
    path: string,
    body: unknown,
    timeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
  ): Promise<T> {
    let response: Response;
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      response = await doFetch(`${options.apiBase}${path}`, {
        method: 'POST',
        headers: await headers(),
        body: JSON.stringify(body),
        signal,
      });
    } catch {
      throw new StoreError(
        'unavailable',
        signal.aborted
          ? `The local server did not answer in ${timeoutMs} ms`
          : 'Cannot reach the local server',
      );
    }
    const parsed: unknown = await response.json().catch(() => null);
    if (signal.aborted)
      throw new StoreError('unavailable', `The local server did not answer in ${timeoutMs} ms`);
    if (!response.ok) throw toStoreError(parsed, response.status);
    return parsed as T;
  }

  const live = createLiveSocket({
    apiBase: options.apiBase,
    idToken: options.idToken,
    ...(options.socket ? { socket: options.socket } : {}),
  });

  return {
    async get(path) {
      checkDocPath(path);
      return (await post<GetResponse>(LOCAL_API.get, { path })).doc;
    },
    async query(spec) {
      checkQuery(spec);
      return (await post<QueryResponse>(LOCAL_API.query, { query: spec })).docs;
    },
    async aggregate(spec, aggregate) {
      checkQuery(spec);
      return post<AggregateResponse>(LOCAL_API.aggregate, { query: spec, aggregate });
    },
    async commit(writes) {
      checkWrites(writes);
      await post(LOCAL_API.commit, { writes });
    },
    ...checkedListens({
      listen: (spec, onNext, onError) =>
        live.listen(
          { query: spec },
          (result) => {
            if ('docs' in result) onNext(result.docs);
          },
          onError,
        ),
      listenDoc: (path, onNext, onError) =>
        live.listen(
          { path },
          (result) => {
            if ('doc' in result) onNext(result.doc);
          },
          onError,
        ),
    }),
    async deleteAccount() {
      await post<DeleteAccountResponse>(LOCAL_API.deleteAccount, {}, DELETE_TIMEOUT_MS);
    },
    watchLive: (listener) => live.watchLive(listener),
  };
}
