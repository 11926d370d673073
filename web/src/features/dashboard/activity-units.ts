/**
 * Weight lifted in the viewer's unit (issue 11): the activity forms type kg or lbs, the shared
 * validator and the stored record stay in lbs.
 */
import { findActivity } from '@fit/shared/catalogue';
import { distanceInputText } from '@fit/shared/distance';
import type { ActivityRecord } from '@fit/shared/model';
import { displayValue, type UnitSystem } from '@fit/shared/units';
import { type Validation, validateActivityForm } from '@fit/shared/validation';
import { typedWeightLifted } from '../../data/units.ts';

/** A stored weight lifted (lbs) as the input's text in the viewer's unit. */
export function liftedText(stored: number | undefined, units: UnitSystem): string {
  return stored === undefined ? '' : String(displayValue('weightLifted', stored, units));
}

/**
 * `validateActivityForm` with the weight lifted typed in `units`. `storedLifted` is the value the
 * text started from: left as shown, it is kept exactly.
 */
export function validateActivityInUnits(
  units: UnitSystem,
  form: Parameters<typeof validateActivityForm>[0],
  storedLifted?: number,
  storedDistance?: number,
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
  const text =
    typeof input.weightLifted === 'number' ? String(input.weightLifted) : (input.weightLifted ?? '');
  if (!activity || units === 'imperial') return validateActivityForm(input);
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
