/**
 * The spec's error catalogue, word for word, in one place: the browser's features
 * import their alerts, inline and success messages and confirmations from here, so one wording
 * cannot drift between two screens. One export per message (not objects), so a page's bundle holds
 * only the messages it shows. shared/test/messages.test.ts holds it to the spec's list.
 * Messages the spec does not word (our own) stay with the feature that shows them.
 */

/** User-visible alerts. */
export const ALERT_FETCH_AVAILABLE_ACTIVITIES = 'Failed to fetch available activities. Please try again.';
export const ALERT_FETCH_ACTIVITIES = 'Failed to fetch activities. Please try again.';
export const ALERT_FETCH_WEIGHTS = 'Failed to fetch weight records. Please try again.';
export const ALERT_FETCH_PROFILE_OR_GOAL = 'Failed to fetch profile or goal. Please try again.';
export const ALERT_LOG_OUT = 'Failed to log out. Please try again.';
export const ALERT_LOG_ACTIVITY = 'Failed to log activity. Please try again.';
export const ALERT_SAVE_PROFILE = 'Failed to save profile. Please try again.';
export const ALERT_LOG_WEIGHT = 'Failed to log weight. Please try again.';
export const ALERT_UPDATE_ACTIVITY = 'Failed to update activity.';
export const ALERT_DELETE_ACTIVITY = 'Failed to delete activity.';
export const ALERT_UPDATE_WEIGHT = 'Failed to update weight record.';
export const ALERT_DELETE_WEIGHT = 'Failed to delete weight record.';
export const ALERT_SAVE_GOAL = 'Failed to save goal.';
export const ALERT_FETCH_COMMUNITY = 'Failed to fetch community data. Please try again.';
export const ALERT_ADD_POST = 'Failed to add post. Please try again.';
export const ALERT_LOAD_PROFILE_OR_PREFERENCES = 'Failed to load profile or preferences. Please try again.';
export const ALERT_DELETE_ACCOUNT = 'Failed to delete account. Please try again.';
export const ALERT_REMOVE_GOAL = 'Failed to remove goal. Please try again.';
export const ALERT_SAVE_ACTIVITY_PREFERENCES = 'Failed to save activity preferences. Please try again.';

/** Inline messages of the sign-in screens. */
export const INLINE_LOGIN = 'Failed to login. Please check your email and password.';
export const INLINE_GOOGLE = 'Failed to sign in with Google. Please try again.';
export const INLINE_SIGN_UP = 'Failed to sign up. Please try again.';
export const INLINE_RESEND = 'Failed to resend verification email. Please try again.';

export const SUCCESS_PROFILE_SAVED = 'Profile saved successfully!';
export const SUCCESS_GOAL_SAVED = 'Goal saved successfully!';
export const SUCCESS_GOAL_REMOVED = 'Goal removed successfully!';
export const SUCCESS_ACTIVITY_PREFERENCES_SAVED = 'Activity preferences saved successfully!';
export const SUCCESS_VERIFICATION_RESENT = 'Verification email resent. Please check your inbox.';

export const CONFIRM_DELETE_ACCOUNT = "You will lose all history on this profile. It can't be undone.";
export const CONFIRM_REMOVE_GOAL = 'This cannot be undone.';
