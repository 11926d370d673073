/**
 * Undo of a delete writes the entry back as a new one, which the rules check against today's
 * catalogue and limits (firestore.rules validRep): an older entry they would refuse cannot come
 * back exactly as it was.
 */
import { findActivity } from './catalogue.ts';
import type { ActivityRecord } from './model.ts';
import { LIMITS, validateActivityForm } from './validation.ts';

const FIELDS = ['activityType', 'count', 'time', 'weightLifted', 'distance', 'calorieUnits'] as const;

/**
 * Why `record` cannot be written back as it is at `now`: its name left the catalogue, its date is
 * one no new entry takes, or it breaks a limit; null if it can.
 */
export type RestoreProblem = 'catalogue' | 'date' | 'limits';

export function restoreProblem(record: ActivityRecord, now: number): RestoreProblem | null {
  if (findActivity(record.activityType)?.name !== record.activityType) return 'catalogue';
  // The rules' datedEntryTimeOk on a create: never ahead of the server's time (its slack aside),
  // and not before 2000 (one older than a year comes back as imported: restoredWriteTimes).
  if (record.timestamp > now + LIMITS.timestampSkewMs || record.timestamp < LIMITS.earliestImportTime)
    return 'date';
  const checked = validateActivityForm({
    userId: 'restore',
    activityType: record.activityType,
    count: record.count,
    time: record.time,
    weightLifted: record.weightLifted,
    distanceMetres: record.distance,
    sets: record.sets,
    timestamp: record.timestamp,
  });
  // The form's checks rebuild the entry: any field it drops or derives otherwise, the rules refuse.
  const same =
    checked.ok &&
    FIELDS.every((field) => checked.value[field] === record[field]) &&
    JSON.stringify(checked.value.sets) === JSON.stringify(record.sets);
  return same ? null : 'limits';
}
