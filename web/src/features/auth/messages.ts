/** The sign-in screens' messages: the spec's inline ones (section 8) from the shared catalogue, then our own. */
import {
  INLINE_GOOGLE,
  INLINE_LOGIN,
  INLINE_RESEND,
  INLINE_SIGN_UP,
  SUCCESS_VERIFICATION_RESENT,
} from '@fit/shared/messages';

export const LOGIN_FAILED = INLINE_LOGIN;
export const GOOGLE_FAILED = INLINE_GOOGLE;
export const SIGNUP_FAILED = INLINE_SIGN_UP;
export const RESEND_FAILED = INLINE_RESEND;
export const RESEND_DONE = SUCCESS_VERIFICATION_RESENT;
export const FORGOT_PASSWORD_SOON = 'Password reset is coming soon.';
export const CREDENTIALS_REQUIRED = 'Please enter your email and password.';
