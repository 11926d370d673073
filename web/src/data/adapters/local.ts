/**
 * `LiveDocumentStore` over the local backend's HTTP API (`@fit/shared/local-protocol`): one POST per
 * port operation with the Firebase ID token as bearer, and `listen` as a Server-Sent Events stream
 * read with fetch + ReadableStream (EventSource cannot send the token), reconnecting with backoff.
 * Local mode reports failures at once: there is no offline queue here.
 */
import {
  type AggregateResponse,
  type DeleteAccountResponse,
  type ErrorBody,
  type GetResponse,
  type ListenEvent,
  type ListenRequest,
  LOCAL_API,
  type QueryResponse,
} from '@fit/shared/local-protocol';
import {
  type DocSnapshot,
  isStoreErrorCode,
  type LiveDocumentStore,
  StoreError,
  type Unsubscribe,
} from '@fit/shared/store';
import { checkDocPath, checkedListen, checkQuery, checkWrites } from './path-checks.ts';

export interface LocalStoreOptions {
  /** '' for the page's own origin. */
  apiBase: string;
  idToken: () => Promise<string | null>;
  fetch?: typeof fetch;
}

function toStoreError(body: unknown, status: number): StoreError {
  const error = (body as Partial<ErrorBody> | null)?.error;
  if (error && typeof error.message === 'string' && isStoreErrorCode(error.code)) {
    return new StoreError(error.code, error.message);
  }
  return new StoreError(status >= 500 ? 'unavailable' : 'internal', `Local server answered HTTP ${status}`);
}

/** Backoff for the live stream: 0.5 s doubling to 15 s, reset once a stream delivers. */
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 15_000;

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

  function watch(
    request: ListenRequest,
    onEvent: (event: Exclude<ListenEvent, { error: unknown }>) => void,
    onError: (error: StoreError) => void,
  ): Unsubscribe {
    const controller = new AbortController();
    let delay = RETRY_MIN_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const retry = () => {
      if (controller.signal.aborted) return;
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    };

    const handle = (line: string): boolean => {
      if (!line.startsWith('data:')) return true;
      const event = JSON.parse(line.slice(5).trim()) as ListenEvent;
      if ('error' in event) {
        onError(toStoreError(event, 0));
        controller.abort();
        return false;
      }
      delay = RETRY_MIN_MS;
      onEvent(event);
      return true;
    };

    async function connect(): Promise<void> {
      let response: Response;
      try {
        response = await doFetch(`${options.apiBase}${LOCAL_API.listen}`, {
          method: 'POST',
          headers: { ...(await headers()), Accept: 'text/event-stream' },
          body: JSON.stringify(request),
          signal: controller.signal,
        });
      } catch {
        retry();
        return;
      }
      if (!response.ok || !response.body) {
        const error = toStoreError(await response.json().catch(() => null), response.status);
        // Server trouble passes; a refusal (bad query, no access) will not, so it is reported.
        if (error.code === 'unavailable' || error.code === 'internal') retry();
        else onError(error);
        return;
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          const lines = buffer.split('\n');
          buffer = lines.pop() ?? '';
          for (const line of lines) if (!handle(line)) return;
        }
      } catch {
        // The stream broke (server restart, network): reconnect below.
      }
      retry();
    }

    void connect();
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }

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
          watch(
            { query: spec },
            (event) => {
              if ('docs' in event) onNext(event.docs);
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
          watch(
            { path },
            (event) => {
              if ('doc' in event) onNext(event.doc as DocSnapshot | null);
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
