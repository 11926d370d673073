/** The viewer's unit system (profile's, else the locale's) and conversions at the edges: stored in lbs, in. */
import type { UserProfile } from '@fit/shared/model';
import {
  defaultUnitSystem,
  displayValue,
  fromStorage,
  liftedLimit,
  type Measure,
  parseBodyMeasure,
  parseDecimal,
  storedValue,
  type UnitSystem,
  unitLabel,
} from '@fit/shared/units';
import { liftedLimitMessage } from '@fit/shared/validation';
import { createContext, createElement, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { recall, remember } from './device-memory.ts';
import { useDataScope, useProfile } from './queries.ts';

function browserUnitSystem(): UnitSystem {
  const locale =
    typeof navigator === 'undefined' ? undefined : (navigator.languages?.[0] ?? navigator.language);
  return defaultUnitSystem(locale);
}

export function unitSystemOf(profile: Pick<UserProfile, 'unitSystem'> | null | undefined): UnitSystem {
  return profile?.unitSystem ?? browserUnitSystem();
}

const UnitsContext = createContext<UnitSystem | null>(null);

/**
 * The user's unit system for everything under it; while the profile loads, the one last seen here.
 * One profile subscription per page: cards and inputs re-render only when the system changes.
 */
export function UnitsProvider({ children }: { children: ReactNode }) {
  const { uid } = useDataScope();
  const profile = useProfile().data;
  const loaded = profile !== undefined;
  const chosen = profile?.unitSystem;
  useEffect(() => {
    if (loaded) remember('units', uid, chosen ?? null);
  }, [uid, loaded, chosen]);
  const standIn = useMemo(() => {
    const cached = recall('units', uid);
    return cached === 'metric' || cached === 'imperial' ? cached : browserUnitSystem();
  }, [uid]);
  const system = loaded ? unitSystemOf(profile) : standIn;
  return createElement(UnitsContext.Provider, { value: system }, children);
}

export function useUnits(): UnitSystem {
  const system = useContext(UnitsContext);
  if (!system) throw new Error('useUnits outside UnitsProvider');
  return system;
}

const oneDecimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** A stored value as the viewer reads it, in their locale: '80', '181,5'. */
export function formatMeasure(measure: Measure, stored: number, system: UnitSystem): string {
  return oneDecimal.format(displayValue(measure, stored, system));
}

export function formatMeasureWithUnit(measure: Measure, stored: number, system: UnitSystem): string {
  return `${formatMeasure(measure, stored, system)} ${unitLabel(measure, system)}`;
}

const wholeNumber = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

/** A volume (reps x load, stored lbs) in the viewer's unit, whole: '4,150 lbs', '1,882 kg'. */
export function volumeText(storedLbs: number, system: UnitSystem): string {
  return `${wholeNumber.format(fromStorage('weightLifted', storedLbs, system))} ${unitLabel('weightLifted', system)}`;
}

/** A stored value as an input's starting text ('.' decimals, one place): '' when unknown (0). */
export function inputText(measure: Measure, stored: number | undefined, system: UnitSystem): string {
  return stored && stored > 0 ? String(displayValue(measure, stored, system)) : '';
}

/**
 * A body measure typed in the viewer's system as the validators' stored number ('' stays ''), or
 * the message naming the viewer's unit; `what` names the field, `stored` the starting value.
 */
export function typedBodyMeasure(
  measure: 'bodyWeight' | 'height',
  text: string,
  system: UnitSystem,
  positiveMessage: string,
  options: { what?: string; stored?: number | undefined } = {},
): { value: number | '' } | { message: string } {
  const { what, stored } = options;
  if (text.trim() === '') return { value: '' };
  // Text left as shown keeps the stored value exactly (181 lbs shown as 82.1 kg stays 181 lbs).
  if (stored !== undefined && stored > 0 && text === inputText(measure, stored, system))
    return { value: stored };
  const parsed = parseBodyMeasure(measure, text, system, positiveMessage);
  if ('message' in parsed && what && parsed.message !== positiveMessage)
    return { message: parsed.message.replace(/^Weight/, what) };
  return parsed;
}

/** Weight lifted typed in the viewer's system as stored lbs, or the text for the validator's message. */
export function typedWeightLifted(
  text: string,
  system: UnitSystem,
  activity: { name: string; limitLbs: number },
): { value: string | number } | { message: string } {
  const typed = parseDecimal(text);
  if (text.trim() === '' || !Number.isFinite(typed) || typed < 0 || system === 'imperial')
    return { value: text };
  const max = liftedLimit(activity.limitLbs, system);
  // Worded as an import's refusal of the same load is (shared validation.ts).
  if (typed > max) return { message: liftedLimitMessage(activity.name, activity.limitLbs, system) };
  return { value: Math.min(storedValue('weightLifted', typed, system), activity.limitLbs) };
}
