/** `users/{uid}`: the profile the sign-in flows create and the account page edits. */
import { paths, type UserProfile } from '@fit/shared/model';
import { splitName } from '@fit/shared/names';
import type { DocSnapshot, DocumentStore, LiveDocumentStore } from '@fit/shared/store';
import { isBlank } from '@fit/shared/text';
import type { GoogleProfile } from './auth.ts';
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

/** Sign-up stores who signed up and when, and the empty activity selection. */
export async function createSignUpProfile(store: DocumentStore, uid: string, email: string, now: number) {
  await createProfile(store, { userId: uid, email, createdAt: now, displayName: '' });
}

/** A new profile and the empty activity selection, in one batch. */
async function createProfile(store: DocumentStore, profile: UserProfile) {
  const path = paths.user(profile.userId);
  await store.commit([{ kind: 'set', path, data: { ...profile } }, emptyPreferencesWrite(profile.userId)]);
}

/** After a Google sign-in: creates the profile only when there is none; returns it as it stands. */
export async function ensureGoogleProfile(
  store: DocumentStore,
  uid: string,
  google: GoogleProfile,
  now: number,
): Promise<UserProfile> {
  const existing = await readProfile(store, uid);
  if (existing) return existing;
  const profile: UserProfile = {
    userId: uid,
    email: google.email ?? '',
    createdAt: now,
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
  { stored, email, now }: { stored: UserProfile | null; email: string; now: number },
) {
  const identity = { userId: uid, email, createdAt: now };
  const missing = Object.entries(identity).filter(
    ([key]) => stored?.[key as keyof UserProfile] === undefined,
  );
  const data = { ...Object.fromEntries(missing), ...fields };
  await store.commit([{ kind: 'set', path: paths.user(uid), data, merge: true }]);
}
