/** The viewer's current date, and the body figures the dashboard derives from the profile. */
import { ageOn, type BmiCategory, bmi, bmiCategory, bmr } from '@fit/shared/formulas';
import type { UserProfile } from '@fit/shared/model';
import { browserTimeZone, localDate } from '@fit/shared/periods';
import { useEffect, useMemo, useState } from 'react';

/** The viewer's zone and today's date there, re-checked every minute so the page rolls over at midnight. */
export function useToday(): { today: string; timeZone: string } {
  const timeZone = useMemo(() => browserTimeZone(), []);
  const [today, setToday] = useState(() => localDate(Date.now(), timeZone));
  useEffect(() => {
    const timer = setInterval(() => setToday(localDate(Date.now(), timeZone)), 60_000);
    return () => clearInterval(timer);
  }, [timeZone]);
  return { today, timeZone };
}

export interface BodyFigures {
  weight: number | undefined;
  height: number | undefined;
  bmi: number | null;
  category: BmiCategory | null;
  age: number | null;
  bmr: number | null;
}

/** BMI, its category, age and BMR from the profile (the shared formulas), computed once per page. */
export function bodyFigures(profile: UserProfile | null, today: string): BodyFigures {
  const weight = profile?.currentWeight;
  const height = profile?.height;
  const bmiValue = bmi(weight, height);
  const age = profile?.dateOfBirth ? ageOn(profile.dateOfBirth, today) : null;
  return {
    weight,
    height,
    bmi: bmiValue,
    category: bmiValue === null ? null : bmiCategory(bmiValue),
    age,
    bmr: bmr({ weightLbs: weight, heightIn: height, age, gender: profile?.gender ?? 'Male' }),
  };
}
