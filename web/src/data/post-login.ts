/**
 * Where a person goes once signed in (spec section 2): an unverified email to /verify-email; a
 * verified one to /user when the profile has a non-empty display name, otherwise to /account.
 */
import type { AuthUser } from './auth.ts';
import { hasDisplayName, readProfile } from './profile.ts';
import type { Backend } from './repositories.ts';

export async function destinationAfterLogin(
  user: AuthUser,
  loadBackend: () => Promise<Backend>,
): Promise<string> {
  if (!user.emailVerified) return '/verify-email';
  try {
    const { store } = await loadBackend();
    return hasDisplayName(await readProfile(store, user.uid)) ? '/user' : '/account';
  } catch (error) {
    // The dashboard reports data problems itself; the sign-in did succeed.
    console.error('Could not read the profile after sign-in', error);
    return '/user';
  }
}
