/** Weight lifted in the viewer's unit: the forms type kg or lbs, the validator and the record keep lbs. */
import { type Activity, findActivity } from '@fit/shared/catalogue';
import { distanceInputText } from '@fit/shared/distance';
import type { ActivityRecord } from '@fit/shared/model';
import type { LiftSet } from '@fit/shared/sets';
import { displayValue, type UnitSystem } from '@fit/shared/units';
import { type SetInput, setMessage, type Validation, validateActivityForm } from '@fit/shared/validation';
import { typedWeightLifted } from '../../data/units.ts';

/** A stored weight lifted (lbs) as the input's text in the viewer's unit. */
export function liftedText(stored: number | undefined, units: UnitSystem): string {
  return stored === undefined ? '' : String(displayValue('weightLifted', stored, units));
}

// Sets with loads typed in kg as the validator takes them (lbs); a load left as shown keeps its
// stored value exactly. A load over the limit in kg gives its message, naming kg and its set.
function setsInLbs(
  activity: Activity,
  sets: readonly SetInput[],
  stored: readonly LiftSet[] | undefined,
): { sets: SetInput[] } | { message: string; field: string } {
  const out: SetInput[] = [];
  for (const [i, s] of sets.entries()) {
    const text = String(s.weight);
    const kept = stored?.[i];
    if (kept && text === liftedText(kept.weight, 'metric')) {
      out.push({ reps: s.reps, weight: kept.weight });
      continue;
    }
    const limitLbs = activity.limits.weightLifted;
    const typed = typedWeightLifted(text, 'metric', { name: activity.name, limitLbs });
    if ('message' in typed) return { message: setMessage(i, typed.message), field: `set-${i}-weight` };
    out.push({ reps: s.reps, weight: typed.value });
  }
  return { sets: out };
}

/** `validateActivityForm` in `units`; stored values whose text is left as shown are kept exactly. */
export function validateActivityInUnits(
  units: UnitSystem,
  form: Parameters<typeof validateActivityForm>[0],
  storedLifted?: number,
  storedDistance?: number,
  storedSets?: readonly LiftSet[],
): Validation<ActivityRecord> {
  // The distance is typed in km or mi; left as shown, the stored metres are kept exactly.
  const keepDistance =
    storedDistance !== undefined && form.distance === distanceInputText(storedDistance, units);
  const input = {
    ...form,
    distanceUnits: units,
    ...(keepDistance ? { distanceMetres: storedDistance } : {}),
  };
  const activity = findActivity(input.activityType);
  if (!activity || units === 'imperial') return validateActivityForm(input);
  if (input.sets && input.sets.length > 0) {
    // Reps and weight lifted derive from the sets: their hidden inputs do not count.
    const bySets = { ...input, count: '', weightLifted: '' };
    const converted = setsInLbs(activity, input.sets, storedSets);
    if ('sets' in converted) return validateActivityForm({ ...bySets, sets: converted.sets });
    // The other inputs' messages come first, as the shared validator orders them.
    const others = validateActivityForm({ ...bySets, sets: undefined });
    return others.ok ? { ok: false, ...converted } : others;
  }
  const text =
    typeof input.weightLifted === 'number' ? String(input.weightLifted) : (input.weightLifted ?? '');
  if (storedLifted !== undefined && text === liftedText(storedLifted, units))
    return validateActivityForm({ ...input, weightLifted: storedLifted });
  const typed = typedWeightLifted(text, units, {
    name: activity.name,
    limitLbs: activity.limits.weightLifted,
  });
  if ('message' in typed) {
    // The other inputs' messages come first, as the shared validator orders them.
    const others = validateActivityForm({ ...input, weightLifted: '' });
    return others.ok ? { ok: false, message: typed.message, field: 'weightLifted' } : others;
  }
  return validateActivityForm({ ...input, weightLifted: typed.value });
}
