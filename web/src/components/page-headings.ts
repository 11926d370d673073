/**
 * The headings of the pages whose title and subtitle are the same for everyone: signed-in pages
 * (drawn by `PageHeader`) and the sign-in pages (drawn by the auth card). The build writes them
 * into those pages' loading shell (build/route-pages.ts): the page's heading is on screen before
 * any JavaScript has run, and stays where it is when the app takes over. Keyed by the page's HTML
 * file (`community.html`). Plain strings, no JSX: the build's Node side reads this module.
 */
export interface PageHeading {
  title: string;
  subtitle: string;
}

export const PAGE_HEADINGS = {
  community: {
    title: 'Community',
    subtitle: "Cheer each other on: this period's leaders, posts and fresh workouts.",
  },
  account: {
    title: 'Account',
    subtitle: 'Your details, your daily goal and the activities you track.',
  },
} as const satisfies Record<string, PageHeading>;

export const SIGN_IN_HEADINGS = {
  login: { title: 'Welcome back', subtitle: 'Log in to log workouts and see your progress.' },
  signup: { title: 'Create your account', subtitle: 'Start tracking in under a minute.' },
} as const satisfies Record<string, PageHeading>;
