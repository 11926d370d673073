/**
 * The account page's own words, where the spec is silent (its messages, sections 5 and 8, are
 * imported from the shared catalogue where they are shown).
 */
export const HIDE_EXERCISE_EXPLAINER = 'prevents your exercises from appearing on the Community page';
export const PREFS_EMPTY = 'Select at least one activity.';
