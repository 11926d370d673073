/**
 * The backend the screens write through: the store port plus what is not plain documents (account
 * deletion, the SDK's unsent writes, erasure, the live connection). The Firestore adapter is loaded on demand,
 * so the sign-in pages never ship the Firestore SDK.
 */
import type { LiveDocumentStore, Unsubscribe } from '@fit/shared/store';
import type { AppConfig } from './config.ts';

/** The optional members are the Firestore adapter's own; the tests' in-memory backends leave them out. */
export interface Backend {
  store: LiveDocumentStore;
  /** Server-side deletion of the profile, all the user's data and the auth user (a callable Function). */
  deleteAccount(): Promise<void>;
  /**
   * Whether writes wait for the server that this page's saves do not know of (kept by the SDK from
   * another tab or an earlier page load). Absent: none can.
   */
  hasUnsentWrites?(): Promise<boolean>;
  /**
   * Stops the backend for good: its listeners, and its hold on what it keeps in this browser (the
   * session it served ended: page-backend.ts). Absent: nothing to stop.
   */
  stop?(): Promise<void>;
  /** Whether live results are flowing from the server now (absent: treated as live). */
  watchLive?(listener: (live: boolean) => void): Unsubscribe;
}

/**
 * The Firestore backend. `eraseFirst`: whether the offline cache in this browser must be deleted
 * before first use (page-backend.ts decides), asked once the SDK's code has loaded, right before
 * the instance is made: a sign-in in another tab meanwhile may have made the cache someone's.
 */
export async function loadBackend(config: AppConfig, eraseFirst: () => Promise<boolean>): Promise<Backend> {
  const [{ firebaseAppOf }, { createFirestoreStore }] = await Promise.all([
    import('./adapters/firebase-auth.ts'),
    import('./adapters/firestore.ts'),
  ]);
  const erase = await eraseFirst();
  const store = createFirestoreStore(firebaseAppOf(config), config, { eraseFirst: erase });
  return {
    store,
    deleteAccount: () => store.deleteAccount(),
    stop: () => store.stop(),
    hasUnsentWrites: () => store.hasUnsentWrites(),
    watchLive: store.watchLive,
  };
}
