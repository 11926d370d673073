/**
 * The body of each trigger: a few lines handing the event to a shared reaction. Event payloads
 * are used only to decide whether a reaction is called for (eventForWrite); the reactions re-read
 * the source themselves.
 */
import {
  deleteAccountData,
  eventForWrite,
  expireProjections,
  MAX_DEFERRALS,
  type PaceOptions,
  type PaceResult,
  type ReactionEnv,
  reactEngagement,
  reactUser,
  rollupBoards,
  socialEventForPath,
  sweepDeletedItems,
} from '@fit/shared/reactions/index';
import { isRecentSignIn } from '@fit/shared/recent-sign-in';
import type { DocData } from '@fit/shared/store';
import { DomainError, isTransient, otherAccount, requiresRecentLogin, toHttpsError } from './errors.ts';
import { reactionEnv, runtime } from './runtime.ts';

export type Outcome = 'ignored' | 'done' | 'failed-permanently';

/**
 * Runs a reaction; permanent failures are logged and swallowed (so retries end), transient ones
 * retried `attempts` times with backoff, then rethrown for the platform to retry.
 */
async function guarded(what: string, context: object, run: () => Promise<unknown>): Promise<Outcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      await run();
      return 'done';
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      if (isTransient(error)) {
        if (attempt >= runtime().attempts) throw error;
        runtime().log.warn(`${what} failed; trying again`, { ...context, attempt, error: message });
        await runtime().sleep(500 * 2 ** attempt);
        continue;
      }
      runtime().log.error(`${what} failed permanently; not retrying`, { ...context, error: message });
      return 'failed-permanently';
    }
  }
}

/**
 * Runs a paced reaction until it wrote all it had to, so that a burst writes each projection
 * document about once a second: an invocation that finds a document written under a second ago
 * waits out the gap and recomputes from the source, by when another may have written it all.
 * After MAX_DEFERRALS waits it writes unpaced: its event must reach the projections.
 */
async function paced(run: (env: ReactionEnv, opts: PaceOptions) => Promise<PaceResult>): Promise<void> {
  let coveredSince: number | undefined;
  for (let deferrals = 0; ; deferrals++) {
    const env = reactionEnv();
    coveredSince ??= env.now;
    const minGapMs = deferrals >= MAX_DEFERRALS ? 0 : runtime().minGapMs;
    const { retryAt } = await run(env, { minGapMs, coveredSince });
    if (retryAt === null) return;
    await runtime().sleep(Math.max(1, retryAt - env.now));
  }
}

/** A committed write of a source document (reps, posts, the profile). */
export async function onSourceWritten(
  path: string,
  before: DocData | null,
  after: DocData | null,
): Promise<Outcome> {
  const event = eventForWrite(path, before, after);
  if (!event) return 'ignored';
  return guarded('reaction', { path, kind: event.kind }, () =>
    paced((env, opts) => reactUser(env, event.uid, [event], opts)),
  );
}

/** A committed write of a kudos or a comment: the item's counts and the owner's notification. */
export async function onSocialWritten(path: string): Promise<Outcome> {
  const event = socialEventForPath(path);
  if (!event) return 'ignored';
  return guarded('engagement', { path }, () => paced((env, opts) => reactEngagement(env, event, opts)));
}

/**
 * The minute schedule: boards follow the current period keys; what is no longer shown expires;
 * deleted posts and activities past their grace period (Undo) lose their kudos and comments.
 */
export async function onRollup(): Promise<{ written: string[]; expired: number; swept: number }> {
  const env = reactionEnv();
  const { written } = await rollupBoards(env);
  const expired = await expireProjections(env);
  const swept = await sweepDeletedItems(env);
  return { written, expired, swept };
}

/**
 * The account-deletion callable: the account the page asks to delete must be the caller's, the
 * sign-in recent; then the cascade, then the auth user last.
 */
export async function onDeleteAccount(
  auth: { uid: string; token: { auth_time?: number } } | undefined,
  data: unknown,
): Promise<{ deleted: true }> {
  try {
    if (!auth?.uid) throw new DomainError('unauthenticated', 'You must be signed in to delete your account.');
    // No uid: a page cached before the uid was sent (its account is the caller's, as it always was).
    const uid = (data as { uid?: unknown } | null)?.uid ?? auth.uid;
    if (typeof uid !== 'string')
      throw new DomainError('invalid-argument', 'Say which account to delete: its uid.');
    // With two tabs, the account signed in at the call may not be the one this page was drawn for.
    if (uid !== auth.uid) throw otherAccount();
    if (!isRecentSignIn(auth.token.auth_time, runtime().now())) throw requiresRecentLogin();
    await deleteAccountData(reactionEnv(), auth.uid);
    await runtime().deleteAuthUser(auth.uid);
    return { deleted: true };
  } catch (error) {
    if (!(error instanceof DomainError))
      runtime().log.error('deleteAccount failed', { error: String(error) });
    throw toHttpsError(error);
  }
}

/** The v1 auth backstop: an auth user deleted by any means gets the same idempotent cascade. */
export async function onAuthUserDeleted(uid: string): Promise<Outcome> {
  return guarded('account cascade', { uid }, () => deleteAccountData(reactionEnv(), uid));
}
