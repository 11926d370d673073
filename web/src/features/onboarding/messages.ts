/** The display-name prompt of /user: the spec's profile messages (section 8) and our own words. */
export const PROFILE_FAILED = 'Failed to save profile. Please try again.';
export const PROMPT_TITLE = 'Choose your display name';
export const PROMPT_TEXT =
  'This is how others see your posts and workouts on the Community page. Until you set one, they show as Unknown.';
export const nameSaved = (name: string) => `Display name saved. Others now see you as ${name}.`;
