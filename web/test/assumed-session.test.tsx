/**
 * A signed-in page draws at once for the person last signed in on this device, while the auth
 * service checks the saved session (session.tsx, guards.tsx, page-backend.ts deferredBackend); nothing is read
 * or written before the check confirms that same person.
 */
import { paths } from '@fit/shared/model';
import type {
  AggregateSpec,
  DocSnapshot,
  QuerySpec,
  StoreError,
  Unsubscribe,
  WriteOp,
} from '@fit/shared/store';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryKey, recall } from '../src/data/device-memory.ts';
import { FakeAuth } from './fake-auth.ts';
import { renderApp, warmRoutes } from './render.tsx';

/** A store that notes the path of every call made to it. */
class NotingStore extends MemoryStore {
  readonly calls: string[] = [];
  override get(path: string): Promise<DocSnapshot | null> {
    this.calls.push(path);
    return super.get(path);
  }
  override query(spec: QuerySpec): Promise<DocSnapshot[]> {
    this.calls.push(spec.collection);
    return super.query(spec);
  }
  override aggregate(spec: QuerySpec, aggregate: AggregateSpec) {
    this.calls.push(spec.collection);
    return super.aggregate(spec, aggregate);
  }
  override commit(writes: readonly WriteOp[]): Promise<void> {
    this.calls.push(...writes.map((w) => w.path));
    return super.commit(writes);
  }
  override listen(
    spec: QuerySpec,
    onNext: (docs: DocSnapshot[]) => void,
    onError: (error: StoreError) => void,
  ): Unsubscribe {
    this.calls.push(spec.collection);
    return super.listen(spec, onNext, onError);
  }
  override listenDoc(
    path: string,
    onNext: (doc: DocSnapshot | null) => void,
    onError: (error: StoreError) => void,
  ): Unsubscribe {
    this.calls.push(path);
    return super.listenDoc(path, onNext, onError);
  }
}

const profile = (uid: string, name: string) => ({
  [paths.user(uid)]: { userId: uid, email: `${uid}@example.com`, createdAt: 1, displayName: name },
});

/** What a verified sign-in of `uid` left on this device (session.tsx writes it). */
function rememberedSignIn(uid: string, entry: Record<string, unknown> = {}) {
  const value = { email: `${uid}@example.com`, emailVerified: true, providerIds: ['password'], ...entry };
  localStorage.setItem(memoryKey('signedIn', uid), JSON.stringify(value));
}

function authWith(...users: { uid: string; signedIn?: boolean; verified?: boolean }[]) {
  const auth = new FakeAuth();
  for (const { uid, signedIn, verified } of users)
    auth.addUser(`${uid}@example.com`, { uid, signedIn, verified: verified ?? true });
  return auth;
}

/** Time for anything that would read early to do so (the backend itself loads at once). */
const aWhile = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

const logActivity = () => screen.queryByRole('heading', { name: 'Log Activity' });

beforeAll(() => warmRoutes('/user', '/community'), 60_000);
beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('a signed-in page while the saved session is checked', () => {
  it('draws the page for the person last signed in here, and reads nothing until the check confirms them', async () => {
    rememberedSignIn('ann');
    const auth = authWith({ uid: 'ann', signedIn: true });
    const confirm = auth.holdSessionCheck();
    const store = new NotingStore(profile('ann', 'Ann'));
    renderApp('/user', { auth, store });

    expect(await screen.findByRole('heading', { name: 'Log Activity' })).toBeVisible();
    expect(screen.queryByLabelText('Checking your session')).toBeNull();
    await aWhile();
    expect(store.calls).toEqual([]);

    confirm();
    expect(await screen.findByRole('heading', { name: 'Hi, Ann' })).toBeVisible();
    expect(store.calls.length).toBeGreaterThan(0);
    expect(store.calls.every((path) => path.startsWith('users/ann') || !path.startsWith('users/'))).toBe(
      true,
    );
  });

  it('someone else signed in meanwhile (another tab): the page is theirs, nothing is read as the one remembered', async () => {
    rememberedSignIn('ann');
    const auth = authWith({ uid: 'ann' }, { uid: 'bob', signedIn: true });
    const confirm = auth.holdSessionCheck();
    const store = new NotingStore({ ...profile('ann', 'Ann'), ...profile('bob', 'Bob') });
    const ended = vi.fn();
    renderApp('/user', { auth, store, onSessionEnd: ended });
    expect(await screen.findByRole('heading', { name: 'Log Activity' })).toBeVisible();
    await aWhile();

    confirm();
    expect(await screen.findByRole('heading', { name: 'Hi, Bob' })).toBeVisible();
    expect(store.calls.some((path) => path.startsWith('users/bob'))).toBe(true);
    expect(store.calls.filter((path) => path.startsWith('users/ann'))).toEqual([]);
    expect(recall('signedIn', 'ann')).toBeNull();
    expect(recall('signedIn', 'bob')).not.toBeNull();
    // Ann was only assumed, never confirmed: no session of this page ended.
    expect(ended).not.toHaveBeenCalled();
  });

  it('nobody is signed in after all (the session was revoked): /login keeps the page asked for, and the memory goes', async () => {
    rememberedSignIn('ann');
    const auth = authWith({ uid: 'ann' });
    const confirm = auth.holdSessionCheck();
    const store = new NotingStore(profile('ann', 'Ann'));
    const app = renderApp('/community', { auth, store });
    expect(await screen.findByRole('heading', { name: 'Leaderboards' })).toBeVisible();
    await aWhile();

    confirm();
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(app.search()).toBe(`?next=${encodeURIComponent('/community')}`);
    expect(store.calls).toEqual([]);
    expect(recall('signedIn', 'ann')).toBeNull();
  });

  it.each([
    ['an unverified person', () => rememberedSignIn('ann', { emailVerified: false })],
    ['a malformed entry', () => localStorage.setItem(memoryKey('signedIn', 'ann'), '{"email":')],
    ['an entry of the wrong shape', () => rememberedSignIn('ann', { providerIds: 'password' })],
    ['nothing remembered', () => {}],
  ])('%s: waits for the check, as before', async (_, arrange) => {
    arrange();
    const auth = authWith({ uid: 'ann', signedIn: true });
    const confirm = auth.holdSessionCheck();
    renderApp('/user', { auth, store: new NotingStore(profile('ann', 'Ann')) });
    expect(await screen.findByLabelText('Checking your session')).toBeVisible();
    expect(logActivity()).toBeNull();
    confirm();
    expect(await screen.findByRole('heading', { name: 'Hi, Ann' })).toBeVisible();
  });

  it('remembers a verified session only', async () => {
    const auth = authWith({ uid: 'ann', signedIn: true, verified: false });
    const app = renderApp('/user', { auth, store: new NotingStore(profile('ann', 'Ann')) });
    await waitFor(() => expect(app.path()).toBe('/verify-email'));
    expect(recall('signedIn', 'ann')).toBeNull();

    auth.verify('ann@example.com');
    await act(() => auth.reload());
    await waitFor(() => expect(recall('signedIn', 'ann')).not.toBeNull());
    expect(JSON.parse(recall('signedIn', 'ann') ?? '')).toEqual({
      email: 'ann@example.com',
      emailVerified: true,
      providerIds: ['password'],
    });
  });
});
