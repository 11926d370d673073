/** The backend: the store port plus what is not plain documents. Firestore loads on demand. */
import type { LiveDocumentStore, Unsubscribe } from '@fit/shared/store';
import type { AppConfig } from './config.ts';

/** The optional members are Firestore's own; the tests' in-memory backends leave them out. */
export interface Backend {
  store: LiveDocumentStore;
  deleteAccount(): Promise<void>;
  /** Whether writes from another tab or an earlier load wait for the server. */
  hasUnsentWrites?(): Promise<boolean>;
  /** Stops the backend for good (its session ended). */
  stop?(): Promise<void>;
  /** Whether live results are flowing from the server now (absent: treated as live). */
  watchLive?(listener: (live: boolean) => void): Unsubscribe;
}

/** `eraseFirst` is asked right before the instance is made: another tab may have signed in meanwhile. */
export async function loadBackend(config: AppConfig, eraseFirst: () => Promise<boolean>): Promise<Backend> {
  const [{ firebaseAppOf }, { createFirestoreStore }] = await Promise.all([
    import('./adapters/firebase-auth.ts'),
    import('./adapters/firestore.ts'),
  ]);
  const erase = await eraseFirst();
  const store = createFirestoreStore(firebaseAppOf(config), config, { eraseFirst: erase });
  const { deleteAccount, stop, hasUnsentWrites, watchLive } = store; // closures: no `this`
  return { store, deleteAccount, stop, hasUnsentWrites, watchLive };
}
