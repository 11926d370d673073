/**
 * The sign-in port. Screens speak only `AuthGateway`; the app wires the Firebase implementation
 * (`adapters/firebase-auth.ts`: Firebase Auth, or its emulator on one machine) and component tests a
 * fake. Errors keep Firebase's `auth/...` codes; `authErrorMessage` turns them into what a person can act on.
 */

export interface AuthUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** 'password', 'google.com', ...: decides how to re-authenticate before account deletion. */
  providerIds: string[];
}

/** What Google tells us about the person, used only to create a missing profile. */
export interface GoogleProfile {
  email: string | null;
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
  /**
   * The person signed in as the page started (the session the auth SDK restored), or who signed
   * in from another tab since; not a sign-in made on this page. Null: nobody's.
   */
  owner: string | null;
  now: string | null;
}

export interface AuthGateway {
  /**
   * Calls `listener` once the saved session is known and again on every change: sign-in, sign-out,
   * and a `reload()` that changed the user (e.g. the email became verified).
   */
  subscribe(listener: (user: AuthUser | null) => void): () => void;
  signIn(email: string, password: string): Promise<AuthUser>;
  signUp(email: string, password: string): Promise<AuthUser>;
  /** Resolves null when the person closed the popup: that is a choice, not an error. */
  signInWithGoogle(): Promise<GoogleSignIn | null>;
  sendVerificationEmail(): Promise<void>;
  /** Emails a password reset link to `email` (signed in or not). */
  sendPasswordReset(email: string): Promise<void>;
  /** Checks a reset link's code; resolves the email of its account. */
  checkPasswordResetCode(code: string): Promise<string>;
  /** Sets the new password with a reset link's code (which is then used up). */
  resetPassword(code: string, newPassword: string): Promise<void>;
  /** Re-reads the signed-in user from the server (and refreshes its token when it changed). */
  reload(): Promise<AuthUser | null>;
  signOut(): Promise<void>;
  /**
   * Proves the person again before a sensitive operation: with `password` for email accounts, with
   * the Google popup when `password` is null. Resolves false when the popup was closed.
   */
  reauthenticate(password: string | null): Promise<boolean>;
  /** Starts loading the sign-in code ahead of use (a sign-in form got focus). Optional. */
  preload?(): void;
}

export function authErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** The session is over (token expired or revoked): the app signs the person out. */
export function isSessionExpired(error: unknown): boolean {
  const code = authErrorCode(error);
  return code === 'auth/user-token-expired' || code === 'auth/invalid-user-token';
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
 * What to show for a failed auth call. `fallback` is the spec's line for the screen (e.g. 'Failed to
 * login. Please check your email and password.'), used for wrong credentials and anything unforeseen;
 * causes a person can act on get a plain sentence. Null means show nothing (popup closed).
 */
export function authErrorMessage(error: unknown, fallback: string): string | null {
  if (isPopupClosed(error)) return null;
  switch (authErrorCode(error)) {
    case 'auth/email-already-in-use':
      return 'An account with this email already exists. Log in instead.';
    case 'auth/invalid-email':
      return 'Please enter a valid email address.';
    case 'auth/weak-password':
      return 'Password must be at least 6 characters.';
    case 'auth/password-does-not-meet-requirements': {
      const rules = passwordRules(error);
      return rules
        ? `Password does not meet the requirements: ${rules}.`
        : 'Password does not meet the requirements.';
    }
    case 'auth/too-many-requests':
      return 'Too many attempts. Please wait a few minutes and try again.';
    case 'auth/network-request-failed':
      return 'No network connection. Check your connection and try again.';
    case 'auth/user-disabled':
      return 'This account has been disabled.';
    case 'auth/popup-blocked':
      return 'Your browser blocked the sign-in popup. Allow popups for this site and try again.';
    case 'auth/unauthorized-domain':
      return 'Google sign-in is not enabled for this web address.';
    case 'auth/account-exists-with-different-credential':
      return 'An account with this email already exists. Log in with your email and password.';
    case 'auth/expired-action-code':
    case 'auth/invalid-action-code':
      return 'This link has expired or was already used. Request a new one.';
    case 'auth/requires-recent-login':
      return 'For your security, please sign in again to continue.';
    case 'auth/user-token-expired':
    case 'auth/invalid-user-token':
      return 'Your session has expired. Please log in again.';
    default:
      return fallback;
  }
}
