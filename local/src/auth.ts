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
  /** Deletes the auth user; from the call on, every token of `uid` is refused (no cache window). */
  deleteUser(uid: string): Promise<void>;
  /** Refuses every token of `uid` from now on (a user found deleted in the emulator). */
  forget(uid: string): void;
  /** Which of `uids` (at most 100) have no account in the emulator; throws when it cannot tell. */
  missingUsers(uids: readonly string[]): Promise<string[]>;
  /** Whether the emulator holds any account at all. */
  hasAnyAccount(): Promise<boolean>;
  close(): Promise<void>;
}

/** An ID token lives an hour: after that, a deleted user's tokens fail their expiry check anyway. */
const TOKEN_LIFETIME_MS = 3_600_000;

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
  // Users deleted here (or found deleted): refused before any cache or emulator check, so that a
  // check that was in flight during the deletion cannot put a token back in the cache.
  const gone = new Map<string, number>();
  const forget = (uid: string) => {
    const now = Date.now();
    for (const [u, at] of gone) if (now - at > TOKEN_LIFETIME_MS) gone.delete(u);
    gone.set(uid, now);
    for (const [t, e] of checked) if (e.uid === uid) checked.delete(t);
  };
  const refuseGone = (decoded: DecodedIdToken) => {
    if (gone.has(decoded.uid))
      throw new StoreError('unauthenticated', 'Unauthenticated: the user of this ID token no longer exists.');
    return decoded;
  };
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
        if (known) return refuseGone(known);
        const decoded = refuseGone(await auth.verifyIdToken(token, true));
        remember(token, decoded);
        return decoded;
      } catch (error) {
        if (error instanceof StoreError) throw error;
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
      forget(uid);
      try {
        await auth.deleteUser(uid);
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      }
    },
    forget,
    async missingUsers(uids) {
      if (uids.length === 0) return [];
      const result = await auth.getUsers(uids.map((uid) => ({ uid })));
      return result.notFound.map((id) => (id as { uid: string }).uid);
    },
    async hasAnyAccount() {
      return (await auth.listUsers(1)).users.length > 0;
    },
    async close() {
      await deleteApp(app);
    },
  };
}
