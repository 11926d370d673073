/**
 * The backend the screens write through: the store port plus the two operations that are not plain
 * documents (account deletion, pending offline writes). One adapter is loaded on demand by mode, so
 * local mode never ships the Firestore SDK and the sign-in pages ship neither.
 */
import type { LiveDocumentStore, Unsubscribe } from '@fit/shared/store';
import type { AuthGateway } from './auth.ts';
import type { AppConfig } from './config.ts';

export interface Backend {
  store: LiveDocumentStore;
  /** Server-side deletion of the profile, all the user's data and the auth user (callable / endpoint). */
  deleteAccount(): Promise<void>;
  /** Writes accepted locally but not yet confirmed by the server (Firebase offline queue; 0 in local mode). */
  watchPendingWrites(listener: (pending: number) => void): Unsubscribe;
  /**
   * Whether writes wait for the server that `watchPendingWrites` may not count (kept by the SDK from
   * another tab or an earlier page load). Absent: none can.
   */
  hasUnsentWrites?(): Promise<boolean>;
  /** Writes shown as saved offline that the server refused when they arrived (Firebase mode only). */
  watchRefusedWrites?(listener: (refused: number) => void): Unsubscribe;
  /**
   * Erases what the adapter keeps in this browser for the session (Firebase: the offline cache,
   * unsent writes included); the backend is unusable afterwards. Absent: it keeps nothing.
   */
  eraseFromDevice?(): Promise<void>;
  /** Whether live results are flowing from the server now (absent: treated as live). */
  watchLive?(listener: (live: boolean) => void): Unsubscribe;
}

export async function loadBackend(config: AppConfig, auth: AuthGateway): Promise<Backend> {
  if (config.mode === 'firebase') {
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
      watchPendingWrites: store.watchPendingWrites,
      watchRefusedWrites: store.watchRefusedWrites,
      watchLive: store.watchLive,
    };
  }
  const { createLocalStore } = await import('./adapters/local.ts');
  const store = createLocalStore({ apiBase: config.apiBase, idToken: () => auth.idToken() });
  return {
    store,
    deleteAccount: () => store.deleteAccount(),
    watchPendingWrites: (listener) => {
      listener(0);
      return () => {};
    },
    watchLive: store.watchLive,
  };
}
