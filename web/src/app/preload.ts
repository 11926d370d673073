/**
 * The chunks a page load may open on, in one place: `routes.tsx` renders them lazily, and
 * `preloadPage` asks for the ones of the path opened at page load, so that they arrive in parallel
 * (with the auth SDK on a signed-in path) instead of one after another (each was only requested
 * once the one before it had rendered: entry -> guards -> auth -> adapter -> layout -> page).
 * Loaded, they render without suspending (components/chunk.ts).
 */
import { type Chunk, chunk } from '../components/chunk.ts';

export const CHUNKS = {
  guards: chunk(() => import('./guards.tsx')),
  layout: chunk(() => import('./AppLayout.tsx')),
  dashboard: chunk(() => import('../features/dashboard/DashboardPage.tsx')),
  community: chunk(() => import('../features/community/CommunityPage.tsx')),
  account: chunk(() => import('../features/account/AccountPage.tsx')),
  login: chunk(() => import('../features/auth/LoginPage.tsx')),
  signup: chunk(() => import('../features/auth/SignUpPage.tsx')),
};

/** The page chunks of each signed-in path. */
export const SIGNED_IN_PAGES: Record<string, readonly Chunk<unknown>[]> = {
  // Not the progress cards (below the fold) nor the display-name prompt's gate (it waits for the
  // profile anyway): both are fetched once the dashboard has painted.
  '/user': [CHUNKS.dashboard],
  '/community': [CHUNKS.community],
  '/account': [CHUNKS.account],
};

/**
 * The sign-in pages: no frame, and nothing started with them (they load the auth SDK as they
 * mount). Opened by a link or a bookmark, they drew a spinner first, then themselves once their
 * chunk had arrived and React's 300 ms hold on a fallback had passed.
 */
export const SIGN_IN_PAGES: Record<string, readonly Chunk<unknown>[]> = {
  '/login': [CHUNKS.login],
  '/signup': [CHUNKS.signup],
};

/** The signed-in frame every signed-in page renders in. */
const FRAME: readonly Chunk<unknown>[] = [CHUNKS.guards, CHUNKS.layout];

/**
 * On a signed-in path: the frame, the page, and `start` (the auth SDK and the data adapter) all
 * requested now; on a sign-in path, its page. Resolves once those chunks have settled (main.tsx
 * renders then, in one go). Other paths (the landing page, in the entry) load nothing: null.
 * Failures are left to the lazy components that render, which ask again and show the route's
 * error.
 */
export function preloadPage(pathname: string, start: () => void): Promise<void> | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  const signedIn = SIGNED_IN_PAGES[path];
  const chunks = signedIn ? [...FRAME, ...signedIn] : SIGN_IN_PAGES[path];
  if (!chunks) return null;
  if (signedIn) start();
  return Promise.allSettled(chunks.map((load) => load())).then(() => {});
}
