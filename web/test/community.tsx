/** Renders the community page over a MemoryStore, signed in as `me` (component tests only). */
import type { Board, BoardKind, FeedActivity, FeedPost } from '@fit/shared/model';
import { paths } from '@fit/shared/model';
import { periodKey } from '@fit/shared/periods';
import type { DocData, LiveDocumentStore } from '@fit/shared/store';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { theme } from '../src/app/theme/index.ts';
import { createQueryClient } from '../src/data/connection.ts';
import { type SessionUser, SessionUserContext, StoreContext } from '../src/data/context.tsx';
import { CommunityPage, type CommunityPageProps } from '../src/features/community/CommunityPage.tsx';

export const ME: SessionUser = { uid: 'me', email: 'me@example.com', emailVerified: true };
/** Sunday 22 Nov 2026, 15:00 UTC. */
export const NOW = Date.UTC(2026, 10, 22, 15, 0, 0);

export function feedPost(
  uid: string,
  postId: string,
  message: string,
  timestamp: number,
  userName = `User ${uid}`,
) {
  const post: FeedPost = { uid, postId, userName, message, timestamp };
  return { [paths.feedPost(uid, postId)]: { ...post } as DocData };
}

export function feedActivity(
  uid: string,
  repId: string,
  timestamp: number,
  extra: Partial<FeedActivity> = {},
) {
  const item: FeedActivity = {
    uid,
    repId,
    userName: `User ${uid}`,
    activityType: 'Squats',
    count: 12,
    time: 10,
    timestamp,
    ...extra,
  };
  return { [paths.feedActivity(uid, repId)]: { ...item } as DocData };
}

export function board(kind: BoardKind, now: number, parts: Partial<Board> = {}) {
  const doc: Board = {
    kind,
    periodKey: periodKey(kind, now, 'UTC'),
    timeZone: 'UTC',
    reps: [],
    minutes: [],
    calories: [],
    computedAt: now,
    ...parts,
  };
  return { [paths.board(kind)]: { ...doc } as DocData };
}

export function renderPage(
  store: LiveDocumentStore,
  props: CommunityPageProps = {},
  user: SessionUser | null = ME,
  path = '/community',
) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ThemeProvider theme={theme}>
        <QueryClientProvider client={createQueryClient(() => {})}>
          <StoreContext.Provider value={store}>
            <SessionUserContext.Provider value={user}>
              <CommunityPage clock={() => NOW} {...props} />
            </SessionUserContext.Provider>
          </StoreContext.Provider>
        </QueryClientProvider>
      </ThemeProvider>
    </MemoryRouter>,
  );
}

export { MemoryStore };
