/**
 * The backend of a page drawn for the person last signed in here before the session is confirmed:
 * every call waits for `resolve` (guards.tsx, once confirmed as that person), then goes straight
 * through, so the page keeps one store for its whole life.
 */
import type { Unsubscribe } from '@fit/shared/store';
import type { Backend } from './repositories.ts';

export function deferredBackend() {
  let real: Backend | undefined;
  let open: (backend: Backend) => void = () => {};
  const ready = new Promise<Backend>((resolve) => {
    open = resolve;
  });

  const later = <T>(call: (backend: Backend) => Promise<T>): Promise<T> =>
    real ? call(real) : ready.then(call);

  /** A subscription asked for early starts once the backend is there; stopping before cancels it. */
  function watch(start: (backend: Backend) => Unsubscribe | undefined): Unsubscribe {
    if (real) return start(real) ?? (() => {});
    let stop: Unsubscribe | undefined;
    let stopped = false;
    void ready.then((backend) => {
      if (!stopped) stop = start(backend);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }

  const backend: Backend = {
    store: {
      get: (path) => later((b) => b.store.get(path)),
      query: (spec) => later((b) => b.store.query(spec)),
      aggregate: (spec, aggregate) => later((b) => b.store.aggregate(spec, aggregate)),
      commit: (writes) => later((b) => b.store.commit(writes)),
      listen: (spec, onNext, onError) => watch((b) => b.store.listen(spec, onNext, onError)),
      listenDoc: (path, onNext, onError) => watch((b) => b.store.listenDoc(path, onNext, onError)),
    },
    deleteAccount: () => later((b) => b.deleteAccount()),
    // Unresolved, this page has written nothing.
    hasUnsentWrites: async () => (real?.hasUnsentWrites ? real.hasUnsentWrites() : false),
    watchLive: (listener) =>
      watch((b) => {
        if (b.watchLive) return b.watchLive(listener);
        listener(true);
        return undefined;
      }),
  };
  return {
    backend,
    /** Hands every waiting and later call to `real`; only the first call counts. */
    resolve(to: Backend) {
      if (real) return;
      real = to;
      open(to);
    },
  };
}
