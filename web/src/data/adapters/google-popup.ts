/** The Google popup, loaded on demand; a closed popup resolves null / false instead of failing. */
import {
  type Auth,
  browserPopupRedirectResolver,
  GoogleAuthProvider,
  getAdditionalUserInfo,
  reauthenticateWithPopup,
  signInWithPopup,
  type User,
} from 'firebase/auth';
import { type GoogleSignIn, isPopupClosed } from '../auth.ts';
import { toAuthUser } from './auth-user.ts';

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export async function googleSignIn(auth: Auth): Promise<GoogleSignIn | null> {
  try {
    const credential = await signInWithPopup(auth, new GoogleAuthProvider(), browserPopupRedirectResolver);
    const extra = getAdditionalUserInfo(credential)?.profile ?? {};
    const user = credential.user;
    return {
      user: toAuthUser(user),
      profile: {
        email: user.email,
        displayName: user.displayName,
        givenName: stringOrNull(extra.given_name),
        familyName: stringOrNull(extra.family_name),
      },
    };
  } catch (error) {
    if (isPopupClosed(error)) return null;
    throw error;
  }
}

export async function googleReauthenticate(user: User): Promise<boolean> {
  try {
    await reauthenticateWithPopup(user, new GoogleAuthProvider(), browserPopupRedirectResolver);
    return true;
  } catch (error) {
    if (isPopupClosed(error)) return false;
    throw error;
  }
}
