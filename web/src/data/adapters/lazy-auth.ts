/** An `AuthGateway` that loads the Firebase Auth SDK on first use: the landing page ships none. */
import type { AuthGateway, PageSessions } from '../auth.ts';
import type { AppConfig } from '../config.ts';
import type { FirebaseAuthSetup } from './firebase-auth.ts';

export function lazyFirebaseAuth(config: AppConfig): AuthGateway & { sessions(): Promise<PageSessions> } {
  let setup: Promise<FirebaseAuthSetup> | undefined;
  const loadSetup = (): Promise<FirebaseAuthSetup> => {
    setup ??= import('./firebase-auth.ts').then((m) => m.firebaseAuth(config));
    // A failed chunk load (flaky network) may be retried by the next call.
    setup.catch(() => {
      setup = undefined;
    });
    return setup;
  };
  const load = (): Promise<AuthGateway> => loadSetup().then((s) => s.gateway);

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
    clockOffset: async () => (await load()).clockOffset(),
    reauthenticate: async (password) => (await load()).reauthenticate(password),
    sessions: async () => (await loadSetup()).sessions(),
    preload() {
      // The Google popup code too, so the popup opens straight from the click.
      load()
        .then(() => import('./google-popup.ts'))
        .catch(() => {});
    },
  };
}
