import type { WeightRecord } from '@fit/shared/model';
import type { UnitSystem } from '@fit/shared/units';
import { MESSAGES, validateWeightForm } from '@fit/shared/validation';
import { typedBodyMeasure } from '../../data/units.ts';

type WeightFormCheck = { ok: true; value: WeightRecord } | { ok: false; message: string; field: string };

/**
 * A weigh-in as typed in the viewer's unit ('81,5' kg too; text left as shown keeps `stored`
 * exactly), the instant checked against `now` when given (a new entry, or a moved time).
 */
export function checkWeightForm(input: {
  text: string;
  units: UnitSystem;
  timestamp: number;
  now?: number;
  stored?: number;
}): WeightFormCheck {
  const typed = typedBodyMeasure('bodyWeight', input.text, input.units, MESSAGES.weightPositive, {
    stored: input.stored,
  });
  if ('message' in typed) return { ok: false, message: typed.message, field: 'weight' };
  const checked = validateWeightForm({
    weight: typed.value,
    timestamp: input.timestamp,
    ...(input.now === undefined ? {} : { now: input.now }),
  });
  if (!checked.ok) return { ok: false, message: checked.message, field: checked.field ?? 'weight' };
  return { ok: true, value: checked.value };
}
