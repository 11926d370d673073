/**
 * Distance and pace. A distance is stored in whole metres, one unit for every
 * person; each sees and types km (metric) or miles (imperial), and reads pace as time per km or
 * per mile. Pure: conversions and text only.
 */
import type { UnitSystem } from './units.ts';

export const METRES_PER_KM = 1000;
export const METRES_PER_MILE = 1609.344;

export type DistanceUnit = 'km' | 'mi';

export function distanceUnit(system: UnitSystem): DistanceUnit {
  return system === 'imperial' ? 'mi' : 'km';
}

export function metresPerUnit(system: UnitSystem): number {
  return system === 'imperial' ? METRES_PER_MILE : METRES_PER_KM;
}

/** A distance typed in the person's unit, in the whole metres stored. */
export function metresFromTyped(typed: number, system: UnitSystem): number {
  return Math.round(typed * metresPerUnit(system));
}

/** Stored metres in the person's unit, unrounded. */
export function distanceIn(metres: number, system: UnitSystem): number {
  return metres / metresPerUnit(system);
}

/**
 * Stored metres as an input's text: km to the metre (3 places), miles to 2 places; an edit form
 * keeps the stored value when this text is left as it is.
 */
export function distanceInputText(metres: number | undefined, system: UnitSystem): string {
  if (metres === undefined) return '';
  const digits = system === 'imperial' ? 100 : 1000;
  return String(Math.round(distanceIn(metres, system) * digits) / digits);
}

/** Stored metres as read in lists: at most 2 decimals, with the unit ('5 km', '3.11 mi'). */
export function formatDistance(metres: number, system: UnitSystem): string {
  const value = Math.round(distanceIn(metres, system) * 100) / 100;
  return `${value} ${distanceUnit(system)}`;
}

/**
 * Seconds per km or per mile of `metres` covered in `minutes`, or null when either is missing or
 * not positive (no pace without both).
 */
export function paceSeconds(
  metres: number | undefined,
  minutes: number | undefined,
  system: UnitSystem,
): number | null {
  if (!metres || !minutes || metres <= 0 || minutes <= 0) return null;
  return (minutes * 60) / distanceIn(metres, system);
}

/** A duration in whole seconds as `m:ss`, or `h:mm:ss` from an hour on (rounded to the second). */
export function formatClock(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The pace of an entry as shown: '5:00 /km', '8:03 /mi', or null without distance and time. */
export function formatPace(
  metres: number | undefined,
  minutes: number | undefined,
  system: UnitSystem,
): string | null {
  const pace = paceSeconds(metres, minutes, system);
  return pace === null ? null : `${formatClock(pace)} /${distanceUnit(system)}`;
}

/**
 * The fastest pace a top speed allows, as shown (rounded up to the second, so every pace it
 * refuses is faster than the one it names): 450 m a minute is '2:14 /km'.
 */
export function fastestPaceText(metresPerMinute: number, system: UnitSystem): string {
  const seconds = Math.ceil((metresPerUnit(system) / metresPerMinute) * 60);
  return `${formatClock(seconds)} /${distanceUnit(system)}`;
}

/**
 * The longest distance a limit allows in the person's unit: whole km, or miles rounded down to a
 * tenth (every accepted typed value then stays within the stored limit).
 */
export function distanceLimitIn(limitMetres: number, system: UnitSystem): number {
  return Math.floor(distanceIn(limitMetres, system) * 10) / 10;
}

/**
 * Stored metres as an export writes them in the person's unit: km to the metre; miles with the
 * fewest places (2 to 4) that an import turns back into the same metres (0.0001 mi < 0.5 m).
 */
export function distanceExportValue(metres: number, system: UnitSystem): number {
  if (system === 'metric') return metres / METRES_PER_KM;
  const exact = distanceIn(metres, system);
  for (let digits = 2; digits < 4; digits++) {
    const shown = Math.round(exact * 10 ** digits) / 10 ** digits;
    if (metresFromTyped(shown, system) === metres) return shown;
  }
  return Math.round(exact * 10_000) / 10_000;
}
