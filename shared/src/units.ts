/**
 * Units of body measures and weights lifted. Storage stays in the spec's units (lbs, inches: section
 * 3); a user sees and types their own system, metric or imperial. Conversions happen only at the
 * edges (a form's input, a shown figure), so every stored number, formula and rule stays in lbs and
 * inches.
 *
 * Numbers typed by people: either '.' or ',' is the decimal separator ("181,5" in a German browser,
 * "181.5" anywhere), never a thousands separator: no body measure needs one, and guessing would turn
 * "1,8" into 18.
 */

export const UNIT_SYSTEMS = ['metric', 'imperial'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];

export const LBS_PER_KG = 2.2046226218;
export const INCHES_PER_CM = 1 / 2.54;

/** Regions that measure bodies in pounds and inches (CLDR's US system); everyone else is metric. */
const IMPERIAL_REGIONS = new Set(['US', 'LR', 'MM']);

/** The default unit system for a BCP 47 locale such as 'en-US' or 'de-DE' (metric when unknown). */
export function defaultUnitSystem(locale: string | undefined): UnitSystem {
  const region = /[-_]([A-Za-z]{2})(?:[-_]|$)/.exec(locale ?? '')?.[1]?.toUpperCase();
  return region && IMPERIAL_REGIONS.has(region) ? 'imperial' : 'metric';
}

export function isUnitSystem(value: unknown): value is UnitSystem {
  return value === 'metric' || value === 'imperial';
}

/**
 * A decimal number as a person types it: optional sign, digits, at most one '.' or ',' as the
 * decimal separator, surrounding spaces ignored. Anything else (two separators, exponents, "12kg",
 * thousands groups) is NaN, so the caller's "must be a positive number" message applies.
 */
export function parseDecimal(text: string | number): number {
  if (typeof text === 'number') return text;
  const trimmed = text.trim();
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(trimmed)) return Number.NaN;
  return Number(trimmed.replace(',', '.'));
}

export type Measure = 'bodyWeight' | 'height' | 'weightLifted';

/** The unit label of a measure in a system, as shown next to inputs and figures. */
export function unitLabel(measure: Measure, system: UnitSystem): string {
  if (measure === 'height') return system === 'metric' ? 'cm' : 'inches';
  return system === 'metric' ? 'kg' : 'lbs';
}

/** A value typed in the user's system, converted to storage units (lbs or inches). */
export function toStorage(measure: Measure, value: number, system: UnitSystem): number {
  if (system === 'imperial') return value;
  return measure === 'height' ? value * INCHES_PER_CM : value * LBS_PER_KG;
}

/** A stored value (lbs or inches) in the user's system. */
export function fromStorage(measure: Measure, stored: number, system: UnitSystem): number {
  if (system === 'imperial') return stored;
  return measure === 'height' ? stored / INCHES_PER_CM : stored / LBS_PER_KG;
}

/**
 * Plausible ranges of an adult body, in storage units, inclusive. Height 36-108 in (91-274 cm):
 * the shortest and tallest adults on record sit inside it, while "1.8" (metres typed as inches) and
 * "180" (centimetres typed as inches) fall outside. Body weight 40-1,100 lbs (18-499 kg).
 */
export const PLAUSIBLE: Readonly<Record<'bodyWeight' | 'height', { min: number; max: number }>> = {
  height: { min: 36, max: 108 },
  bodyWeight: { min: 40, max: 1100 },
};

/** The plausible range of a body measure in the user's system, rounded inward to whole units. */
export function plausibleRange(
  measure: 'bodyWeight' | 'height',
  system: UnitSystem,
): { min: number; max: number } {
  const { min, max } = PLAUSIBLE[measure];
  return {
    min: Math.ceil(fromStorage(measure, min, system)),
    max: Math.floor(fromStorage(measure, max, system)),
  };
}

/**
 * The message for a body measure outside its plausible range, naming the unit. `what` names the
 * field ('Target weight'); by default 'Height' or 'Weight'.
 */
export function implausibleMessage(
  measure: 'bodyWeight' | 'height',
  system: UnitSystem,
  what: string = measure === 'height' ? 'Height' : 'Weight',
): string {
  const { min, max } = plausibleRange(measure, system);
  return `${what} must be between ${min} and ${max} ${unitLabel(measure, system)}.`;
}

/**
 * A stored value (lbs or inches) as a person sees it in their system, rounded to a tenth: 176.37
 * lbs shows as 80 kg again, so a value typed, stored and read back is the value typed.
 */
export function displayValue(measure: Measure, stored: number, system: UnitSystem): number {
  return Math.round(fromStorage(measure, stored, system) * 10) / 10;
}

/** A value typed in the user's system, in storage units to a hundredth (what is written). */
export function storedValue(measure: Measure, typed: number, system: UnitSystem): number {
  return system === 'imperial' ? typed : Math.round(toStorage(measure, typed, system) * 100) / 100;
}

/**
 * The heaviest weight lifted a user may type for an activity whose limit is `limitLbs`: the limit
 * itself in lbs, in kg rounded down (so every accepted kg value stays under the stored limit).
 */
export function liftedLimit(limitLbs: number, system: UnitSystem): number {
  return system === 'imperial' ? limitLbs : Math.floor(fromStorage('weightLifted', limitLbs, system));
}

/**
 * A body measure typed in the user's system: the stored value (lbs or inches), or the message.
 * `positiveMessage` is the spec's message for a missing, non-numeric or non-positive value.
 */
export function parseBodyMeasure(
  measure: 'bodyWeight' | 'height',
  text: string | number,
  system: UnitSystem,
  positiveMessage: string,
): { value: number } | { message: string } {
  const typed = parseDecimal(text);
  if (!Number.isFinite(typed) || typed <= 0) return { message: positiveMessage };
  // Compared in the user's own units, as the message states them, so its edges are accepted exactly.
  const range = plausibleRange(measure, system);
  if (typed < range.min || typed > range.max) return { message: implausibleMessage(measure, system) };
  return { value: storedValue(measure, typed, system) };
}

/**
 * A stored value (lbs or inches) as an export writes it in the user's system: in metric, the
 * shortest decimal (1 to 3 places) that an import turns back into the same stored value, so 80 kg
 * typed reads 80 and 135 lbs reads 61.235 (three places always come back: 0.0005 kg < 0.005 lbs).
 */
export function exportValue(measure: Measure, stored: number, system: UnitSystem): number {
  if (system === 'imperial') return stored;
  const exact = fromStorage(measure, stored, system);
  for (let digits = 1; digits < 3; digits++) {
    const shown = Math.round(exact * 10 ** digits) / 10 ** digits;
    if (storedValue(measure, shown, system) === stored) return shown;
  }
  return Math.round(exact * 1000) / 1000;
}
