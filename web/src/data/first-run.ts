/** The first run's prompts one at a time: name, then daily goal. "Not now" lasts this page load. */
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

/** Whether the name prompt is done with (put off, saved, or the profile unreadable), so the next may open. */
export function useNamePromptSettled(
  uid: string,
  profile: { isSuccess: boolean; isError: boolean; data?: UserProfile | null | undefined },
): boolean {
  const off = useSyncExternalStore(subscribe, () => putOff.has(uid));
  const asking = useSyncExternalStore(subscribe, () => active.has(uid));
  if (profile.isError || off) return true;
  return profile.isSuccess && hasDisplayName(profile.data ?? null) && !asking;
}
