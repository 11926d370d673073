/**
 * Live reads in the query cache: the first snapshot answers the query function, later ones go in by
 * `setQueryData`, and the listener stops once no screen observes the query (marked stale then).
 * Every read of the signed-in pages has a time limit: a paused server never answers.
 */
import {
  type DocSnapshot,
  type LiveDocumentStore,
  type QuerySpec,
  StoreError,
  type Unsubscribe,
} from '@fit/shared/store';
import { hashKey, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** How long a load may take before the page says it failed. */
export const loadLimits = {
  timeoutMs: 8000,
  retryDelayMs: 500,
};

/** A load that got no answer in time (already waited: not retried). */
export class LoadTimeoutError extends StoreError {
  constructor(ms = loadLimits.timeoutMs) {
    super('unavailable', `no answer within ${ms} ms`);
  }
}

/** Rejects with `LoadTimeoutError` when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms = loadLimits.timeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new LoadTimeoutError(ms)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

export type Listen<T> = (onNext: (value: T) => void, onError: (error: StoreError) => void) => Unsubscribe;

/** A query's documents, each read by `read`, live. */
export function watchDocs<T>(
  store: LiveDocumentStore,
  spec: QuerySpec,
  read: (doc: DocSnapshot) => T,
): Listen<T[]> {
  return (onNext, onError) => store.listen(spec, (docs) => onNext(docs.map((doc) => read(doc))), onError);
}

/** A document, read by `read` (null: missing), live. */
export function watchDoc<T>(
  store: LiveDocumentStore,
  path: string,
  read: (doc: DocSnapshot | null) => T,
): Listen<T> {
  return (onNext, onError) => store.listenDoc(path, (doc) => onNext(read(doc)), onError);
}

/** Every listen's answer once all have answered, then on each change (none: one empty answer). */
export function listenAll<T>(listens: readonly Listen<T>[]): Listen<T[]> {
  return (onNext, onError) => {
    if (listens.length === 0) {
      let live = true;
      queueMicrotask(() => live && onNext([]));
      return () => {
        live = false;
      };
    }
    const answers = new Map<number, T>();
    const stops = listens.map((listen, i) =>
      listen((value) => {
        answers.set(i, value);
        if (answers.size === listens.length) onNext(listens.map((_, j) => answers.get(j) as T));
      }, onError),
    );
    return () => {
      for (const stop of stops) stop();
    };
  };
}

/** Marks a query as live in its `meta`, so re-reads after a save leave it alone (it follows itself). */
export const LIVE = { live: true } as const;

/** Each live query's running listener. */
const running = new WeakMap<Query, Unsubscribe>();

function stop(query: Query | undefined) {
  const unsubscribe = query && running.get(query);
  if (!query || !unsubscribe) return;
  running.delete(query);
  unsubscribe();
}

/** Stops a live query's listener when its last observer leaves or the query is dropped. */
export function stopListenersWithoutObservers(client: QueryClient): Unsubscribe {
  return client.getQueryCache().subscribe((event) => {
    const query: Query = event.query;
    if (event.type === 'removed') stop(query);
    if (event.type === 'observerRemoved' && query.getObserversCount() === 0 && query.meta?.live) {
      stop(query);
      query.invalidate();
    }
  });
}

/** A live query's query function: resolves with the first snapshot and keeps the listener. */
export function listenInto<T>(
  { client, queryKey, signal }: { client: QueryClient; queryKey: QueryKey; signal: AbortSignal },
  listen: Listen<T>,
): Promise<T> {
  // The query whose function this is (the cache's key is the key's hash).
  const query = client.getQueryCache().get(hashKey(queryKey));
  stop(query);
  return new Promise<T>((resolve, reject) => {
    let answered = false;
    let stopped = false;
    let unsubscribe: Unsubscribe | undefined;
    const end = () => {
      stopped = true;
      clearTimeout(timer);
      if (query && running.get(query) === own) running.delete(query);
      unsubscribe?.();
    };
    const own: Unsubscribe = end;
    const timer = setTimeout(() => {
      end();
      reject(new LoadTimeoutError());
    }, loadLimits.timeoutMs);
    signal.addEventListener('abort', () => {
      if (answered) return;
      end();
      reject(signal.reason);
    });
    unsubscribe = listen(
      (value) => {
        if (stopped) return;
        if (!answered) {
          answered = true;
          clearTimeout(timer);
          resolve(value);
          return;
        }
        client.setQueryData(queryKey, value);
        // A snapshot right behind the first may land before the first one's answer is stored.
        if (client.getQueryState(queryKey)?.fetchStatus === 'fetching') {
          setTimeout(() => client.setQueryData(queryKey, value), 0);
        }
      },
      (error) => {
        if (stopped) return;
        end();
        if (!answered) {
          answered = true;
          reject(error);
        } else {
          // Listen again: the refetch's outcome is what screens show.
          void client.refetchQueries({ queryKey, exact: true });
        }
      },
    );
    if (stopped) unsubscribe();
    else if (query) running.set(query, own);
  });
}
