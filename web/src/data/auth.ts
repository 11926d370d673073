/** The sign-in port: Firebase Auth in the app, a fake in tests. Errors keep Firebase's `auth/...` codes. */
import { REQUIRES_RECENT_LOGIN } from '@fit/shared/model';
import { StoreError } from '@fit/shared/store';

export interface AuthUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** 'password', 'google.com', ...: decides how to re-authenticate before account deletion. */
  providerIds: string[];
}

/** What Google tells us about the person, used only to create a missing profile. */
export interface GoogleProfile {
  displayName: string | null;
  givenName: string | null;
  familyName: string | null;
}

export interface GoogleSignIn {
  user: AuthUser;
  profile: GoogleProfile;
}

/** Who is signed in now, and whose offline data the browser may hold as far as the page knows. */
export interface PageSessions {
  /** Signed in as the page started, or from another tab since; never a sign-in made here. */
  owner: string | null;
  now: string | null;
}

export interface AuthGateway {
  /** Calls `listener` once the saved session is known and on every change (a `reload()` too). */
  subscribe(listener: (user: AuthUser | null) => void): () => void;
  signIn(email: string, password: string): Promise<AuthUser>;
  signUp(email: string, password: string): Promise<AuthUser>;
  /** Resolves null when the person closed the popup: a choice, not an error. */
  signInWithGoogle(): Promise<GoogleSignIn | null>;
  sendVerificationEmail(): Promise<void>;
  sendPasswordReset(email: string): Promise<void>;
  /** Checks a reset link's code; resolves the email of its account. */
  checkPasswordResetCode(code: string): Promise<string>;
  resetPassword(code: string, newPassword: string): Promise<void>;
  reload(): Promise<AuthUser | null>;
  signOut(): Promise<void>;
  /** Proves the person again: with `password`, or the Google popup when null (false: closed). */
  reauthenticate(password: string | null): Promise<boolean>;
  /**
   * How far this device's clock runs ahead of the server's in ms (behind: negative), at least: the
   * round trip's and the server's whole-second uncertainty count toward right. Null signed out.
   */
  clockOffset(): Promise<number | null>;
  /** Starts loading the sign-in code ahead of use. */
  preload?(): void;
}

export function authErrorCode(error: unknown): string | undefined {
  const code = typeof error === 'object' ? (error as { code?: unknown } | null)?.code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** An expired or revoked Firebase token, or the backend refusing the request as unauthenticated. */
export function isSessionOver(error: unknown): boolean {
  const code = authErrorCode(error);
  if (code === 'auth/user-token-expired' || code === 'auth/invalid-user-token') return true;
  return error instanceof StoreError && error.code === 'unauthenticated';
}

/** Signs the person out when `error` means the session is over (the guards then go to /login). */
export function endSessionIfOver(gateway: AuthGateway, error: unknown): boolean {
  const over = isSessionOver(error);
  if (over) void gateway.signOut().catch(() => {});
  return over;
}

/** Account deletion needs a recent sign-in: when the server says so, the page asks again and retries. */
export function needsRecentLogin(error: unknown): boolean {
  if (authErrorCode(error) === 'auth/requires-recent-login') return true;
  return (
    error instanceof StoreError &&
    (error.message.includes(REQUIRES_RECENT_LOGIN) ||
      (error.code === 'failed-precondition' && /recent/i.test(error.message)))
  );
}

/** How the person proves themselves again: their password, or Google when they have no password. */
export function reauthMethod(providerIds: readonly string[]): 'password' | 'google' {
  return providerIds.includes('password') || !providerIds.includes('google.com') ? 'password' : 'google';
}

const CLOSED_POPUP = new Set([
  'auth/popup-closed-by-user',
  'auth/cancelled-popup-request',
  'auth/user-cancelled',
]);

export function isPopupClosed(error: unknown): boolean {
  return CLOSED_POPUP.has(authErrorCode(error) ?? '');
}

/** Firebase lists unmet password rules in brackets: "Missing password requirements: [..., ...]". */
function passwordRules(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : '';
  const listed = /\[([^\]]+)\]/.exec(message)?.[1];
  return listed ? listed.split(/,\s*/).join('; ') : undefined;
}

/**
 * What to show for a failed auth call: a plain sentence for causes a person can act on, else the
 * screen's spec line `fallback`; null shows nothing (popup closed).
 */
export function authErrorMessage(error: unknown, fallback: string): string | null {
  if (isPopupClosed(error)) return null;
  const code = authErrorCode(error) ?? '';
  if (code === 'auth/password-does-not-meet-requirements') {
    const rules = passwordRules(error);
    return rules
      ? `Password does not meet the requirements: ${rules}.`
      : 'Password does not meet the requirements.';
  }
  return AUTH_MESSAGES.get(code) ?? fallback;
}

const LINK_USED = 'This link has expired or was already used. Request a new one.';
const SESSION_EXPIRED = 'Your session has expired. Please log in again.';
const AUTH_MESSAGES = new Map([
  ['auth/email-already-in-use', 'An account with this email already exists. Log in instead.'],
  ['auth/invalid-email', 'Please enter a valid email address.'],
  ['auth/weak-password', 'Password must be at least 6 characters.'],
  ['auth/too-many-requests', 'Too many attempts. Please wait a few minutes and try again.'],
  ['auth/network-request-failed', 'No network connection. Check your connection and try again.'],
  ['auth/user-disabled', 'This account has been disabled.'],
  ['auth/popup-blocked', 'Your browser blocked the sign-in popup. Allow popups for this site and try again.'],
  ['auth/unauthorized-domain', 'Google sign-in is not enabled for this web address.'],
  [
    'auth/account-exists-with-different-credential',
    'An account with this email already exists. Log in with your email and password.',
  ],
  ['auth/expired-action-code', LINK_USED],
  ['auth/invalid-action-code', LINK_USED],
  ['auth/requires-recent-login', 'For your security, please sign in again to continue.'],
  ['auth/user-token-expired', SESSION_EXPIRED],
  ['auth/invalid-user-token', SESSION_EXPIRED],
]);
