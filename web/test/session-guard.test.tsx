import { paths } from '@fit/shared/model';
import type { DocSnapshot, QuerySpec, Unsubscribe } from '@fit/shared/store';
import { StoreError } from '@fit/shared/store';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signOutWhenSessionEnds } from '../src/data/session-guard.ts';
import { FakeAuth } from './fake-auth.ts';
import { renderApp } from './render.tsx';

/** A backend that refuses every live query as the local server does once a token has expired. */
class ExpiredSessionStore extends MemoryStore {
  override listen(
    _spec: QuerySpec,
    _onNext: (docs: DocSnapshot[]) => void,
    onError: (error: StoreError) => void,
  ): Unsubscribe {
    queueMicrotask(() =>
      onError(new StoreError('unauthenticated', 'the ID token has expired; sign in again')),
    );
    return () => {};
  }
}

describe('an expired session', () => {
  it('signs the person out from any signed-in screen, here the real dashboard', async () => {
    const auth = new FakeAuth();
    auth.addUser('ann@example.com', { verified: true, signedIn: true, uid: 'ann' });
    const store = new ExpiredSessionStore({
      [paths.user('ann')]: { userId: 'ann', email: 'ann@example.com', createdAt: 1, displayName: 'Ann' },
    });
    const app = renderApp('/user', { auth, store });
    expect(
      await screen.findByRole('heading', { name: 'Welcome back' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(app.path()).toBe('/login');
  });

  it('leaves the session alone for other failures, and passes every failure on', async () => {
    const store = new MemoryStore();
    const signOut = vi.fn();
    const guarded = signOutWhenSessionEnds(store, signOut);
    await expect(guarded.commit([{ kind: 'update', path: 'users/x', data: { a: 1 } }])).rejects.toMatchObject(
      {
        code: 'not-found',
      },
    );
    expect(signOut).not.toHaveBeenCalled();

    store.commit = async () => {
      throw new StoreError('unauthenticated', 'expired');
    };
    await expect(guarded.commit([])).rejects.toMatchObject({ code: 'unauthenticated' });
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
  });
});
