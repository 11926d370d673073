/** `users/{uid}`: the profile the sign-in flows create and the account page edits. */
import { paths, type UserProfile } from '@fit/shared/model';
import { splitName } from '@fit/shared/names';
import type { DocSnapshot, DocumentStore, LiveDocumentStore } from '@fit/shared/store';
import { isBlank } from '@fit/shared/text';
import type { AuthUser, GoogleProfile } from './auth.ts';
import { type Listen, watchDoc } from './live-query.ts';
import { emptyPreferencesWrite } from './preferences.ts';

const toProfile = (snap: DocSnapshot | null) => (snap ? (snap.data as unknown as UserProfile) : null);

export async function readProfile(store: DocumentStore, uid: string): Promise<UserProfile | null> {
  return toProfile(await store.get(paths.user(uid)));
}

export function watchProfile(store: LiveDocumentStore, uid: string): Listen<UserProfile | null> {
  return watchDoc(store, paths.user(uid), toProfile);
}

export function hasDisplayName(profile: UserProfile | null): boolean {
  // isBlank, not trim: a name of invisible characters stored before the rules refused it is none.
  return typeof profile?.displayName === 'string' && !isBlank(profile.displayName);
}

/**
 * Who and when. The email is the session's (the ID token's, as the rules require), never one typed
 * or Google's; an account without one stores none.
 */
function identity(uid: string, email: string | null, now: number) {
  return { userId: uid, ...(email === null ? {} : { email }), createdAt: now };
}

/** Sign-up stores who signed up and when, and the empty activity selection. */
export async function createSignUpProfile(store: DocumentStore, user: AuthUser, now: number) {
  await createProfile(store, { ...identity(user.uid, user.email, now), displayName: '' });
}

/** A new profile and the empty activity selection, in one batch. */
async function createProfile(store: DocumentStore, profile: UserProfile) {
  const path = paths.user(profile.userId);
  await store.commit([{ kind: 'set', path, data: { ...profile } }, emptyPreferencesWrite(profile.userId)]);
}

/** After a Google sign-in: creates the profile only when there is none; returns it as it stands. */
export async function ensureGoogleProfile(
  store: DocumentStore,
  user: AuthUser,
  google: GoogleProfile,
  now: number,
): Promise<UserProfile> {
  const existing = await readProfile(store, user.uid);
  if (existing) return existing;
  const profile: UserProfile = {
    ...identity(user.uid, user.email, now),
    displayName: '',
    ...splitName(google),
  };
  await createProfile(store, profile);
  return profile;
}

/**
 * Saves "Your Information" or the first-run answers. The identity fields `stored` lacks (the sign-up
 * write failed, and a weigh-in may have made the profile since) are filled; the rules take each once.
 */
export async function saveAccountProfile(
  store: DocumentStore,
  uid: string,
  fields: Partial<UserProfile>,
  { stored, email, now }: { stored: UserProfile | null; email: string | null; now: number },
) {
  const missing = Object.entries(identity(uid, email, now)).filter(
    ([key]) => stored?.[key as keyof UserProfile] === undefined,
  );
  const data = { ...Object.fromEntries(missing), ...fields };
  await store.commit([{ kind: 'set', path: paths.user(uid), data, merge: true }]);
}
