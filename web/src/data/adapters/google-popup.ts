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
import { type GoogleProfile, isPopupClosed } from '../auth.ts';

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The signed-in Firebase user (firebase-auth.ts makes it an `AuthUser`) and Google's profile. */
export async function googleSignIn(auth: Auth): Promise<{ user: User; profile: GoogleProfile } | null> {
  try {
    const credential = await signInWithPopup(auth, new GoogleAuthProvider(), browserPopupRedirectResolver);
    const extra = getAdditionalUserInfo(credential)?.profile ?? {};
    const user = credential.user;
    return {
      user,
      profile: {
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
