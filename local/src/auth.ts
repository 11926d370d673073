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

/**
 * `revocationCheckMs`: how long a token's full check (signature and claims, user exists, not
 * disabled, not revoked) holds before it is repeated; its expiry is checked on every request. 0
 * checks with the emulator on every request; the default 1000 ms keeps the emulator (about 10 ms
 * per lookup) from capping the server at ~100 requests/s, while a deleted or revoked user is
 * refused within a second. This server's own account deletion drops the user's tokens at once.
 */
export function createTokenVerifier(
  projectId: string,
  authEmulatorHost: string,
  revocationCheckMs = 1000,
): TokenVerifier {
  // firebase-admin reads the emulator host from the environment at call time.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulatorHost;
  const app: App = initializeApp({ projectId }, `fittrack-local-${projectId}-${Date.now()}-${Math.random()}`);
  const auth: Auth = getAuth(app);
  // A token's claims never change: within the window its last full check holds, only its expiry
  // needs checking again (decoding it with firebase-admin costs ~2.5 ms a request).
  const checked = new Map<string, { uid: string; at: number; decoded: DecodedIdToken }>();
  const stillGood = (token: string): DecodedIdToken | null => {
    if (revocationCheckMs <= 0) return null;
    const entry = checked.get(token);
    const now = Date.now();
    if (!entry || now - entry.at >= revocationCheckMs || entry.decoded.exp * 1000 <= now) return null;
    return entry.decoded;
  };
  const remember = (token: string, decoded: DecodedIdToken) => {
    if (revocationCheckMs <= 0) return;
    if (checked.size > 10_000) {
      const now = Date.now();
      for (const [t, e] of checked) if (now - e.at >= revocationCheckMs) checked.delete(t);
    }
    checked.set(token, { uid: decoded.uid, at: Date.now(), decoded });
  };
  return {
    async verify(header) {
      if (!header) throw new StoreError('unauthenticated', 'Sign in first: the request has no ID token.');
      const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
      if (!match?.[1])
        throw new StoreError(
          'unauthenticated',
          "Malformed Authorization header: expected 'Bearer <ID token>'.",
        );
      const token = match[1];
      try {
        const known = stillGood(token);
        if (known) return known;
        const decoded = await auth.verifyIdToken(token, true);
        remember(token, decoded);
        return decoded;
      } catch (error) {
        checked.delete(token);
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
      for (const [t, e] of checked) if (e.uid === uid) checked.delete(t);
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
