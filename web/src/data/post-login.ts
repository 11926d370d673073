/**
 * Where a person goes once signed in (spec section 2): an unverified email to /verify-email; a
 * verified one to /user when the profile has a non-empty display name, otherwise to /account.
 * Beyond the spec, the signed-in page a signed-out visitor asked for (`?next=`) replaces /user, so
 * a deep link survives sign-in; only this app's own signed-in pages are accepted there, never
 * another origin (an open redirect would let any link send a fresh session to a look-alike site).
 */
import type { AuthUser } from './auth.ts';
import { hasDisplayName, readProfile } from './profile.ts';
import type { Backend } from './repositories.ts';

/** The pages `next` may name: the signed-in routes of routes.tsx. */
const SIGNED_IN_PAGES = new Set(['/user', '/community', '/account']);
const BASE = 'https://fittrack.invalid';

/**
 * `raw` as a same-origin app path ('/community', with its query and hash) when it names one of the
 * signed-in pages, else null. Refuses scheme-relative (`//evil.com`), backslash (`/\evil.com`,
 * which browsers read as `//`), absolute and control-character forms before URL parsing gets a
 * chance to normalise them into something else.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // Backslashes and control characters (tabs and newlines are stripped by URL parsers).
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

/** Appends the (already checked) `next` to one of the auth pages' own links. */
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
