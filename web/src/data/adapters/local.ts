/**
 * `LiveDocumentStore` over the local backend's HTTP API (`@fit/shared/local-protocol`): one POST per
 * port operation with the Firebase ID token as bearer, and every `listen` of the tab over one
 * WebSocket (`live-socket.ts`), which reconnects with backoff and adds its listeners again.
 * Local mode reports failures at once: there is no offline queue here.
 */
import {
  type AggregateResponse,
  type DeleteAccountResponse,
  type ErrorBody,
  type GetResponse,
  LOCAL_API,
  type QueryResponse,
} from '@fit/shared/local-protocol';
import { isStoreErrorCode, type LiveDocumentStore, StoreError } from '@fit/shared/store';
import { createLiveSocket, type SocketFactory } from './live-socket.ts';
import { checkDocPath, checkedListen, checkQuery, checkWrites } from './path-checks.ts';

export interface LocalStoreOptions {
  /** '' for the page's own origin. */
  apiBase: string;
  idToken: () => Promise<string | null>;
  fetch?: typeof fetch;
  /** The WebSocket for live results (the browser's by default; `ws` in Node tests). */
  socket?: SocketFactory;
}

function toStoreError(body: unknown, status: number): StoreError {
  const error = (body as Partial<ErrorBody> | null)?.error;
  if (error && typeof error.message === 'string' && isStoreErrorCode(error.code)) {
    return new StoreError(error.code, error.message);
  }
  return new StoreError(status >= 500 ? 'unavailable' : 'internal', `Local server answered HTTP ${status}`);
}

export interface LocalStore extends LiveDocumentStore {
  deleteAccount(): Promise<void>;
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

  async function post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${options.apiBase}${path}`, {
        method: 'POST',
        headers: await headers(),
        body: JSON.stringify(body),
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new StoreError('unavailable', 'Cannot reach the local server');
    }
    const parsed: unknown = await response.json().catch(() => null);
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
    listen(spec, onNext, onError) {
      return checkedListen(
        () => checkQuery(spec),
        () =>
          live.listen(
            { query: spec },
            (result) => {
              if ('docs' in result) onNext(result.docs);
            },
            onError,
          ),
        onError,
      );
    },
    listenDoc(path, onNext, onError) {
      return checkedListen(
        () => checkDocPath(path),
        () =>
          live.listen(
            { path },
            (result) => {
              if ('doc' in result) onNext(result.doc);
            },
            onError,
          ),
        onError,
      );
    },
    async deleteAccount() {
      await post<DeleteAccountResponse>(LOCAL_API.deleteAccount, {});
    },
  };
}
