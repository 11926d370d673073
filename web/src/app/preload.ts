/**
 * The signed-in area's chunks, in one place: `routes.tsx` renders them lazily, and on a signed-in
 * path `preloadSignedIn` asks for all of them at page load, so that they arrive in parallel with
 * the auth SDK instead of one after another (each was only requested once the one before it had
 * rendered: entry -> guards -> auth -> adapter -> layout -> page). Loaded, they render without
 * suspending (components/chunk.ts).
 */
import { type Chunk, chunk } from '../components/chunk.ts';

export const CHUNKS = {
  guards: chunk(() => import('./guards.tsx')),
  layout: chunk(() => import('./AppLayout.tsx')),
  dashboard: chunk(() => import('../features/dashboard/DashboardPage.tsx')),
  community: chunk(() => import('../features/community/CommunityPage.tsx')),
  account: chunk(() => import('../features/account/AccountPage.tsx')),
};

/** The page chunks of each signed-in path. */
export const SIGNED_IN_PAGES: Record<string, readonly Chunk<unknown>[]> = {
  // Not the progress cards (below the fold) nor the display-name prompt's gate (it waits for the
  // profile anyway): both are fetched once the dashboard has painted.
  '/user': [CHUNKS.dashboard],
  '/community': [CHUNKS.community],
  '/account': [CHUNKS.account],
};

/** The signed-in frame every signed-in page renders in. */
const FRAME: readonly Chunk<unknown>[] = [CHUNKS.guards, CHUNKS.layout];

/**
 * On a signed-in path: the frame, the page, and `start` (the auth SDK and the data adapter) all
 * requested now; resolves once the frame's and page's chunks have settled (main.tsx renders then,
 * in one go). Other paths start nothing (the landing and sign-in pages stay small): null. Failures
 * are left to the lazy components that render, which ask again and show the route's error.
 */
export function preloadSignedIn(pathname: string, start: () => void): Promise<void> | null {
  const page = SIGNED_IN_PAGES[pathname.replace(/\/+$/, '') || '/'];
  if (!page) return null;
  start();
  return Promise.allSettled([...FRAME, ...page].map((load) => load())).then(() => {});
}
