/**
 * Which weight is the profile's current weight (`users/{uid}.currentWeight`, the BMI and BMR
 * input): the newest weight record's. Logging a record makes it current; these decide the other
 * two cases from the newest records as they were before the change.
 */

export interface WeightRecordRef {
  readonly id: string;
  readonly weight: number;
}

export interface DatedWeightRef extends WeightRecordRef {
  readonly timestamp: number;
}

/**
 * After record `id` is edited to `weight` and, when `timestamp` is given, moved to that time: the
 * new current weight, or null when the profile keeps the weight it holds. `newestTwo` are the two
 * newest records before the edit, newest first (enough: the edited one and the newest other). A
 * record moved behind another hands "current" to it; on equal times the record already newest stays
 * so (an edit does not reorder ties).
 */
export function currentWeightAfterEdit(
  newestTwo: readonly DatedWeightRef[],
  id: string,
  weight: number,
  timestamp?: number,
): number | null {
  const wasNewest = newestTwo[0]?.id === id;
  const other = newestTwo.find((record) => record.id !== id);
  const ownTime = timestamp ?? newestTwo.find((record) => record.id === id)?.timestamp;
  const isNewest =
    ownTime === undefined
      ? wasNewest
      : !other || ownTime > other.timestamp || (wasNewest && ownTime === other.timestamp);
  if (isNewest) return weight;
  return wasNewest && other ? other.weight : null;
}

/**
 * After record `id` is deleted: the newest remaining record's weight, or 0 when none remains.
 * `newestTwo` are the two newest records before the delete, newest first (enough whichever is deleted).
 */
export function currentWeightAfterDelete(newestTwo: readonly WeightRecordRef[], id: string): number {
  return newestTwo.find((record) => record.id !== id)?.weight ?? 0;
}
