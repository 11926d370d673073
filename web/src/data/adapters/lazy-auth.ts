/**
 * An `AuthGateway` that loads the Firebase Auth SDK on first use. The landing page never touches the
 * session, so it ships no Firebase code; the sign-in pages start the import as they mount.
 */
import type { AuthGateway } from '../auth.ts';
import type { AppConfig } from '../config.ts';

/** The gateway, plus `warm()`: start loading the SDK now (a signed-in page is opening). */
export type LazyAuthGateway = AuthGateway & { warm(): void };

export function lazyFirebaseAuth(config: AppConfig): LazyAuthGateway {
  let loading: Promise<AuthGateway> | undefined;
  const load = (): Promise<AuthGateway> => {
    loading ??= import('./firebase-auth.ts').then((m) => m.firebaseAuth(config).gateway);
    // A failed chunk load (flaky network) may be retried by the next call.
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };

  return {
    subscribe(listener) {
      let unsubscribe: (() => void) | undefined;
      let cancelled = false;
      load().then(
        (gateway) => {
          if (!cancelled) unsubscribe = gateway.subscribe(listener);
        },
        (error: unknown) => {
          console.error('Could not load sign-in', error);
          if (!cancelled) listener(null);
        },
      );
      return () => {
        cancelled = true;
        unsubscribe?.();
      };
    },
    signIn: async (email, password) => (await load()).signIn(email, password),
    signUp: async (email, password) => (await load()).signUp(email, password),
    signInWithGoogle: async () => (await load()).signInWithGoogle(),
    sendVerificationEmail: async () => (await load()).sendVerificationEmail(),
    sendPasswordReset: async (email) => (await load()).sendPasswordReset(email),
    checkPasswordResetCode: async (code) => (await load()).checkPasswordResetCode(code),
    resetPassword: async (code, newPassword) => (await load()).resetPassword(code, newPassword),
    reload: async () => (await load()).reload(),
    signOut: async () => (await load()).signOut(),
    reauthenticate: async (password) => (await load()).reauthenticate(password),
    warm() {
      load().catch(() => {}); // a failure is reported by the call that needs the SDK
    },
    preload() {
      // The Google popup code too, so the popup opens straight from the click.
      load()
        .then(() => import('./google-popup.ts'))
        .catch(() => {});
    },
  };
}
