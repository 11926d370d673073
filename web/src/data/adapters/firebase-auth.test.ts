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

describe("how far this device's clock is off the server's", () => {
  const MINUTE = 60_000;
  /** A signed-in user whose fresh token the server issues `upMs` after the ask, answered `downMs` later. */
  function tokenServer(offsetMs: number, serverIssueMs: number, upMs: number, downMs: number) {
    const forced: unknown[] = [];
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(serverIssueMs + offsetMs - upMs);
    sdk.currentUser = {
      ...userOf('ann'),
      async getIdTokenResult(force?: boolean) {
        forced.push(force);
        vi.setSystemTime(Date.now() + upMs + downMs);
        // As the SDK words it: the token's `iat`, whole seconds.
        return { issuedAtTime: new Date(Math.floor(serverIssueMs / 1000) * 1000).toUTCString() };
      },
    };
    return forced;
  }

  it('asks for a freshly issued token, never a cached one', async () => {
    const setup = await page();
    const forced = tokenServer(10 * MINUTE, Date.UTC(2026, 0, 5, 9, 0, 0, 400), 100, 100);
    expect(Math.round(((await setup.gateway.clockOffset()) ?? 0) / MINUTE)).toBe(10);
    expect(forced).toEqual([true]);
  });

  it('a clock just inside the slack is not called off past it by a slow answer or the whole-second iat', async () => {
    const setup = await page();
    const inside = 4 * MINUTE + 59_000; // 4m59s fast: the rules accept its entries
    tokenServer(inside, Date.UTC(2026, 0, 5, 9, 0, 0, 900), 700, 900);
    const off = (await setup.gateway.clockOffset()) ?? 0;
    expect(off).toBeLessThanOrEqual(inside);
    expect(off).toBeGreaterThan(inside - 2_000);
  });

  it('a clock as far behind, the same', async () => {
    const setup = await page();
    const inside = -(4 * MINUTE + 59_000);
    tokenServer(inside, Date.UTC(2026, 0, 5, 9, 0, 0, 100), 900, 700);
    const off = (await setup.gateway.clockOffset()) ?? 0;
    expect(off).toBeGreaterThanOrEqual(inside);
    expect(off).toBeLessThan(inside + 2_000);
  });
});
