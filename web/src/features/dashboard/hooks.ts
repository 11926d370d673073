/** The viewer's current date, and the body figures the dashboard derives from the profile. */
import { ageOn, type BmiCategory, bmi, bmiCategory, bmr } from '@fit/shared/formulas';
import type { UserProfile } from '@fit/shared/model';

export { useToday } from '../../data/today.ts';

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
