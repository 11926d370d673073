/**
 * Where a person goes once signed in: /verify-email, /account without a display name, else /user or
 * the signed-in page asked for (`?next=`, only this app's own: no open redirect).
 */
import type { AuthUser } from './auth.ts';
import type { Backend } from './page-backend.ts';
import { hasDisplayName, readProfile } from './profile.ts';

/** The pages `next` may name: the signed-in routes of routes.tsx. */
const SIGNED_IN_PAGES = new Set(['/user', '/community', '/account']);
const BASE = 'https://fittrack.invalid';

/**
 * `raw` as a same-origin signed-in page path, else null. Scheme-relative, backslash, absolute and
 * control-character forms are refused before URL parsing can normalise them into something else.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  if (raw.includes('\\') || [...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || !SIGNED_IN_PAGES.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/login?next=…` for a signed-out visit to `path` (nothing added for the default page). */
export function loginPathFor(path: string): string {
  const next = safeNextPath(path);
  return next && next !== '/user' ? `/login?next=${encodeURIComponent(next)}` : '/login';
}

/** Appends the checked `next` to an auth page's link. */
export function withNext(path: string, next: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}

/** The spec's destination, with `next` standing in for /user. */
export function destinationFor(
  user: Pick<AuthUser, 'emailVerified'>,
  named: boolean,
  next: string | null = null,
): string {
  if (!user.emailVerified) return withNext('/verify-email', next);
  if (!named) return '/account';
  return next ?? '/user';
}

export async function destinationAfterLogin(
  user: AuthUser,
  loadBackend: (uid: string) => Promise<Backend>,
  next: string | null = null,
): Promise<string> {
  if (!user.emailVerified) return destinationFor(user, false, next);
  try {
    const { store } = await loadBackend(user.uid);
    return destinationFor(user, hasDisplayName(await readProfile(store, user.uid)), next);
  } catch (error) {
    // The dashboard reports data problems itself; the sign-in did succeed.
    console.error('Could not read the profile after sign-in', error);
    return next ?? '/user';
  }
}
