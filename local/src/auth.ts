/**
 * ID-token checks against the official Auth emulator, with firebase-admin (which reads
 * FIREBASE_AUTH_EMULATOR_HOST): `verifyIdToken(token, true)` also checks that the user still exists
 * and that their tokens were not revoked.
 */

import { StoreError } from '@fit/shared/store';
import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, type DecodedIdToken, getAuth } from 'firebase-admin/auth';

export interface TokenVerifier {
  verify(header: string | undefined): Promise<DecodedIdToken>;
  deleteUser(uid: string): Promise<void>;
  close(): Promise<void>;
}

export function createTokenVerifier(projectId: string, authEmulatorHost: string): TokenVerifier {
  // firebase-admin reads the emulator host from the environment at call time.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulatorHost;
  const app: App = initializeApp({ projectId }, `fittrack-local-${projectId}-${Date.now()}-${Math.random()}`);
  const auth: Auth = getAuth(app);
  return {
    async verify(header) {
      if (!header) throw new StoreError('unauthenticated', 'Sign in first: the request has no ID token.');
      const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
      if (!match?.[1])
        throw new StoreError(
          'unauthenticated',
          "Malformed Authorization header: expected 'Bearer <ID token>'.",
        );
      try {
        return await auth.verifyIdToken(match[1], true);
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        const reason =
          code === 'auth/id-token-expired'
            ? 'the ID token has expired; sign in again'
            : code === 'auth/user-not-found'
              ? 'the user of this ID token no longer exists'
              : code === 'auth/id-token-revoked'
                ? 'the ID token was revoked; sign in again'
                : code === 'auth/user-disabled'
                  ? 'the user is disabled'
                  : `the ID token is invalid (${(error as Error).message})`;
        if (code === 'app/network-error' || /ECONNREFUSED/.test(String((error as Error).message)))
          throw new StoreError('unavailable', 'The Auth emulator cannot be reached to check the ID token.');
        throw new StoreError('unauthenticated', `Unauthenticated: ${reason}.`);
      }
    },
    async deleteUser(uid) {
      try {
        await auth.deleteUser(uid);
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      }
    },
    async close() {
      await deleteApp(app);
    },
  };
}
