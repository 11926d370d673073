/**
 * The one way a session the backend no longer accepts ends (expired or revoked token): the
 * signed-in pages' QueryClient calls it for every failed load and save, the verify page for its
 * polling, the data section for its export and import. Kept out of the entry chunk (the landing
 * page has no session to end).
 */
import { StoreError } from '@fit/shared/store';
import { type AuthGateway, isSessionExpired } from './auth.ts';

/** An expired or revoked Firebase token, or the backend refusing the request as unauthenticated. */
export function isSessionOver(error: unknown): boolean {
  return isSessionExpired(error) || (error instanceof StoreError && error.code === 'unauthenticated');
}

/**
 * Signs the person out when `error` means the session is over (the guards then go to /login; the
 * session's change clears what this device kept for them: device-memory.ts).
 */
export function endSessionIfOver(gateway: AuthGateway, error: unknown): boolean {
  const over = isSessionOver(error);
  if (over) void gateway.signOut().catch(() => {});
  return over;
}
