/**
 * A Firebase user as the app's `AuthUser`: its own module so the popup code and the gateway both
 * use it without importing each other (the popup loads on demand, from the gateway).
 */
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
