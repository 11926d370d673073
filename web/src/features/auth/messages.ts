/** The spec's inline messages of the sign-in screens (section 8), word for word. */
export const LOGIN_FAILED = 'Failed to login. Please check your email and password.';
export const GOOGLE_FAILED = 'Failed to sign in with Google. Please try again.';
export const SIGNUP_FAILED = 'Failed to sign up. Please try again.';
export const RESEND_FAILED = 'Failed to resend verification email. Please try again.';
export const RESEND_DONE = 'Verification email resent. Please check your inbox.';
export const FORGOT_PASSWORD_SOON = 'Password reset is coming soon.';
export const CREDENTIALS_REQUIRED = 'Please enter your email and password.';
