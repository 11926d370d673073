/**
 * The access policy of firestore.rules, for the local server (the access contract in
 * shared/testing/access-contract.ts holds both to the same table):
 *
 * - owner only: `users/{uid}` (read, create, update; deletion goes through the account-deletion
 *   endpoint), `users/{uid}/reps/*`, `users/{uid}/weightRecords/*`,
 *   `users/{uid}/preferences/{activities|goals}` (read and write);
 * - `users/{uid}/posts/*`: the owner creates, reads and deletes; nobody updates;
 * - signed-in users read `feedPosts`, `feedActivities` and `boards`; nobody reads `boardEntries`
 *   or `tombstones`; no client writes any projection;
 * - queries are judged by their constraints (the collection they name), never by what they return;
 *   collection-group queries are refused (no client needs one: the community page reads the feed);
 * - every client write is shape-checked with shared `validateDocument` against the server's time;
 * - activities, weights and posts are created or changed only by verified accounts (the token's
 *   `email_verified`, as `request.auth.token.email_verified` in the rules); profile and preferences
 *   are written before verification (sign-up), and one's own data may always be deleted;
 * - an owner whose account was deleted (a tombstone exists) writes nothing more, as in the rules'
 *   `canWrite`, even with a token that has not expired yet.
 *
 * Every refusal is a StoreError('permission-denied') with the reason; `update` of a missing
 * document stays 'not-found' (Firestore's order: the owner may learn that their own doc is gone).
 */

import { type SourceCollection, validateDocument } from '@fit/shared/documents';
import { isDocPath } from '@fit/shared/firestore/semantics';
import { type QuerySpec, StoreError, type WriteOp } from '@fit/shared/store';
import { MESSAGES } from '@fit/shared/validation';
import type { DocChange } from './sqlite-store.ts';

export interface Caller {
  uid: string;
  /** The ID token's `email_verified` claim (Google accounts are verified). */
  emailVerified: boolean;
}

/** Collections that feed the community (feeds, boards): written only by verified accounts. */
const VERIFIED_ONLY: ReadonlySet<string> = new Set(['reps', 'weightRecords', 'posts']);

type Target =
  | { kind: SourceCollection; uid: string }
  | { kind: 'otherPreference'; uid: string }
  /** `progress/{uid}`: a projection its owner reads (get only); written only by the reactions. */
  | { kind: 'progress'; uid: string }
  | { kind: 'feedPosts' | 'feedActivities' | 'boards' | 'boardEntries' | 'tombstones' }
  | { kind: 'unknown' };

const PUBLIC_PROJECTIONS = new Set(['feedPosts', 'feedActivities', 'boards']);
const HIDDEN_PROJECTIONS = new Set(['boardEntries', 'tombstones']);
const OWNER_SUBCOLLECTIONS: Record<string, SourceCollection> = {
  reps: 'reps',
  weightRecords: 'weightRecords',
  posts: 'posts',
};

/** What a document path is, by the pattern it matches. */
function targetOfDoc(path: string): Target {
  const s = path.split('/');
  if (s[0] === 'users') {
    const uid = s[1] as string;
    if (s.length === 2) return { kind: 'user', uid };
    if (s.length === 4) {
      const sub = OWNER_SUBCOLLECTIONS[s[2] as string];
      if (sub) return { kind: sub, uid };
      if (s[2] === 'preferences') {
        if (s[3] === 'activities') return { kind: 'activityPreferences', uid };
        if (s[3] === 'goals') return { kind: 'goal', uid };
        return { kind: 'otherPreference', uid };
      }
    }
    return { kind: 'unknown' };
  }
  if (s.length === 2 && s[0] === 'progress') return { kind: 'progress', uid: s[1] as string };
  if (s.length === 2 && (PUBLIC_PROJECTIONS.has(s[0] as string) || HIDDEN_PROJECTIONS.has(s[0] as string)))
    return { kind: s[0] as 'feedPosts' };
  return { kind: 'unknown' };
}

function deny(message: string): never {
  throw new StoreError('permission-denied', message);
}

function requireSignIn(caller: Caller | null, what: string): Caller {
  if (!caller) deny(`Missing or insufficient permissions: ${what} needs a signed-in user.`);
  return caller;
}

function describeKind(kind: Target['kind']): string {
  switch (kind) {
    case 'user':
      return 'a user profile';
    case 'activityPreferences':
      return 'activity preferences';
    case 'goal':
      return 'a daily goal';
    case 'otherPreference':
      return 'preferences';
    case 'progress':
      return 'progress';
    default:
      return kind;
  }
}

