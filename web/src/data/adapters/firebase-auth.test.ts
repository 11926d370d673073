/**
 * Whose offline data the browser may hold, as the auth adapter tells page-backend.ts: the session
 * restored as the page started, then whoever signs in from another tab (the SDK reports it like any
 * change); never a sign-in made on this page. The SDK is a stand-in here: its state listener is
 * driven by hand, and a sign-in reports its user before resolving, as the SDK does.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../config.ts';

type Listener = (user: { uid: string } | null) => void;

const sdk = vi.hoisted(() => ({
  listener: undefined as ((user: unknown) => void) | undefined,
  currentUser: null as unknown,
}));

function userOf(uid: string) {
  return { uid, email: `${uid}@example.com`, emailVerified: true, providerData: [] };
}

/** The SDK reports `uid` (another tab's sign-in or sign-out, or its start-up). */
function report(uid: string | null) {
  sdk.currentUser = uid === null ? null : userOf(uid);
  (sdk.listener as Listener | undefined)?.(sdk.currentUser as { uid: string } | null);
}

vi.mock('firebase/app', () => ({ initializeApp: () => ({}) }));
vi.mock('firebase/auth', () => ({
  browserLocalPersistence: {},
  indexedDBLocalPersistence: {},
  connectAuthEmulator: () => {},
  initializeAuth: () => ({
    get currentUser() {
      return sdk.currentUser;
    },
  }),
  onAuthStateChanged: (_auth: unknown, listener: (user: unknown) => void) => {
    sdk.listener = listener;
    return () => {};
  },
  signInWithEmailAndPassword: async (_auth: unknown, email: string) => {
    const uid = email.split('@')[0] ?? '';
    await Promise.resolve();
    report(uid);
    return { user: userOf(uid) };
  },
  createUserWithEmailAndPassword: async () => {
    throw new Error('not used');
  },
  EmailAuthProvider: {},
  reauthenticateWithCredential: async () => {},
  sendEmailVerification: async () => {},
  signOut: async () => report(null),
}));

const config: AppConfig = {
  firebase: { projectId: 'demo', apiKey: 'key', authDomain: 'demo.firebaseapp.com', appId: undefined },
  authEmulatorHost: undefined,
  firestoreEmulatorHost: undefined,
  functionsEmulatorHost: undefined,
  functionsRegion: 'us-central1',
};

/** A fresh page: the module keeps one setup per page. */
async function page() {
  vi.resetModules();
  const { firebaseAuth } = await import('./firebase-auth.ts');
  return firebaseAuth(config);
}

beforeEach(() => {
  sdk.listener = undefined;
  sdk.currentUser = null;
});
afterEach(() => vi.useRealTimers());

describe('whose offline data the page may use', () => {
  it('waits for the restored session; a page that started signed in belongs to that person', async () => {
    const setup = await page();
    let known = false;
    const sessions = setup.sessions().then((s) => {
      known = true;
      return s;
    });
    await Promise.resolve();
    expect(known).toBe(false);
    report('ann');
    expect(await sessions).toEqual({ owner: 'ann', now: 'ann' });
  });

  it('a sign-in in another tab makes it theirs; a sign-in here does not', async () => {
    const setup = await page();
    report(null); // started signed out
    expect(await setup.sessions()).toEqual({ owner: null, now: null });

    report('ann'); // Ann signs in in another tab
    expect(await setup.sessions()).toEqual({ owner: 'ann', now: 'ann' });

    report(null); // and out again: what she left is still hers until deleted
    await setup.gateway.signIn('bob@example.com', 'secret'); // Bob signs in here
    expect(await setup.sessions()).toEqual({ owner: 'ann', now: 'bob' });
  });

  it('a page that started signed out and signs in here owns nothing', async () => {
    const setup = await page();
    report(null);
    await setup.gateway.signIn('ann@example.com', 'secret');
    expect(await setup.sessions()).toEqual({ owner: null, now: 'ann' });
  });
});
