/** The one way a session the backend no longer accepts ends (expired or revoked token). */
import { StoreError } from '@fit/shared/store';
import { type AuthGateway, isSessionExpired } from './auth.ts';

/** An expired or revoked Firebase token, or the backend refusing the request as unauthenticated. */
export function isSessionOver(error: unknown): boolean {
  return isSessionExpired(error) || (error instanceof StoreError && error.code === 'unauthenticated');
}

/** Signs the person out when `error` means the session is over (the guards then go to /login). */
export function endSessionIfOver(gateway: AuthGateway, error: unknown): boolean {
  const over = isSessionOver(error);
  if (over) void gateway.signOut().catch(() => {});
  return over;
}
