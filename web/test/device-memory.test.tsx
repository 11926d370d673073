/**
 * What this browser remembers per person (device-memory.ts) must not outlive their session: on a
 * shared computer the next person inherits nothing, and a deleted account leaves nothing. The
 * per-device Appearance choice stays. The keys are written by the real screens here (the dashboard
 * writes the unit system and the Log Activity form's field set), then each way a session ends runs.
 * Each must also call the session's end once (main.tsx then loads /login in the page's place, which
 * deletes the offline cache: page-backend.ts, and the journeys that read IndexedDB), and nothing
 * else may.
 */
import { paths } from '@fit/shared/model';
import { type DocSnapshot, type QuerySpec, StoreError, type Unsubscribe } from '@fit/shared/store';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MODE_STORAGE_KEY } from '../src/app/theme/index.ts';
import {
  forgetUser,
  keepOnlyMemoryOf,
  memoryKey,
  PER_USER_MEMORY,
  recall,
  remember,
} from '../src/data/device-memory.ts';
import { FakeAuth } from './fake-auth.ts';
import { renderApp, warmRoutes } from './render.tsx';

beforeAll(() => warmRoutes('/user', '/login', '/account'));

const ANN = 'ann';
const profileOf = (uid: string, extra: Record<string, unknown> = {}) => ({
  [paths.user(uid)]: { userId: uid, email: `${uid}@example.com`, createdAt: 1, displayName: uid, ...extra },
});

/** Every per-user key in both storage areas, sorted. */
function perUserKeys(): string[] {
  const prefixes = Object.values(PER_USER_MEMORY).map((e) => e.prefix);
  const keys: string[] = [];
  for (const area of [localStorage, sessionStorage]) {
    for (let i = 0; i < area.length; i++) {
      const key = area.key(i);
      if (key && prefixes.some((p) => key.startsWith(p))) keys.push(key);
    }
  }
  return keys.sort();
}

function signedIn(uid = ANN) {
  const auth = new FakeAuth();
  auth.addUser(`${uid}@example.com`, { uid, verified: true, signedIn: true });
  return auth;
}

