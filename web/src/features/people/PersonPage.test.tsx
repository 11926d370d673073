import { paths } from '@fit/shared/model';
import type { DocData } from '@fit/shared/store';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme/index.ts';
import { FollowButton } from '../../components/FollowButton.tsx';
import { createQueryClient } from '../../data/connection.ts';
import { type SessionUser, SessionUserContext, StoreContext } from '../../data/context.tsx';
import { PERSON_NOT_FOUND, PersonPage } from './PersonPage.tsx';

const ME: SessionUser = { uid: 'me', email: 'me@example.com', emailVerified: true };
const T = Date.UTC(2026, 10, 22, 15);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function card(uid: string, extra: DocData = {}): Record<string, DocData> {
  return {
    [paths.person(uid)]: {
      uid,
      userName: `User ${uid}`,
      visible: true,
      followers: 2,
      following: 1,
      asOf: T,
      ...extra,
    },
  };
}

function activity(uid: string, repId: string, activityType: string): Record<string, DocData> {
  return {
    [paths.feedActivity(uid, repId)]: {
      uid,
      repId,
      userName: `User ${uid}`,
      activityType,
      count: 0,
      time: 30,
      timestamp: T,
    },
  };
}

function renderAt(store: MemoryStore, uid: string) {
  return render(
    <MemoryRouter initialEntries={[`/people/${uid}`]}>
      <ThemeProvider theme={theme}>
        <QueryClientProvider client={createQueryClient(() => {})}>
          <StoreContext.Provider value={store}>
            <SessionUserContext.Provider value={ME}>
              <Routes>
                <Route path="/people/:uid" element={<PersonPage />} />
                <Route path="/community" element={<h1>Community page</h1>} />
              </Routes>
            </SessionUserContext.Provider>
          </StoreContext.Provider>
        </QueryClientProvider>
      </ThemeProvider>
    </MemoryRouter>,
  );
}

describe('/people/:uid', () => {
  it('shows the name, live counts and recent activities, and follows', async () => {
    const store = new MemoryStore({
      ...card('ann'),
      ...activity('ann', 'r1', 'Yoga'),
      ...activity('bob', 'r2', 'Rowing'),
    });
    renderAt(store, 'ann');
    expect(await screen.findByRole('heading', { level: 1, name: 'User ann' })).toBeInTheDocument();
    expect(screen.getByTestId('person-counts')).toHaveTextContent('2 followers1 following');
    expect(await screen.findByText('Yoga')).toBeInTheDocument();
    expect(screen.queryByText('Rowing')).toBeNull();
    const followButton = await screen.findByRole('button', { name: 'Follow User ann' });
    await waitFor(() => expect(followButton).toBeEnabled());
    fireEvent.click(followButton);
    await waitFor(() => expect(store.snapshot()[paths.follow('me', 'ann')]).toMatchObject({ uid: 'ann' }));
    expect(await screen.findByRole('button', { name: 'Unfollow User ann' })).toBeInTheDocument();
    await store.commit([{ kind: 'update', path: paths.person('ann'), data: { followers: 3 } }]);
    await waitFor(() => expect(screen.getByTestId('person-counts')).toHaveTextContent('3 followers'));
  });

  it('a person who hides exercise info shows no activities', async () => {
    const store = new MemoryStore({ ...card('cat', { visible: false }), ...activity('cat', 'r1', 'Zumba') });
    renderAt(store, 'cat');
    expect(await screen.findByTestId('person-hidden')).toHaveTextContent('keeps their exercise info private');
    expect(screen.queryByText('Zumba')).toBeNull();
    expect(screen.queryByTestId('person-activities')).toBeNull();
  });

  it('my own profile has no follow button; an unknown person is said so, with a way back', async () => {
    const store = new MemoryStore(card('me'));
    const { unmount } = renderAt(store, 'me');
    await screen.findByRole('heading', { level: 1, name: 'User me' });
    expect(screen.queryByRole('button', { name: /Follow/ })).toBeNull();
    unmount();
    renderAt(store, 'nobody');
    expect(await screen.findByText(PERSON_NOT_FOUND)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Back to community' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Community page' })).toBeInTheDocument();
  });

  it('a person I followed before my newest 300 follows shows as followed, and Unfollow works', async () => {
    const follows: Record<string, DocData> = {
      [paths.follow('me', 'ann')]: { uid: 'ann', createdAt: T - 1_000_000 },
    };
    for (let i = 0; i < 300; i++) follows[paths.follow('me', `p${i}`)] = { uid: `p${i}`, createdAt: T + i };
    const store = new MemoryStore({ ...card('ann'), ...follows });
    renderAt(store, 'ann');
    const unfollow = await screen.findByRole('button', { name: 'Unfollow User ann' });
    await waitFor(() => expect(unfollow).toBeEnabled());
    fireEvent.click(unfollow);
    await waitFor(() => expect(store.snapshot()[paths.follow('me', 'ann')]).toBeUndefined());
    expect(await screen.findByRole('button', { name: 'Follow User ann' })).toBeInTheDocument();
  });

  it('an address naming no possible person says so, reading nothing', async () => {
    const store = new MemoryStore(card('ann'));
    for (const uid of ['a/b', '__ann__', '..']) {
      const { unmount } = renderAt(store, encodeURIComponent(uid));
      expect(await screen.findByText(PERSON_NOT_FOUND)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to community' })).toHaveAttribute('href', '/community');
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
      unmount();
    }
  });

  it('following oneself is refused with a message and writes nothing', async () => {
    const store = new MemoryStore();
    render(
      <MemoryRouter>
        <QueryClientProvider client={createQueryClient(() => {})}>
          <StoreContext.Provider value={store}>
            <SessionUserContext.Provider value={ME}>
              <FollowButton uid={ME.uid} name="Me" />
            </SessionUserContext.Provider>
          </StoreContext.Provider>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const button = await screen.findByRole('button', { name: 'Follow Me' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot follow yourself.');
    expect(store.snapshot()).toEqual({});
  });
});
