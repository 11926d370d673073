/** Account deletion needs a recent sign-in: when the server says so, the page asks again and retries. */
import { REQUIRES_RECENT_LOGIN } from '@fit/shared/model';
import { StoreError } from '@fit/shared/store';
import { authErrorCode } from './auth.ts';

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