/** Read of one document (get, or a listen on a document). */
export function checkRead(caller: Caller | null, path: string): void {
  const target = targetOfDoc(path);
  const signed = requireSignIn(caller, `reading '${path}'`);
  switch (target.kind) {
    case 'feedPosts':
    case 'feedActivities':
    case 'boards':
      return;
    case 'boardEntries':
    case 'tombstones':
      deny(`Missing or insufficient permissions: ${target.kind} are server-only; no client reads them.`);
      break;
    case 'unknown':
      deny(`Missing or insufficient permissions: '${path}' is not a readable document.`);
      break;
    default:
      if (target.uid !== signed.uid)
        deny(
          `Missing or insufficient permissions: ${describeKind(target.kind)} of another user is private ('${path}').`,
        );
  }
}

/** A query (list, aggregate, listen) judged by its constraints: the collection it names. */
export function checkQuery(caller: Caller | null, spec: QuerySpec): void {
  const signed = requireSignIn(caller, `querying '${String(spec?.collection)}'`);
  if (!spec || typeof spec.collection !== 'string')
    throw new StoreError('invalid-argument', 'A query needs a collection.');
  if (spec.group)
    deny(
      `Missing or insufficient permissions: collection-group queries over '${spec.collection}' would read other users' documents; clients read the community feed instead.`,
    );
  const s = spec.collection.split('/');
  if (s.length === 1) {
    if (PUBLIC_PROJECTIONS.has(s[0] as string)) return;
    if (HIDDEN_PROJECTIONS.has(s[0] as string))
      deny(`Missing or insufficient permissions: ${s[0]} are server-only; no client reads them.`);
    deny(`Missing or insufficient permissions: clients cannot list '${spec.collection}'.`);
  }
  if (s.length === 3 && s[0] === 'users') {
    const sub = s[2] as string;
    if (!(sub in OWNER_SUBCOLLECTIONS) && sub !== 'preferences')
      deny(`Missing or insufficient permissions: '${spec.collection}' is not a readable collection.`);
    if (s[1] !== signed.uid)
      deny(
        `Missing or insufficient permissions: '${spec.collection}' belongs to another user; only its owner may read it.`,
      );
    return;
  }
  deny(`Missing or insufficient permissions: '${spec.collection}' is not a readable collection.`);
}

/**
 * First pass over a batch, before anything is read: may this caller write these paths at all?
 * (Refuses another user's path before revealing whether its documents exist.)
 */
export function checkWritePaths(caller: Caller | null, writes: readonly WriteOp[]): void {
  const signed = requireSignIn(caller, 'writing');
  for (const w of writes) {
    if (!w || typeof w.path !== 'string' || !isDocPath(w.path)) continue; // shape errors come from the store
    const target = targetOfDoc(w.path);
    if (target.kind === 'unknown' || target.kind === 'otherPreference')
      deny(`Missing or insufficient permissions: clients cannot write '${w.path}'.`);
    if (target.kind === 'progress')
      deny(
        `Missing or insufficient permissions: progress is written only by the server's reactions ('${w.path}').`,
      );
    if (!('uid' in target))
      deny(
        `Missing or insufficient permissions: ${target.kind} are written only by the server's reactions ('${w.path}').`,
      );
    if (target.uid !== signed.uid)
      deny(
        `Missing or insufficient permissions: '${w.path}' belongs to another user; a user writes only their own documents.`,
      );
    if (VERIFIED_ONLY.has(target.kind) && w.kind !== 'delete' && !signed.emailVerified)
      deny(`Missing or insufficient permissions: ${MESSAGES.verifyEmailToWrite}`);
  }
}

/**
 * Second pass, inside the write transaction, on what each document becomes: the writer's account
 * not deleted (`exists` reads the store in the same transaction), the operation allowed for its
 * kind, and its shape.
 */
export function checkChanges(
  caller: Caller,
  changes: readonly DocChange[],
  now: number,
  exists: (path: string) => boolean,
): void {
  if (changes.length > 0 && exists(`tombstones/${caller.uid}`))
    deny(
      'Missing or insufficient permissions: this account was deleted; it writes nothing more (sign up again to start over).',
    );
  for (const { path, before, after } of changes) {
    const target = targetOfDoc(path);
    if (
      !('uid' in target) ||
      target.kind === 'otherPreference' ||
      target.kind === 'progress' ||
      target.uid !== caller.uid
    )
      deny(`Missing or insufficient permissions: clients cannot write '${path}'.`);
    const kind = target.kind;
    const op = after === null ? 'delete' : before === null ? 'create' : 'update';
    if (op === 'delete') {
      if (kind === 'user')
        deny(
          `Missing or insufficient permissions: a profile is deleted only with the account (the deleteAccount endpoint), not directly ('${path}').`,
        );
      continue;
    }
    if (op === 'update' && kind === 'posts')
      deny(`Missing or insufficient permissions: posts cannot be edited once posted ('${path}').`);
    const result = validateDocument(kind, after as Record<string, unknown>, { uid: caller.uid, now, before });
    if (!result.ok)
      deny(`Missing or insufficient permissions: ${op} of ${describeKind(kind)} refused: ${result.message}`);
  }
}
