/**
 * Which weight is the profile's current weight (`users/{uid}.currentWeight`, the BMI and BMR
 * input): the newest weight record's. Logging a record makes it current; these decide the other
 * two cases from the newest records as they were before the change.
 */

export interface WeightRecordRef {
  readonly id: string;
  readonly weight: number;
}

/**
 * After record `id` is edited to `weight`: the new current weight when it is the newest record
 * (`newest`), or null when the profile keeps the weight it holds.
 */
export function currentWeightAfterEdit(
  newest: Pick<WeightRecordRef, 'id'> | undefined,
  id: string,
  weight: number,
): number | null {
  return newest?.id === id ? weight : null;
}

/**
 * After record `id` is deleted: the newest remaining record's weight, or 0 when none remains.
 * `newestTwo` are the two newest records before the delete, newest first (enough whichever is deleted).
 */
export function currentWeightAfterDelete(newestTwo: readonly WeightRecordRef[], id: string): number {
  return newestTwo.find((record) => record.id !== id)?.weight ?? 0;
}
