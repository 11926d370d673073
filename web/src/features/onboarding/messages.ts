/** The display-name prompt's own words. */
export const PROMPT_TITLE = 'Choose your display name';
export const PROMPT_TEXT =
  'This is how others see your posts and workouts on the Community page. Until you set one, they show as Unknown.';
export const nameSaved = (name: string) => `Display name saved. Others now see you as ${name}.`;
export const UNIT_CHOICES = [
  ['metric', 'Metric (kg, cm)'],
  ['imperial', 'Imperial (lbs, inches)'],
] as const;
export const GENDER_HELP =
  'Used only for your BMR. Leave it unset if you prefer; you can change it on Account.';
