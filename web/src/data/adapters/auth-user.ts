/** A Firebase user as `AuthUser`, shared by the gateway and the popup code loaded on demand. */
import type { User } from 'firebase/auth';
import type { AuthUser } from '../auth.ts';

export function toAuthUser(user: User): AuthUser {
  return {
    uid: user.uid,
    email: user.email,
    emailVerified: user.emailVerified,
    providerIds: user.providerData.map((info) => info.providerId),
  };
}
