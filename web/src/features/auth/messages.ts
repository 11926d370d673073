/** The sign-in screens' own words, where the spec is silent. */
export const CREDENTIALS_REQUIRED = 'Please enter your email and password.';

export const RESET_SEND_FAILED = 'Failed to send the password reset email. Please try again.';
/** Said whether or not the address has an account: the page does not tell strangers who signed up. */
export const resetEmailSent = (email: string) =>
  `If an account exists for ${email}, a link to reset its password is on its way. Check your inbox.`;
export const RESET_LINK_INVALID =
  'This password reset link has expired or was already used. Request a new one.';
export const RESET_LINK_MISSING =
  'This is not a complete password reset link. Open the link in the email again, or request a new one.';
export const RESET_FAILED = 'Failed to reset password. Please try again.';
export const PASSWORD_CHANGED = 'Your password has been changed. Log in with your new password.';
