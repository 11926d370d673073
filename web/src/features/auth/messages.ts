/**
 * The sign-in screens' own words, where the spec is silent (its inline messages, section 8, are
 * imported from the shared catalogue where they are shown).
 */
export const FORGOT_PASSWORD_SOON = 'Password reset is coming soon.';
export const CREDENTIALS_REQUIRED = 'Please enter your email and password.';
