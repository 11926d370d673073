/**
 * `users/{uid}/preferences/activities`: which catalogue activities a user is offered. An empty or
 * missing list means all of them.
 */
import { ACTIVITY_NAMES, normalizeActivityName } from './catalogue.ts';

/** The saved selection in a preferences document: catalogue names only (normalized), else none. */
export function savedActivities(data: Readonly<Record<string, unknown>> | undefined): string[] {
  const list = data?.activities;
  if (!Array.isArray(list)) return [];
  const known = new Set(ACTIVITY_NAMES);
  return list
    .filter((name): name is string => typeof name === 'string')
    .map(normalizeActivityName)
    .filter((name) => known.has(name));
}

/** The activity names to offer, in catalogue order: none saved means all. */
export function offeredActivities(saved: readonly string[]): string[] {
  if (saved.length === 0) return [...ACTIVITY_NAMES];
  const chosen = new Set(saved);
  return ACTIVITY_NAMES.filter((name) => chosen.has(name));
}
