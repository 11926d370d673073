/**
 * Starts, at page load, every chunk a signed-in page will need, so that they arrive in parallel
 * with the auth SDK instead of one after another (each was only requested once the one before it
 * had rendered: entry -> guards -> auth -> adapter -> layout -> page). The specifiers are the ones
 * `routes.tsx` imports lazily, so React.lazy later finds the modules already loaded (a specifier
 * that drifts costs only the head start; `preload.test.ts` holds them equal).
 */

/** The page chunks of each signed-in path. */
export const SIGNED_IN_PAGES: Record<string, () => Promise<unknown>[]> = {
  '/user': () => [
    import('../features/dashboard/DashboardPage.tsx'),
    import('../features/onboarding/DisplayNamePrompt.tsx'),
    // Not the progress cards: below the fold, they are fetched once the dashboard has painted.
  ],
  '/community': () => [import('../features/community/CommunityPage.tsx')],
  '/account': () => [import('../features/account/AccountPage.tsx')],
};

/** The signed-in frame every signed-in page renders in. */
const FRAME = (): Promise<unknown>[] => [import('./guards.tsx'), import('./AppLayout.tsx')];

/**
 * On a signed-in path: the frame, the page, and `start` (the auth SDK and the data adapter) all
 * requested now. Other paths start nothing (the landing and sign-in pages stay small). Failures are
 * left to the lazy imports that render, which retry and show the route's error.
 */
export function preloadSignedIn(pathname: string, start: () => void): boolean {
  const page = SIGNED_IN_PAGES[pathname.replace(/\/+$/, '') || '/'];
  if (!page) return false;
  start();
  for (const chunk of [...FRAME(), ...page()]) chunk.catch(() => {});
  return true;
}
