import { MAX_WRITES_PER_COMMIT } from '@fit/shared/firestore/semantics';
import type { ImportPlan } from '@fit/shared/import-plan';
import type { UserProfile } from '@fit/shared/model';
import { StoreError, type StoreErrorCode } from '@fit/shared/store';

/** Profile fields whose name in words is not their split camelCase ('dateOfBirth': 'date of birth'). */
const FIELD_LABELS: Partial<Record<keyof UserProfile, string>> = {
  createdAt: 'creation date',
  hideExerciseInfo: 'privacy setting',
  unitSystem: 'units',
};

export const fieldLabel = (field: keyof UserProfile) =>
  FIELD_LABELS[field] ?? field.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const importParts = (plan: ImportPlan) => Math.ceil(plan.docs.length / MAX_WRITES_PER_COMMIT);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function importedSummary(plan: ImportPlan): string {
  const parts = [
    plural(plan.add.activities, 'activity', 'activities'),
    plural(plan.add.weights, 'weight record', 'weight records'),
    plural(plan.add.posts, 'post', 'posts'),
  ];
  const extra = [
    plan.profileFields.length > 0 ? 'profile' : null,
    plan.goal === 'set' ? 'daily goal' : null,
    plan.preferences === 'set' ? 'activity preferences' : null,
  ].filter((x): x is string => x !== null);
  return `Imported ${parts.join(', ')}${extra.length > 0 ? `; updated ${extra.join(', ')}` : ''}.`;
}

/** Refusals a part would meet again however often it is sent: the rules' or the data's. */
const REFUSED: ReadonlySet<StoreErrorCode> = new Set([
  'permission-denied',
  'invalid-argument',
  'failed-precondition',
]);

/**
 * Why an import stopped after `done` of `total` parts. Only a failure to reach the server (or
 * contention, a quota) says to try again.
 */
export function importFailed(done: number, total: number, error: unknown): string {
  const partial = total > 1 && done > 0;
  if (error instanceof StoreError && REFUSED.has(error.code))
    return partial
      ? `Import stopped after ${done} of ${total} parts: the server refused the data of part ${done + 1}, so nothing of that part was written. Trying again would fail the same way.`
      : "The server refused this file's data, so nothing was written. Trying again would fail the same way.";
  return partial
    ? `Import stopped after ${done} of ${total} parts. Import the same file again to add what is missing (nothing is added twice).`
    : 'Failed to import. Nothing was written. Please try again.';
}
