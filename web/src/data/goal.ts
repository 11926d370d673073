/** `users/{uid}/preferences/goals`: the daily goal (target stored as text of a positive integer). */
import { type DailyGoal, GOAL_TYPES, type GoalType, paths } from '@fit/shared/model';
import type { DocumentStore, LiveDocumentStore } from '@fit/shared/store';
import { type Listen, watchDoc } from './live-query.ts';

function toGoal(data: Record<string, unknown> | undefined): DailyGoal | null {
  if (!data) return null;
  const target = String(data.target ?? '');
  const type = GOAL_TYPES.includes(data.type as GoalType) ? (data.type as GoalType) : null;
  return target !== '' && type ? { target, type } : null;
}

export async function readGoal(store: DocumentStore, uid: string): Promise<DailyGoal | null> {
  return toGoal((await store.get(paths.goal(uid)))?.data);
}

export function watchGoal(store: LiveDocumentStore, uid: string): Listen<DailyGoal | null> {
  return watchDoc(store, paths.goal(uid), (snap) => toGoal(snap?.data));
}

export async function saveGoal(store: DocumentStore, uid: string, goal: DailyGoal) {
  await store.commit([
    { kind: 'set', path: paths.goal(uid), data: { target: goal.target, type: goal.type }, merge: true },
  ]);
}

export async function removeGoal(store: DocumentStore, uid: string) {
  await store.commit([{ kind: 'delete', path: paths.goal(uid) }]);
}
