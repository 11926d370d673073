import { ageOn, type BmiCategory, bmi, bmiCategory, bmr } from '@fit/shared/formulas';
import type { UserProfile } from '@fit/shared/model';

export interface BodyFigures {
  weight: number | undefined;
  height: number | undefined;
  bmi: number | null;
  category: BmiCategory | null;
  age: number | null;
  bmr: number | null;
  /** Whether the profile has a gender (BMR needs one). */
  gender: boolean;
}

/** BMI, its category, age and BMR from the profile, computed once per page. */
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
    gender: profile?.gender !== undefined,
    // BMR differs by gender: shown once one is chosen, never for an assumed one.
    bmr: profile?.gender ? bmr({ weightLbs: weight, heightIn: height, age, gender: profile.gender }) : null,
  };
}
