import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A code-split module that can be asked for ahead of rendering (app/preload.ts) and keeps the
 * module once loaded, so that `lazyFrom` renders it at once.
 *
 * Why not `React.lazy(() => import(...))` alone: lazy suspends on its first render even when the
 * chunk is already there (an import() answers asynchronously), and React reveals content that
 * suspended no sooner than 300 ms after the last fallback it showed. On a signed-in page load that
 * was a wait per level (frame, layout, page) after every chunk had arrived.
 */
export interface Chunk<M> {
  (): Promise<M>;
  /** The module, once it has loaded. */
  readonly loaded: M | undefined;
}

export function chunk<M>(load: () => Promise<M>): Chunk<M> {
  let pending: Promise<M> | undefined;
  let loaded: M | undefined;
  const get = (): Promise<M> => {
    pending ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        pending = undefined; // a chunk that failed (offline, a new deploy) may be asked for again
        throw error;
      },
    );
    return pending;
  };
  return Object.defineProperty(get, 'loaded', { get: () => loaded }) as Chunk<M>;
}

type Loaded<C> = { default: C };

/**
 * `React.lazy` of the component `name` of `from`. When the chunk has loaded already, React gets a
 * thenable that answers synchronously: it then renders the component without suspending (React
 * reads such a thenable as settled; `chunk.test.tsx` holds it to that).
 */
export function lazyFrom<K extends string, M extends Record<K, ComponentType>>(
  from: Chunk<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy((): Promise<Loaded<M[K]>> => {
    const module = from.loaded;
    if (module === undefined) return from().then((m) => ({ default: m[name] }));
    const ready: Loaded<M[K]> = { default: module[name] };
    // A thenable on purpose: that is what React reads as settled.
    // biome-ignore lint/suspicious/noThenProperty: the synchronous thenable is the point
    const settled = { then: (resolve: (value: Loaded<M[K]>) => void) => resolve(ready) };
    return settled as unknown as Promise<Loaded<M[K]>>;
  });
}