/** The real dashboard for Ann (metric), until it has remembered her units and form shape. */
async function annOnDashboard(
  store: MemoryStore = new MemoryStore(profileOf(ANN, { unitSystem: 'metric' })),
) {
  const ended = vi.fn();
  const app = renderApp('/user', { auth: signedIn(), store, onSessionEnd: ended });
  await waitFor(() => expect(recall('units', ANN)).toBe('metric'));
  await waitFor(() => expect(recall('logFields', ANN)).not.toBeNull());
  remember('goalPromptDismissed', ANN, '1');
  expect(ended).not.toHaveBeenCalled();
  return { ...app, ended };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem(MODE_STORAGE_KEY, 'dark'); // the Appearance choice: per device, kept
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('the per-user memory module', () => {
  // Entries of several users at once exist only as leftovers (a session at a time), so these are
  // written straight into storage; \`remember\` writes only for the person signed in (below).
  const leave = (name: Parameters<typeof memoryKey>[0], uid: string, value: string) =>
    (PER_USER_MEMORY[name].area === 'local' ? localStorage : sessionStorage).setItem(
      memoryKey(name, uid),
      value,
    );

  it('keeps entries per user, and keepOnlyMemoryOf keeps only the one signed in', () => {
    leave('units', 'a', 'metric');
    leave('logFields', 'a', 'count,time');
    leave('goalPromptDismissed', 'a', '1');
    leave('units', 'b', 'imperial');
    expect(sessionStorage.getItem(memoryKey('goalPromptDismissed', 'a'))).toBe('1');
    expect(localStorage.getItem(memoryKey('units', 'a'))).toBe('metric');

    keepOnlyMemoryOf('b');
    expect(perUserKeys()).toEqual([memoryKey('units', 'b')]);
    keepOnlyMemoryOf(null);
    expect(perUserKeys()).toEqual([]);
    expect(localStorage.getItem(MODE_STORAGE_KEY)).toBe('dark');
  });

  it("every prefix starts with 'fittrack' (the browser journey finds the keys by it) and differs from the Appearance key", () => {
    for (const entry of Object.values(PER_USER_MEMORY)) {
      expect(entry.prefix.startsWith('fittrack')).toBe(true);
      expect(MODE_STORAGE_KEY.startsWith(entry.prefix)).toBe(false);
    }
  });

  it('matches whole ids: keeping "ab" does not keep "a", nor does keeping "a" keep "ab"', () => {
    leave('units', 'a', 'metric');
    leave('units', 'ab', 'metric');
    keepOnlyMemoryOf('a');
    expect(perUserKeys()).toEqual([memoryKey('units', 'a')]);
    leave('units', 'ab', 'metric');
    keepOnlyMemoryOf('ab');
    expect(perUserKeys()).toEqual([memoryKey('units', 'ab')]);
  });

  it('forgetUser removes one user, remember(null) one entry; unrelated keys stay', () => {
    localStorage.setItem('unrelated', 'x');
    leave('units', 'a', 'metric');
    leave('logFields', 'a', 'time');
    leave('units', 'b', 'metric');
    remember('logFields', 'a', null);
    expect(recall('logFields', 'a')).toBeNull();
    forgetUser('a');
    expect(perUserKeys()).toEqual([memoryKey('units', 'b')]);
    expect(localStorage.getItem('unrelated')).toBe('x');
  });

  it('once a session is known, remembers only for its person: a screen of the ended session writes nothing back', () => {
    keepOnlyMemoryOf('b');
    remember('units', 'a', 'metric');
    expect(recall('units', 'a')).toBeNull();
    remember('units', 'b', 'imperial');
    expect(recall('units', 'b')).toBe('imperial');
    keepOnlyMemoryOf(null);
    remember('units', 'b', 'imperial');
    expect(perUserKeys()).toEqual([]);
  });

  it('refused storage (privacy settings) is no error: nothing is recalled, nothing throws', () => {
    const refuse = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(refuse);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(refuse);
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(refuse);
    vi.spyOn(Storage.prototype, 'key').mockImplementation(refuse);
    expect(() => remember('units', 'a', 'metric')).not.toThrow();
    expect(recall('units', 'a')).toBeNull();
    expect(() => keepOnlyMemoryOf(null)).not.toThrow();
    expect(() => forgetUser('a')).not.toThrow();
  });
});

describe('a session that ends leaves nothing of its person on this device', () => {
  it('the Logout button', async () => {
    const app = await annOnDashboard();
    expect(perUserKeys()).toHaveLength(4);
    expect(perUserKeys()).toContain(memoryKey('signedIn', 'ann'));
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(perUserKeys()).toEqual([]);
    expect(localStorage.getItem(MODE_STORAGE_KEY)).toBe('dark');
    await waitFor(() => expect(app.ended.mock.calls).toEqual([[ANN]]));
  });

  it('a sign-out that did not come from this page (another tab, the SDK dropping a revoked session)', async () => {
    const app = await annOnDashboard();
    await act(() => app.auth.signOut());
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(perUserKeys()).toEqual([]);
    expect(localStorage.getItem(MODE_STORAGE_KEY)).toBe('dark');
    await waitFor(() => expect(app.ended.mock.calls).toEqual([[ANN]]));
  });

  it('a session the backend no longer accepts (auth.ts endSessionIfOver signs out)', async () => {
    /** Answers until `expired`, then refuses every read as the backend does for an expired token. */
    class ExpiringStore extends MemoryStore {
      expired = false;
      private refusal = () => new StoreError('unauthenticated', 'the ID token has expired');
      override listen(
        spec: QuerySpec,
        onNext: (docs: DocSnapshot[]) => void,
        onError: (error: StoreError) => void,
      ): Unsubscribe {
        if (!this.expired) return super.listen(spec, onNext, onError);
        queueMicrotask(() => onError(this.refusal()));
        return () => {};
      }
      override listenDoc(
        path: string,
        onNext: (doc: DocSnapshot | null) => void,
        onError: (error: StoreError) => void,
      ): Unsubscribe {
        if (!this.expired) return super.listenDoc(path, onNext, onError);
        queueMicrotask(() => onError(this.refusal()));
        return () => {};
      }
      override async get(path: string) {
        if (this.expired) throw this.refusal();
        return super.get(path);
      }
    }
    const store = new ExpiringStore(profileOf(ANN, { unitSystem: 'metric' }));
    const app = await annOnDashboard(store);
    store.expired = true;
    await app.router.navigate('/account'); // the next loads fail as unauthenticated
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(app.auth.current).toBeNull();
    expect(perUserKeys()).toEqual([]);
    expect(localStorage.getItem(MODE_STORAGE_KEY)).toBe('dark');
    await waitFor(() => expect(app.ended.mock.calls).toEqual([[ANN]]));
  });

  it('signing in as someone else clears what an earlier, unobserved session left', async () => {
    // Ann's session ended while no page was open (expired, or storage restored from a backup).
    remember('units', ANN, 'metric');
    remember('logFields', ANN, 'count,time');
    remember('goalPromptDismissed', ANN, '1');
    const auth = signedIn('bob');
    const app = renderApp('/user', { auth, store: new MemoryStore(profileOf('bob')) });
    await waitFor(() => expect(recall('logFields', 'bob')).not.toBeNull());
    expect(app.path()).toBe('/user');
    expect(perUserKeys().filter((key) => key.endsWith(`:${ANN}`))).toEqual([]);
    expect(localStorage.getItem(MODE_STORAGE_KEY)).toBe('dark');
  });

  it('opening the app signed out clears anything left', async () => {
    remember('units', ANN, 'metric');
    remember('goalPromptDismissed', ANN, '1');
    const ended = vi.fn();
    renderApp('/user', { auth: new FakeAuth(), onSessionEnd: ended });
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(perUserKeys()).toEqual([]);
    expect(localStorage.getItem(MODE_STORAGE_KEY)).toBe('dark');
    expect(ended).not.toHaveBeenCalled(); // no session was drawn, so none ended
  });

  it('a session remembered here that had ended elsewhere: its memory goes, and nothing ends (nothing was read for it)', async () => {
    const ann = { email: 'ann@example.com', emailVerified: true, providerIds: ['password'] };
    localStorage.setItem(memoryKey('signedIn', ANN), JSON.stringify(ann));
    const ended = vi.fn();
    const app = renderApp('/user', { auth: new FakeAuth(), onSessionEnd: ended });
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(perUserKeys()).toEqual([]);
    expect(ended).not.toHaveBeenCalled();
  });
});

describe('a deleted account leaves nothing on this device', () => {
  const ended = vi.fn();
  beforeEach(() => ended.mockReset());

  async function deleteAnnsAccount(auth: FakeAuth) {
    remember('units', ANN, 'metric');
    remember('logFields', ANN, 'count,weightLifted');
    remember('goalPromptDismissed', ANN, '1');
    const app = renderApp('/account', {
      auth,
      store: new MemoryStore(profileOf(ANN, { unitSystem: 'metric' })),
      onSessionEnd: ended,
    });
    const danger = within(await screen.findByRole('region', { name: 'Delete Account' }));
    fireEvent.click(danger.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(app.backend.deleteAccount).toHaveBeenCalledTimes(1));
    return app;
  }

  it('after deletion and its sign-out', async () => {
    const app = await deleteAnnsAccount(signedIn());
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(perUserKeys()).toEqual([]);
    expect(localStorage.getItem(MODE_STORAGE_KEY)).toBe('dark');
    await waitFor(() => expect(ended.mock.calls).toEqual([[ANN]]));
  });

  it('even when the sign-out after deletion fails (the account is gone on the server anyway)', async () => {
    const auth = signedIn();
    auth.failNext('signOut', 'auth/network-request-failed');
    await deleteAnnsAccount(auth);
    await waitFor(() => expect(perUserKeys()).toEqual([]));
    expect(localStorage.getItem(MODE_STORAGE_KEY)).toBe('dark');
  });

  it('a failed deletion keeps the memory (the person is still signed in)', async () => {
    const auth = signedIn();
    remember('units', ANN, 'metric');
    const app = renderApp('/account', {
      auth,
      store: new MemoryStore(profileOf(ANN, { unitSystem: 'metric' })),
    });
    app.backend.deleteAccount.mockRejectedValueOnce(new StoreError('unavailable', 'down'));
    const danger = within(await screen.findByRole('region', { name: 'Delete Account' }));
    fireEvent.click(danger.getByRole('button', { name: 'Delete Account' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete my account' }),
    );
    expect(await danger.findByText('Failed to delete account. Please try again.')).toBeInTheDocument();
    expect(recall('units', ANN)).not.toBeNull();
  });
});
