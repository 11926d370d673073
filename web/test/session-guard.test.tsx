import { paths } from '@fit/shared/model';
import type { DocSnapshot, QuerySpec, Unsubscribe } from '@fit/shared/store';
import { StoreError } from '@fit/shared/store';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { MutationObserver } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { endSessionIfOver } from '../src/data/auth.ts';
import { createQueryClient } from '../src/data/connection.ts';
import { FakeAuth } from './fake-auth.ts';
import { renderApp, warmRoutes } from './render.tsx';

/** A backend that refuses every live query as unauthenticated, as once a token has expired. */
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

// The routes' chunks before the tests: transformed inside the wait, they took it past 20 s under load.
beforeAll(() => warmRoutes('/user', '/login'));

describe('an expired session', () => {
  it('signs the person out from any signed-in screen, here the real dashboard', async () => {
    const auth = new FakeAuth();
    auth.addUser('ann@example.com', { verified: true, signedIn: true, uid: 'ann' });
    const store = new ExpiredSessionStore({
      [paths.user('ann')]: { userId: 'ann', email: 'ann@example.com', createdAt: 1, displayName: 'Ann' },
    });
    const app = renderApp('/user', { auth, store });
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(app.path()).toBe('/login');
  });

  it('leaves the session alone for other failures, and ends it for an expired one, from loads and saves', async () => {
    const auth = new FakeAuth();
    auth.addUser('ann@example.com', { verified: true, signedIn: true, uid: 'ann' });
    const signOut = vi.spyOn(auth, 'signOut');
    const client = createQueryClient((error) => endSessionIfOver(auth, error));
    const fail = (code: 'not-found' | 'unauthenticated') => () => Promise.reject(new StoreError(code, code));

    await expect(client.fetchQuery({ queryKey: ['a'], queryFn: fail('not-found') })).rejects.toMatchObject({
      code: 'not-found',
    });
    await expect(
      new MutationObserver(client, { mutationFn: fail('not-found') }).mutate(),
    ).rejects.toMatchObject({
      code: 'not-found',
    });
    expect(signOut).not.toHaveBeenCalled();

    await expect(
      new MutationObserver(client, { mutationFn: fail('unauthenticated') }).mutate(),
    ).rejects.toMatchObject({ code: 'unauthenticated' });
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    await expect(
      client.fetchQuery({ queryKey: ['b'], queryFn: fail('unauthenticated') }),
    ).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(2));
    expect(auth.current).toBeNull();
  });
});
