/**
 * Helpers of the account tests: verified users (only verified accounts post and rank) and valid
 * documents to write.
 */
import { calorieUnits } from '@fit/shared/formulas';
import { DEMO_PROJECT_ID } from '@fit/shared/model';
import { authHost, signIn, signUp, type TestUser } from './helpers.ts';

/** Marks an account verified with the emulator's owner token (Node only). */
export async function markVerified(uid: string, host = authHost()): Promise<void> {
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/${DEMO_PROJECT_ID}/accounts:update`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, emailVerified: true }),
    },
  );
  if (!response.ok) throw new Error(`verifying ${uid} failed: ${await response.text()}`);
}

/** A new account with a verified email and a fresh token that says so. */
export async function verifiedUser(name: string): Promise<TestUser> {
  const user = await signUp(name);
  await markVerified(user.uid);
  return { ...user, idToken: await signIn(user) };
}

export function profile(user: Pick<TestUser, 'uid' | 'email'>, displayName: string): Record<string, unknown> {
  return { userId: user.uid, email: user.email, createdAt: Date.now(), displayName };
}

export function activity(minutes: number, timestamp = Date.now()): Record<string, unknown> {
  const doc = { activityType: 'Cycling', time: minutes, timestamp };
  return { ...doc, calorieUnits: calorieUnits(doc) };
}
