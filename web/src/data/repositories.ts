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
   * Erases what the adapter keeps in this browser for the session (Firestore's offline cache,
   * unsent writes included); the backend is unusable afterwards. Absent: it keeps nothing.
   */
  eraseFromDevice?(): Promise<void>;
  /** Whether live results are flowing from the server now (absent: treated as live). */
  watchLive?(listener: (live: boolean) => void): Unsubscribe;
}

export async function loadBackend(config: AppConfig): Promise<Backend> {
  const [{ firebaseAppOf }, { createFirestoreStore }] = await Promise.all([
    import('./adapters/firebase-auth.ts'),
    import('./adapters/firestore.ts'),
  ]);
  const store = createFirestoreStore(firebaseAppOf(config), config);
  return {
    store,
    deleteAccount: () => store.deleteAccount(),
    eraseFromDevice: () => store.eraseFromDevice(),
    hasUnsentWrites: () => store.hasUnsentWrites(),
    watchLive: store.watchLive,
  };
}
