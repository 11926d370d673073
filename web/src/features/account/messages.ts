/** The spec's messages of the account page (sections 5 and 8), word for word. */
export const LOAD_FAILED = 'Failed to load profile or preferences. Please try again.';
export const PROFILE_SAVED = 'Profile saved successfully!';
export const PROFILE_FAILED = 'Failed to save profile. Please try again.';
export const GOAL_SAVED = 'Goal saved successfully!';
export const GOAL_FAILED = 'Failed to save goal.';
export const GOAL_REMOVED = 'Goal removed successfully!';
export const GOAL_REMOVE_FAILED = 'Failed to remove goal. Please try again.';
export const GOAL_REMOVE_CONFIRM = 'This cannot be undone.';
export const PREFS_SAVED = 'Activity preferences saved successfully!';
export const PREFS_FAILED = 'Failed to save activity preferences. Please try again.';
export const DELETE_CONFIRM = "You will lose all history on this profile. It can't be undone.";
export const DELETE_FAILED = 'Failed to delete account. Please try again.';
export const HIDE_EXERCISE_EXPLAINER = 'prevents your exercises from appearing on the Community page';
// Our own, where the spec is silent:
export const PREFS_EMPTY = 'Select at least one activity.';
export const REAUTH_PASSWORD_FAILED = 'Failed to login. Please check your email and password.';
export const REAUTH_GOOGLE_FAILED = 'Failed to sign in with Google. Please try again.';
