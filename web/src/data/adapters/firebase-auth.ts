/** `AuthGateway` over Firebase Auth, without a popup resolver so the sign-in page stays small. */
import { type FirebaseApp, initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  reauthenticateWithCredential,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  type User,
  verifyPasswordResetCode,
} from 'firebase/auth';
import type { AuthGateway, AuthUser, PageSessions } from '../auth.ts';
import type { AppConfig } from '../config.ts';

function toAuthUser(user: User): AuthUser {
  return {
    uid: user.uid,
    email: user.email,
    emailVerified: user.emailVerified,
    providerIds: user.providerData.map((info) => info.providerId),
  };
}

function sameUser(a: AuthUser | null, b: AuthUser | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export interface FirebaseAuthSetup {
  app: FirebaseApp;
  gateway: AuthGateway;
  sessions(): Promise<PageSessions>;
}

let setup: FirebaseAuthSetup | undefined;

/** The one Firebase app and Auth of this page (Firestore and Functions attach to the same app). */
export function firebaseAuth(config: AppConfig): FirebaseAuthSetup {
  setup ??= createFirebaseAuth(config);
  return setup;
}

function createFirebaseAuth(config: AppConfig): FirebaseAuthSetup {
  const app = initializeApp({
    apiKey: config.firebase.apiKey,
    authDomain: config.firebase.authDomain,
    projectId: config.firebase.projectId,
    ...(config.firebase.appId ? { appId: config.firebase.appId } : {}),
  });
  // In localStorage, whose storage event tells other tabs of a sign-out at once (IndexedDB polls).
  const auth = initializeAuth(app, { persistence: [browserLocalPersistence, indexedDBLocalPersistence] });
  if (config.authEmulatorHost) {
    connectAuthEmulator(auth, `http://${config.authEmulatorHost}`, { disableWarnings: true });
  }

  const listeners = new Set<(user: AuthUser | null) => void>();
  let known: AuthUser | null | undefined; // undefined until the saved session is restored
  const publish = (user: AuthUser | null) => {
    if (known !== undefined && sameUser(known, user)) return;
    known = user;
    for (const listener of listeners) listener(user);
  };
  // Whose offline data the browser may hold (page-backend.ts): the session restored as the page
  // started, then whoever signs in from another tab; a sign-in here deletes others' data first.
  let owner: string | null = null;
  let restored: () => void = () => {};
  const restoring = new Promise<void>((resolve) => {
    restored = resolve;
  });
  let signingInHere = 0;
  let started = false;
  onAuthStateChanged(auth, (user) => {
    const uid = user?.uid ?? null;
    if (!started || (uid !== null && signingInHere === 0)) owner = uid;
    started = true;
    restored();
    publish(user ? toAuthUser(user) : null);
  });
  /** A sign-in of this page; the SDK reports its new user before the sign-in resolves. */
  async function here<T>(signIn: () => Promise<T>): Promise<T> {
    signingInHere++;
    try {
      return await signIn();
    } finally {
      setTimeout(() => signingInHere--, 0);
    }
  }

  const requireUser = (): User => {
    const user = auth.currentUser;
    if (!user) throw Object.assign(new Error('Not signed in'), { code: 'auth/no-current-user' });
    return user;
  };

  const gateway: AuthGateway = {
    subscribe(listener) {
      listeners.add(listener);
      if (known !== undefined) listener(known);
      return () => listeners.delete(listener);
    },
    async signIn(email, password) {
      const { user } = await here(() => signInWithEmailAndPassword(auth, email, password));
      return toAuthUser(user);
    },
    async signUp(email, password) {
      const { user } = await here(() => createUserWithEmailAndPassword(auth, email, password));
      return toAuthUser(user);
    },
    async signInWithGoogle() {
      const { googleSignIn } = await import('./google-popup.ts');
      const signedIn = await here(() => googleSignIn(auth));
      return signedIn && { ...signedIn, user: toAuthUser(signedIn.user) };
    },
    async sendVerificationEmail() {
      await sendEmailVerification(requireUser());
    },
    sendPasswordReset: (email) => sendPasswordResetEmail(auth, email),
    checkPasswordResetCode: (code) => verifyPasswordResetCode(auth, code),
    resetPassword: (code, newPassword) => confirmPasswordReset(auth, code, newPassword),
    async reload() {
      const user = auth.currentUser;
      if (!user) return null;
      const wasVerified = user.emailVerified;
      await user.reload();
      // A fresh token carries the new email_verified claim to the data backend.
      if (user.emailVerified !== wasVerified) await user.getIdToken(true);
      const next = toAuthUser(user);
      publish(next);
      return next;
    },
    async clockOffset() {
      const user = auth.currentUser;
      if (!user) return null;
      // A token issued now is stamped with the server's time, in whole seconds (`iat`).
      const asked = Date.now();
      const iat = Date.parse((await user.getIdTokenResult(true)).issuedAtTime);
      const answered = Date.now();
      // Issued between `asked` and `answered` by this clock, in [iat, iat + 1 s) by the server's:
      // the offset nearest zero that fits, so a slow answer never makes a right clock look off.
      const least = asked - (iat + 1000);
      const most = answered - iat;
      return least > 0 ? least : most < 0 ? most : 0;
    },
    signOut: () => signOut(auth),
    async reauthenticate(password) {
      const user = requireUser();
      if (password !== null) {
        await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email ?? '', password));
        return true;
      }
      const { googleReauthenticate } = await import('./google-popup.ts');
      return googleReauthenticate(user);
    },
  };
  const sessions = async (): Promise<PageSessions> => {
    await restoring;
    return { owner, now: auth.currentUser?.uid ?? null };
  };
  return { app, gateway, sessions };
}
