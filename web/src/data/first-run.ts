/**
 * The first run's prompts, one at a time (issue 27): the display-name prompt (features/onboarding)
 * first, then the daily-goal popup (features/dashboard). "Not now" on the name prompt lasts this
 * page load: moving between the app's pages does not bring it back, a new visit does, until a name
 * is set. Kept here because the two features may not import each other.
 */

import type { UserProfile } from '@fit/shared/model';
import { useSyncExternalStore } from 'react';
import { hasDisplayName } from './profile.ts';

const putOff = new Set<string>();
/** Whose name prompt is on screen or saving: the next prompt waits for it to be done. */
const active = new Set<string>();
const listeners = new Set<() => void>();

export function isNamePromptPutOff(uid: string): boolean {
  return putOff.has(uid);
}

export function putOffNamePrompt(uid: string): void {
  putOff.add(uid);
  for (const listener of listeners) listener();
}

/** The name prompt says whether it is on screen (or its save still running). */
export function setNamePromptActive(uid: string, on: boolean): void {
  if (active.has(uid) === on) return;
  if (on) active.add(uid);
  else active.delete(uid);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether the name prompt is done with, so the next prompt may open: the person put it off, or the
 * profile has a name and the prompt has finished saving it (its notice has the focus by then), or
 * the profile cannot be read (the prompt never shows then).
 */
export function useNamePromptSettled(
  uid: string,
  profile: { isSuccess: boolean; isError: boolean; data?: UserProfile | null | undefined },
): boolean {
  const off = useSyncExternalStore(subscribe, () => putOff.has(uid));
  const asking = useSyncExternalStore(subscribe, () => active.has(uid));
  if (profile.isError || off) return true;
  return profile.isSuccess && hasDisplayName(profile.data ?? null) && !asking;
}
