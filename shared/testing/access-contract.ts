/**
 * Who may do what to which document, as a table of self-contained cases run against firestore.rules
 * in the emulator (functions/test/rules.contract.test.ts); every denial must leave the documents as
 * they were. Times are relative to `now`, the server's clock: build the table right before running.
 */
import { findActivity } from '../src/catalogue.ts';
import { calorieUnits } from '../src/formulas.ts';
import { addDays, localDate } from '../src/periods.ts';
import type { DocData, QuerySpec } from '../src/store.ts';
import { LIMITS } from '../src/validation.ts';

export type ContractOp = 'get' | 'list' | 'create' | 'update' | 'delete';
export type Actor = 'owner' | 'other' | 'signedOut';

export interface ContractCase {
  /** Unique, readable: `<collection> <actor> <op>` or `<collection> bad shape: <what>`. */
  readonly name: string;
  /** The signed-in uid, or null for a signed-out request. */
  readonly auth: string | null;
  /** The caller's token has `email_verified: false` (default: verified). */
  readonly unverified?: true;
  /** The token's email (default `<uid>@example.com`); null: an account without one. */
  readonly email?: string | null;
  readonly op: ContractOp;
  /** Document path (get, create, update, delete) or collection path (list, unless `query` is set). */
  readonly path: string;
  readonly query?: QuerySpec;
  /** The whole document (create) or the patch, keys may be dotted field paths (update). */
  readonly data?: DocData;
  /** Documents put in place first with the rules bypassed. */
  readonly seed?: Readonly<Record<string, DocData>>;
  /** A denial is PERMISSION_DENIED, unless `denyCode` says otherwise. */
  readonly expect: 'allow' | 'deny';
  /** When a denial is not the rules' but Firestore's own request validation. */
  readonly denyCode?: 'invalid-argument';
}

export interface ContractParams {
  /** The uid that owns the private documents. */
  readonly owner: string;
  /** Another signed-in user. */
  readonly other: string;
  /** Epoch ms: the server's time when the cases run. */
  readonly now: number;
}

const MINUTE = 60_000;

function rep(
  activityType: string,
  fields: { count?: number; time?: number; weightLifted?: number },
  timestamp: number,
) {
  const doc: DocData = { activityType, ...fields, timestamp };
  doc.calorieUnits = calorieUnits({ activityType, ...fields });
  return doc;
}

/** One source collection: where its documents live and what valid documents look like. */
interface Collection {
  readonly label: string;
  /** Path of a document of `uid`. */
  readonly doc: (uid: string) => string;
  /** Collection path for list (null: a single-document path without a list). */
  readonly list: (uid: string) => string;
  /** A valid new document of `uid`. */
  readonly valid: (uid: string, now: number) => DocData;
  /** A valid update patch of an existing valid document. */
  readonly patch: (now: number) => DocData;
  readonly ownerMay: Readonly<Record<ContractOp, boolean>>;
}

const ALL = { get: true, list: true, create: true, update: true, delete: true } as const;

const SOURCES: readonly Collection[] = [
  {
    label: 'users/{uid}',
    doc: (uid) => `users/${uid}`,
    list: () => 'users',
    valid: (uid, now) => ({ userId: uid, email: `${uid}@example.com`, createdAt: now, displayName: 'Pat' }),
    patch: () => ({ displayName: 'Pat Renamed', height: 70, hideExerciseInfo: true }),
    // Listing `users` is a query over everyone's profiles: denied even to a user with a profile.
    // The profile is deleted with the account (deleteAccount endpoint / callable), never directly.
    ownerMay: { get: true, list: false, create: true, update: true, delete: false },
  },
  {
    label: 'users/{uid}/reps',
    doc: (uid) => `users/${uid}/reps/r1`,
    list: (uid) => `users/${uid}/reps`,
    valid: (_uid, now) => rep('Running', { time: 30 }, now),
    patch: () => ({ time: 45, calorieUnits: calorieUnits({ activityType: 'Running', time: 45 }) }),
    ownerMay: ALL,
  },
  {
    label: 'users/{uid}/weightRecords',
    doc: (uid) => `users/${uid}/weightRecords/w1`,
    list: (uid) => `users/${uid}/weightRecords`,
    valid: (_uid, now) => ({ weight: 180.5, timestamp: now }),
    patch: () => ({ weight: 178 }),
    ownerMay: ALL,
  },
  {
    label: 'users/{uid}/posts',
    doc: (uid) => `users/${uid}/posts/p1`,
    list: (uid) => `users/${uid}/posts`,
    valid: (_uid, now) => ({ message: 'Hello https://example.com', timestamp: now }),
    patch: () => ({ message: 'Edited' }),
    // Posts are never edited; their author may delete them (the feed reaction follows).
    ownerMay: { get: true, list: true, create: true, update: false, delete: true },
  },
  {
    label: 'users/{uid}/preferences/activities',
    doc: (uid) => `users/${uid}/preferences/activities`,
    list: (uid) => `users/${uid}/preferences`,
    valid: () => ({ activities: ['Running', 'Bench Press'] }),
    patch: () => ({ activities: [] }),
    ownerMay: ALL,
  },
  {
    label: 'users/{uid}/preferences/goals',
    doc: (uid) => `users/${uid}/preferences/goals`,
    list: (uid) => `users/${uid}/preferences`,
    valid: () => ({ target: '100', type: 'reps' }),
    patch: () => ({ target: '250', type: 'minutes' }),
    ownerMay: ALL,
  },
];

/** Projections and server-only documents: paths, a plausible document, who reads them. */
const SERVER_ONLY: readonly {
  label: string;
  doc: (owner: string) => string;
  /** The collection listed (a user's own, for a subcollection). */
  list: string | ((owner: string) => string);
  /** The query a list makes (rules are not filters: some collections are listed only so). */
  listQuery?: QuerySpec;
  data: (owner: string, now: number) => DocData;
  signedInRead: boolean;
  /** Only its owner may get it (never list): the private projections. */
  ownerGet?: boolean;
  /** Read one by one (get), never listed: the app names each document it shows. */
  getOnly?: boolean;
}[] = [
  {
    label: 'feedPosts',
    doc: (owner) => `feedPosts/${owner}_p1`,
    list: 'feedPosts',
    data: (owner, now) => ({ uid: owner, postId: 'p1', userName: 'Pat', message: 'Hi', timestamp: now }),
    signedInRead: true,
  },
  {
    label: 'feedActivities',
    doc: (owner) => `feedActivities/${owner}_r1`,
    list: 'feedActivities',
    data: (owner, now) => ({
      uid: owner,
      repId: 'r1',
      userName: 'Pat',
      activityType: 'Running',
      count: 0,
      time: 30,
      timestamp: now,
    }),
    signedInRead: true,
  },
  {
    label: 'boards',
    doc: () => 'boards/daily',
    list: 'boards',
    data: (_owner, now) => ({
      kind: 'daily',
      periodKey: 'd2026-01-01',
      timeZone: 'UTC',
      reps: [],
      minutes: [],
      calories: [],
      computedAt: now,
    }),
    signedInRead: true,
  },
  {
    label: 'boardEntries',
    doc: (owner) => `boardEntries/d2026-01-01_${owner}`,
    list: 'boardEntries',
    listQuery: { collection: 'boardEntries', where: [{ field: 'visible', op: '==', value: true }] },
    data: (owner, now) => ({
      uid: owner,
      periodKey: 'd2026-01-01',
      kind: 'daily',
      userName: 'Pat',
      reps: 10,
      minutes: 5,
      calories: 40,
      visible: true,
      asOf: now,
    }),
    // Visible entries: the Following boards rank the followed people's entries (hidden: below).
    signedInRead: true,
  },
  {
    label: 'people',
    doc: (owner) => `people/${owner}`,
    list: 'people',
    data: (owner, now) => ({
      uid: owner,
      userName: 'Pat',
      visible: true,
      followers: 2,
      following: 1,
      asOf: now,
    }),
    signedInRead: true,
    // Nothing lists people: a profile page gets its one card, hidden and unverified people's too.
    getOnly: true,
  },
  {
    label: 'progress',
    doc: (owner) => `progress/${owner}`,
    list: 'progress',
    data: (owner, now) => ({
      uid: owner,
      timeZone: 'UTC',
      records: { Running: { minutes: [30, now, 'r1'] } },
      years: { '2026': [1, 0, 1] },
      asOf: now,
    }),
    signedInRead: false,
    ownerGet: true,
  },
  {
    label: 'progress years',
    doc: (owner) => `progress/${owner}/years/2026`,
    list: (owner) => `progress/${owner}/years`,
    data: (owner, now) => ({ uid: owner, days: { '01-01': [30, 0, 2400, 1] }, asOf: now }),
    signedInRead: false,
    ownerGet: true,
  },
  {
    label: 'tombstones',
    doc: (owner) => `tombstones/${owner}`,
    list: 'tombstones',
    data: (owner, now) => ({ uid: owner, deletedAt: now }),
    signedInRead: false,
  },
  {
    // A deleted post or activity awaiting the rollup's sweep of its social data: reactions only.
    label: 'itemDeletions',
    doc: (owner) => `itemDeletions/feedPosts_${owner}_p1`,
    list: 'itemDeletions',
    data: (owner, now) => ({ feed: 'feedPosts', owner, id: 'p1', goneAt: now }),
    signedInRead: false,
  },
  {
    label: 'an undeclared collection',
    doc: (owner) => `admin/${owner}`,
    list: 'admin',
    data: () => ({ anything: true }),
    signedInRead: false,
  },
];

const OPS: readonly ContractOp[] = ['get', 'list', 'create', 'update', 'delete'];

export function accessContract({ owner, other, now }: ContractParams): ContractCase[] {
  const cases: ContractCase[] = [];
  const actors: readonly [Actor, string | null][] = [
    ['owner', owner],
    ['other', other],
    ['signedOut', null],
  ];

  // ---- the matrix: source collections ----
  for (const c of SOURCES) {
    const docPath = c.doc(owner);
    const existing = { [docPath]: c.valid(owner, now) };
    for (const [actor, auth] of actors) {
      for (const op of OPS) {
        const allowed = actor === 'owner' && c.ownerMay[op];
        const base = { name: `${c.label} ${actor} ${op}`, auth, expect: allowed ? 'allow' : 'deny' } as const;
        switch (op) {
          case 'get':
            cases.push({ ...base, op, path: docPath, seed: existing });
            break;
          case 'list':
            cases.push({ ...base, op, path: c.list(owner), seed: existing });
            break;
          case 'create':
            // The other user tries to create a document in the owner's path (another uid in the path).
            cases.push({ ...base, op, path: docPath, data: c.valid(owner, now) });
            break;
          case 'update':
            cases.push({ ...base, op, path: docPath, data: c.patch(now), seed: existing });
            break;
          case 'delete':
            cases.push({ ...base, op, path: docPath, seed: existing });
            break;
        }
      }
    }
  }

  // ---- the matrix: projections and server-only documents ----
  for (const p of SERVER_ONLY) {
    const docPath = p.doc(owner);
    const existing = { [docPath]: p.data(owner, now) };
    for (const [actor, auth] of actors) {
      for (const op of OPS) {
        const allowed =
          ((op === 'get' || (op === 'list' && p.getOnly !== true)) && p.signedInRead && auth !== null) ||
          (op === 'get' && p.ownerGet === true && actor === 'owner');
        const base = { name: `${p.label} ${actor} ${op}`, auth, expect: allowed ? 'allow' : 'deny' } as const;
        if (op === 'get' || op === 'delete') cases.push({ ...base, op, path: docPath, seed: existing });
        else if (op === 'list')
          cases.push({
            ...base,
            op,
            path: typeof p.list === 'string' ? p.list : p.list(owner),
            ...(p.listQuery ? { query: p.listQuery } : {}),
            seed: existing,
          });
        else if (op === 'create') cases.push({ ...base, op, path: docPath, data: p.data(owner, now) });
        else cases.push({ ...base, op, path: docPath, data: { reps: 1_000_000 }, seed: existing });
      }
    }
  }

  // ---- queries judged by their constraints ----
  const ownRep = { [`users/${owner}/reps/r1`]: rep('Running', { time: 30 }, now) };
  const q = (name: string, auth: string | null, query: QuerySpec, expect: 'allow' | 'deny', seed = ownRep) =>
    cases.push({ name: `query: ${name}`, auth, op: 'list', path: query.collection, query, expect, seed });
  q(
    "owner's recent 5 activities",
    owner,
    { collection: `users/${owner}/reps`, orderBy: [{ field: 'timestamp', direction: 'desc' }], limit: 5 },
    'allow',
  );
  q(
    "another user's recent activities",
    other,
    { collection: `users/${owner}/reps`, orderBy: [{ field: 'timestamp', direction: 'desc' }], limit: 5 },
    'deny',
  );
  q('collection group over reps (owner)', owner, { collection: 'reps', group: true }, 'deny');
  q('collection group over reps (other)', other, { collection: 'reps', group: true }, 'deny');
  q('collection group over posts', owner, { collection: 'posts', group: true }, 'deny');
  q(
    'newest 30 feed activities',
    other,
    { collection: 'feedActivities', orderBy: [{ field: 'timestamp', direction: 'desc' }], limit: 30 },
    'allow',
  );
  q(
    'newest 30 feed posts, signed out',
    null,
    { collection: 'feedPosts', orderBy: [{ field: 'timestamp', direction: 'desc' }], limit: 30 },
    'deny',
  );
  q(
    'board entries filtered to my own uid',
    owner,
    { collection: 'boardEntries', where: [{ field: 'uid', op: '==', value: owner }] },
    'deny',
  );
  q(
    'profiles filtered to my own userId',
    owner,
    { collection: 'users', where: [{ field: 'userId', op: '==', value: owner }] },
    'deny',
  );

  // ---- bad shapes: the owner writes their own documents ----
  const bad = (
    name: string,
    path: string,
    data: DocData,
    op: 'create' | 'update' = 'create',
    seed?: Record<string, DocData>,
    denyCode?: 'invalid-argument',
  ) =>
    cases.push({
      name: `bad shape: ${name}`,
      auth: owner,
      op,
      path,
      data,
      expect: 'deny',
      ...(seed ? { seed } : {}),
      ...(denyCode ? { denyCode } : {}),
    });
  const repPath = `users/${owner}/reps/bad`;
  const running = (fields: DocData) => ({ ...rep('Running', { time: 30 }, now), ...fields });
  bad('reps: time as a string', repPath, running({ time: '30' }));
  bad('reps: negative time', repPath, running({ time: -5 }));
  bad('reps: fractional time', repPath, running({ time: 2.5 }));
  bad('reps: zero time', repPath, running({ time: 0 }));
  bad('reps: time over a whole day', repPath, rep('Running', { time: 1441 }, now));
  bad('reps: count in the ten thousands', repPath, rep('Push Ups', { count: 10_001, time: 5 }, now));
  bad('reps: fractional count', repPath, rep('Push Ups', { count: 10.5, time: 5 }, now));
  bad('reps: negative count', repPath, rep('Push Ups', { count: -10, time: 5 }, now));
  bad(
    'reps: negative weight lifted',
    repPath,
    rep('Bench Press', { count: 10, time: 5, weightLifted: -20 }, now),
  );
  bad(
    'reps: weight lifted over the limit',
    repPath,
    rep('Bench Press', { count: 10, time: 5, weightLifted: 2001 }, now),
  );
  bad('reps: field the activity does not take', repPath, running({ weightLifted: 50 }));
  bad('reps: unknown field', repPath, running({ verified: true }));
  bad('reps: activity not in the catalogue', repPath, { ...running({}), activityType: 'Teleporting' });
  bad('reps: activity name not display-cased', repPath, { ...running({}), activityType: 'running' });
  bad('reps: wrong calorie units', repPath, running({ calorieUnits: 999_999 }));
  bad('reps: missing timestamp', repPath, (({ timestamp: _t, ...rest }) => rest)(running({})));
  bad('reps: timestamp a day ahead', repPath, running({ timestamp: now + 24 * 60 * MINUTE }));
  bad(
    'reps: timestamp a day behind on create, without loggedAt',
    repPath,
    running({ timestamp: now - 24 * 60 * MINUTE }),
  );
  bad('reps: timestamp as a string', repPath, running({ timestamp: String(now) }));
  bad(
    'reps: edit moves the timestamp into the future',
    `users/${owner}/reps/r1`,
    { timestamp: now + 60 * MINUTE },
    'update',
    ownRep,
  );
  bad('reps: edit breaks calorie units', `users/${owner}/reps/r1`, { time: 60 }, 'update', ownRep);
  // An id names the entry's feed item, counts and notifications (`{uid}_{id}`, `kudos_{feed}_{id}_{giver}`):
  // one Firestore accepts here could make those ids longer than its 1,500 bytes, and every reaction fail.
  bad('reps: an id too long for its feed item', `users/${owner}/reps/${'r'.repeat(1490)}`, running({}));
  bad('reps: an id with a space', `users/${owner}/reps/r 1`, running({}));

  const weightPath = `users/${owner}/weightRecords/bad`;
  bad('weight: negative', weightPath, { weight: -1, timestamp: now });
  bad('weight: zero', weightPath, { weight: 0, timestamp: now });
  bad('weight: a string', weightPath, { weight: '180', timestamp: now });
  bad('weight: over the limit', weightPath, { weight: LIMITS.maxBodyWeight + 1, timestamp: now });
  bad('weight: under the plausible minimum', weightPath, {
    weight: LIMITS.minBodyWeight - 0.1,
    timestamp: now,
  });
  bad('weight: unknown field', weightPath, { weight: 180, timestamp: now, bmi: 25 });
  bad('weight: timestamp far in the future', weightPath, {
    weight: 180,
    timestamp: now + 365 * 24 * 60 * MINUTE,
  });

  const postPath = `users/${owner}/posts/bad`;
  bad('post: empty message', postPath, { message: '', timestamp: now });
  bad('post: blank message', postPath, { message: '   ', timestamp: now });
  bad('post: message over the limit', postPath, {
    message: 'x'.repeat(LIMITS.maxPostLength + 1),
    timestamp: now,
  });
  bad('post: 1 MB message', postPath, { message: 'x'.repeat(1_000_000), timestamp: now });
  bad('post: message not a string', postPath, { message: 42, timestamp: now });
  bad('post: userName forged', postPath, { message: 'Hi', timestamp: now, userName: 'Admin' });
  bad('post: timestamp far in the future', postPath, { message: 'Hi', timestamp: now + 24 * 60 * MINUTE });
  bad('post: an id too long for its feed item', `users/${owner}/posts/${'p'.repeat(1490)}`, {
    message: 'Hi',
    timestamp: now,
  });
  bad('post: an id with a slash-like character', `users/${owner}/posts/p\u22151`, {
    message: 'Hi',
    timestamp: now,
  });

  const userPath = `users/${owner}`;
  const profile = { userId: owner, email: `${owner}@example.com`, createdAt: now, displayName: 'Pat' };
  const existingProfile = { [userPath]: profile };
  bad("profile: another user's uid as userId", userPath, { ...profile, userId: other });
  bad('profile: unknown field', userPath, { ...profile, isAdmin: true });
  bad('profile: negative height', userPath, { ...profile, height: -70 });
  bad('profile: height as a string', userPath, { ...profile, height: '70' });
  bad('profile: unknown gender', userPath, { ...profile, gender: 'Other' });
  // An unchosen gender is an absent field, never an empty or null one.
  bad('profile: gender empty', userPath, { ...profile, gender: '' });
  bad('profile: gender null', userPath, { ...profile, gender: null });
  bad('profile: gender emptied on update', userPath, { gender: '' }, 'update', existingProfile);
  bad('profile: time zone with spaces and quotes', userPath, { ...profile, timeZone: "Europe/Berlin' or 1" });
  bad('profile: time zone over 64 characters', userPath, { ...profile, timeZone: `A/${'b'.repeat(63)}` });
  bad('profile: time zone not a string', userPath, { ...profile, timeZone: 60 });
  bad('profile: display name too long', userPath, {
    ...profile,
    displayName: 'x'.repeat(LIMITS.maxNameLength + 1),
  });
  bad('profile: impossible date of birth', userPath, { ...profile, dateOfBirth: '2020-13-45' });
  bad('profile: current weight over the limit', userPath, { ...profile, currentWeight: 99_999 });
  // Plausible body measures on the stored (lbs, inches) values, whatever the browser.
  bad('profile: height 1.8 (metres typed as inches)', userPath, { ...profile, height: 1.8 });
  bad('profile: height 180 (centimetres typed as inches)', userPath, { ...profile, height: 180 });
  bad('profile: target weight 10 lbs', userPath, { ...profile, targetWeight: 10 });
  bad('profile: current weight 1,101 lbs', userPath, { ...profile, currentWeight: 1101 });
  bad('profile: height 1.8 on update', userPath, { height: 1.8 }, 'update', existingProfile);
  bad('profile: unknown unit system', userPath, { ...profile, unitSystem: 'stones' });
  bad('profile: unit system not a string', userPath, { ...profile, unitSystem: 1 });
  bad('profile: hideExerciseInfo not a boolean', userPath, { ...profile, hideExerciseInfo: 'yes' });
  bad('profile: createdAt far in the future', userPath, { ...profile, createdAt: now + 24 * 60 * MINUTE });
  bad('profile: email changed', userPath, { email: 'someone-else@example.com' }, 'update', existingProfile);
  bad('profile: createdAt changed', userPath, { createdAt: now - 60 * MINUTE }, 'update', existingProfile);
  bad('profile: userId changed', userPath, { userId: other }, 'update', existingProfile);
  // A profile a weigh-in made first (its sign-up write failed) has no identity fields: the next
  // profile save fills them (web/src/data/profile.ts), as a sign-up would have: its own uid, now.
  const weighInProfile = { [userPath]: { currentWeight: 180 } };
  bad(
    "profile a weigh-in made: identity filled with another's uid",
    userPath,
    { ...profile, userId: other },
    'update',
    weighInProfile,
  );
  bad(
    'profile a weigh-in made: identity filled with createdAt an hour back',
    userPath,
    { ...profile, createdAt: now - 60 * MINUTE },
    'update',
    weighInProfile,
  );

  // The profile's email is the sign-in's (the token's) when first set, then immutable.
  bad("profile: created with an address not the sign-in's", userPath, {
    ...profile,
    email: 'boss@example.com',
  });
  bad(
    "profile a weigh-in made: email filled with an address not the sign-in's",
    userPath,
    { email: 'boss@example.com' },
    'update',
    weighInProfile,
  );
  cases.push({
    name: 'bad shape: profile: an email set by an account that has none',
    auth: owner,
    email: null,
    op: 'create',
    path: userPath,
    data: profile,
    expect: 'deny',
  });

  const goalPath = `users/${owner}/preferences/goals`;
  bad('goal: target zero', goalPath, { target: '0', type: 'reps' });
  bad('goal: target not digits', goalPath, { target: 'abc', type: 'reps' });
  bad('goal: target a number, not text', goalPath, { target: 100, type: 'reps' });
  bad('goal: target fractional', goalPath, { target: '2.5', type: 'reps' });
  bad('goal: unknown type', goalPath, { target: '100', type: 'steps' });
  bad('goal: unknown field', goalPath, { target: '100', type: 'reps', streak: 3 });

  const prefsPath = `users/${owner}/preferences/activities`;
  bad('activity preferences: unknown activity', prefsPath, { activities: ['Teleporting'] });
  bad('activity preferences: not a list', prefsPath, { activities: 'Running' });
  bad('undeclared preference document', `users/${owner}/preferences/theme`, { dark: true });
  bad('document nested under an activity', `users/${owner}/reps/r1/notes/n1`, { text: 'hi' });

  // ---- good shapes that border the bad ones ----
  cases.push({
    name: 'profile: the browser time zone is saved',
    auth: owner,
    op: 'update',
    path: userPath,
    data: { timeZone: 'America/Argentina/Buenos_Aires' },
    seed: existingProfile,
    expect: 'allow',
  });

  const goodProfile = (name: string, data: DocData) =>
    cases.push({
      name: `profile: ${name}`,
      auth: owner,
      op: 'update',
      path: userPath,
      data,
      seed: existingProfile,
      expect: 'allow',
    });
  goodProfile('metric units chosen', { unitSystem: 'metric' });
  goodProfile('imperial units chosen', { unitSystem: 'imperial' });
  // The first run: name, units and gender in one write; a gender may stay unchosen (absent).
  goodProfile('first run: name, units and gender', {
    displayName: 'Pat',
    unitSystem: 'metric',
    gender: 'Female',
  });
  goodProfile('first run: name and units, gender left unchosen', {
    displayName: 'Pat',
    unitSystem: 'imperial',
  });
  // 180 cm and 80 kg as the browser stores them; the plausible edges; 0 still means unknown.
  goodProfile('180 cm and 80 kg, stored in inches and lbs', { height: 70.87, targetWeight: 176.37 });
  goodProfile('height and weight at the plausible edges', {
    height: LIMITS.minHeight,
    currentWeight: LIMITS.maxBodyWeight,
    targetWeight: LIMITS.minBodyWeight,
  });
  goodProfile('height cleared to 0 (unknown)', { height: 0, targetWeight: 0 });
  cases.push({
    name: 'profile: a height stored before the ranges (1.8) does not block saving the weight',
    auth: owner,
    op: 'update',
    path: userPath,
    data: { currentWeight: 180, targetWeight: 170 },
    seed: { [userPath]: { ...profile, height: 1.8, targetWeight: 10 } },
    expect: 'allow',
  });

  cases.push({
    name: 'profile: one a weigh-in made gets its identity fields on its next save',
    auth: owner,
    op: 'update',
    path: userPath,
    data: profile,
    seed: weighInProfile,
    expect: 'allow',
  });

  cases.push({
    name: 'profile: an account without an email creates one without it',
    auth: owner,
    email: null,
    op: 'create',
    path: userPath,
    data: { userId: owner, createdAt: now, displayName: '' },
    expect: 'allow',
  });
  // An address stored before the rule held it to the token stays, and blocks nothing else.
  cases.push({
    name: 'profile: an email stored before does not block saving the name',
    auth: owner,
    op: 'update',
    path: userPath,
    data: { displayName: 'Sam' },
    seed: { [userPath]: { ...profile, email: 'old-address@example.com' } },
    expect: 'allow',
  });

  hardeningCases(cases, { owner, other, now });
  followCases(cases, { owner, other, now });

  // ---- imports: a past time is accepted on create only with `importedAt` near the server's time ----
  const DAY = 24 * 60 * MINUTE;
  const imported = (name: string, path: string, data: DocData, expect: 'allow' | 'deny') =>
    cases.push({ name: `import: ${name}`, auth: owner, op: 'create', path, data, expect });
  const pastRun = { ...rep('Running', { time: 30 }, now - 400 * DAY), importedAt: now };
  imported('activity a year ago, imported now', `users/${owner}/reps/imp1`, pastRun, 'allow');
  imported(
    'weight a month ago, imported now',
    `users/${owner}/weightRecords/imp1`,
    { weight: 180, timestamp: now - 30 * DAY, importedAt: now },
    'allow',
  );
  imported(
    'post a week ago, imported now',
    `users/${owner}/posts/imp1`,
    { message: 'Back then', timestamp: now - 7 * DAY, importedAt: now },
    'allow',
  );
  imported(
    'importedAt a day behind (not a time written now)',
    `users/${owner}/reps/imp2`,
    { ...pastRun, importedAt: now - DAY },
    'deny',
  );
  imported(
    'importedAt a day ahead',
    `users/${owner}/reps/imp2`,
    { ...pastRun, importedAt: now + DAY },
    'deny',
  );
  imported(
    'importedAt as a string',
    `users/${owner}/reps/imp2`,
    { ...pastRun, importedAt: String(now) },
    'deny',
  );
  imported(
    'imported activity dated a day ahead',
    `users/${owner}/reps/imp2`,
    { ...rep('Running', { time: 30 }, now + DAY), importedAt: now },
    'deny',
  );
  // Back to 2000 and no further: a day's margin, so that every zone's 1 January 2000 passes.
  imported(
    'activity on the morning of 1 January 2000 in Tokyo',
    `users/${owner}/reps/imp3`,
    { ...rep('Running', { time: 30 }, Date.UTC(1999, 11, 31, 16)), importedAt: now },
    'allow',
  );
  imported(
    'activity dated 1970 (a clock never set)',
    `users/${owner}/reps/imp4`,
    { ...rep('Running', { time: 30 }, 0), importedAt: now },
    'deny',
  );
  imported(
    'weight dated 1999',
    `users/${owner}/weightRecords/imp3`,
    { weight: 180, timestamp: Date.UTC(1999, 5, 1), importedAt: now },
    'deny',
  );
  imported(
    'post dated 1990',
    `users/${owner}/posts/imp3`,
    { message: 'Back then', timestamp: Date.UTC(1990, 0, 1), importedAt: now },
    'deny',
  );
  imported(
    'imported weight with a wrong shape still refused',
    `users/${owner}/weightRecords/imp2`,
    { weight: -1, timestamp: now - DAY, importedAt: now },
    'deny',
  );

  datedEntryCases(cases, { owner, other, now });
  distanceCases(cases, { owner, other, now });
  setsCases(cases, { owner, other, now });
  undoCases(cases, { owner, other, now });
  return cases;
}

/**
 * A distance in whole metres, only on an activity that covers ground, within its limit
 * and its top speed over the entry's minutes (catalogue.ts DISTANCE_LIMITS); each denial is read
 * back by the runner (nothing written).
 */
function distanceCases(cases: ContractCase[], { owner, other, now }: ContractParams): void {
  const path = `users/${owner}/reps/dist`;
  const running = findActivity('Running')?.distance;
  if (!running) throw new Error('Running covers ground');
  const run = (time: number, distance: unknown) => ({ ...rep('Running', { time }, now), distance });
  const seed = { [path]: run(25, 5000) };
  const add = (
    name: string,
    op: 'create' | 'update',
    data: DocData,
    expect: 'allow' | 'deny',
    auth = owner,
  ) =>
    cases.push({
      name: `distance: ${name}`,
      auth,
      op,
      path,
      data,
      expect,
      ...(op === 'update' ? { seed } : {}),
    });
  add('a 5 km run in 25 minutes', 'create', run(25, 5000), 'allow');
  add(
    'a run at its distance limit, at its top speed',
    'create',
    run(Math.ceil(running.metres / running.metresPerMinute), running.metres),
    'allow',
  );
  add('over the limit', 'create', run(360, running.metres + 1), 'deny');
  add('faster than the top speed', 'create', run(1, running.metresPerMinute + 1), 'deny');
  add('42 km in 1 minute', 'create', run(1, 42_195), 'deny');
  add('zero', 'create', run(25, 0), 'deny');
  add('negative', 'create', run(25, -5000), 'deny');
  add('a fraction of a metre', 'create', run(25, 5000.5), 'deny');
  add('as text', 'create', run(25, '5000'), 'deny');
  add('huge (2^53 - 1)', 'create', run(25, Number.MAX_SAFE_INTEGER), 'deny');
  add('with an extra key', 'create', { ...run(25, 5000), pace: 300 }, 'deny');
  add(
    'on an activity that covers no ground (Yoga)',
    'create',
    {
      ...rep('Yoga', { time: 30 }, now),
      distance: 1000,
    },
    'deny',
  );
  add(
    'on Stationary Bike (goes nowhere)',
    'create',
    { ...rep('Stationary Bike', { time: 30 }, now), distance: 10_000 },
    'deny',
  );
  add('by another user', 'create', run(25, 5000), 'deny', other);
  add('an edit to 10 km', 'update', { distance: 10_000 }, 'allow');
  add('an edit past the top speed', 'update', { distance: 20_000 }, 'deny');
  add(
    'an edit that shortens the time below the pace',
    'update',
    {
      time: 5,
      calorieUnits: calorieUnits({ activityType: 'Running', time: 5 }),
    },
    'deny',
  );
}

/**
 * Sets of a strength entry, reps summed into `count` and the heaviest load as
 * `weightLifted` (shared/src/sets.ts); each denial is read back by the runner (nothing written).
 */
function setsCases(cases: ContractCase[], { owner, other, now }: ContractParams): void {
  const path = `users/${owner}/reps/sets`;
  const bench = (sets: unknown, count: number, weightLifted: number, extra: DocData = {}) => ({
    ...rep('Bench Press', { count, time: 15, weightLifted }, now),
    sets,
    ...extra,
  });
  const three = [
    { reps: 8, weight: 135 },
    { reps: 6, weight: 155 },
    { reps: 5, weight: 155 },
  ];
  const seed = { [path]: bench(three, 19, 155) };
  const add = (
    name: string,
    op: 'create' | 'update',
    data: DocData,
    expect: 'allow' | 'deny',
    auth = owner,
  ) =>
    cases.push({ name: `sets: ${name}`, auth, op, path, data, expect, ...(op === 'update' ? { seed } : {}) });
  const many = (n: number) => Array.from({ length: n }, () => ({ reps: 1, weight: 100 }));
  add('three sets, reps summed, heaviest load', 'create', bench(three, 19, 155), 'allow');
  add('one set in kg (a decimal load)', 'create', bench([{ reps: 5, weight: 220.46 }], 5, 220.46), 'allow');
  add('20 sets (the most)', 'create', bench(many(LIMITS.maxSets), LIMITS.maxSets, 100), 'allow');
  add('21 sets', 'create', bench(many(LIMITS.maxSets + 1), LIMITS.maxSets + 1, 100), 'deny');
  add('no sets (an empty list)', 'create', bench([], 19, 155), 'deny');
  add('without reps', 'create', { ...bench(three, 19, 155), count: null }, 'deny');
  add('without weight lifted', 'create', bench(three, 19, 155, { weightLifted: null }), 'deny');
  add('as text', 'create', bench('8x135, 6x155', 14, 155), 'deny');
  add('sets as a map', 'create', bench({ 0: { reps: 5, weight: 155 } }, 5, 155), 'deny');
  add(
    'over the load limit (Bench Press 800 lbs)',
    'create',
    bench([{ reps: 1, weight: 801 }], 1, 801),
    'deny',
  );
  add(
    'on an activity without a load (Push Ups)',
    'create',
    { ...rep('Push Ups', { count: 10, time: 5 }, now), sets: [{ reps: 10, weight: 0 }] },
    'deny',
  );
  add(
    'on Leg Curl (reps and load, no minutes)',
    'create',
    {
      ...rep('Leg Curl', { count: 24, weightLifted: 90 }, now),
      sets: [
        { reps: 12, weight: 80 },
        { reps: 12, weight: 90 },
      ],
    },
    'allow',
  );
  add('by another user', 'create', bench(three, 19, 155), 'deny', other);
  add(
    'an edit that adds a set',
    'update',
    {
      sets: [...three, { reps: 4, weight: 165 }],
      count: 23,
      weightLifted: 165,
      calorieUnits: calorieUnits({ activityType: 'Bench Press', time: 15, weightLifted: 165 }),
    },
    'allow',
  );
  add(
    '20 sets, imported (the costliest path: every time check)',
    'create',
    bench(many(LIMITS.maxSets), LIMITS.maxSets, 100, { loggedAt: now, importedAt: now }),
    'allow',
  );
  add(
    'an edit to 21 sets',
    'update',
    { sets: many(LIMITS.maxSets + 1), count: 21, weightLifted: 100 },
    'deny',
  );
  // A set's own shape, and reps and weight lifted agreeing with the sets, are not the rules'
  // (their 1000-expression budget): readers ignore such sets (sets.ts consistentSets).
}

/**
 * Undo puts a deleted entry back under its id as a new document: a past time with its
 * `loggedAt`, an imported one with a fresh `importedAt`.
 */
function undoCases(cases: ContractCase[], { owner, now }: ContractParams): void {
  const DAY = 24 * 60 * MINUTE;
  const entry = { ...rep('Running', { time: 30 }, now - 3 * DAY), distance: 6000 };
  const put = (name: string, path: string, data: DocData, expect: 'allow' | 'deny') =>
    cases.push({ name: `undo a delete: ${name}`, auth: owner, op: 'create', path, data, expect });
  put(
    'an activity with its loggedAt',
    `users/${owner}/reps/u1`,
    { ...entry, loggedAt: now - 3 * DAY },
    'allow',
  );
  put('an activity logged again now', `users/${owner}/reps/u2`, { ...entry, loggedAt: now }, 'allow');
  put('an activity without loggedAt', `users/${owner}/reps/u3`, entry, 'deny');
  put(
    'an import of two years ago, imported again now',
    `users/${owner}/reps/u4`,
    { ...entry, timestamp: now - 730 * DAY, importedAt: now, loggedAt: now },
    'allow',
  );
  // Logged over a year ago (not imported): its own loggedAt and date are past the limit, so Undo
  // writes it back as the rules take an old date, with loggedAt and importedAt now.
  put(
    'an entry of 400 days ago with its own loggedAt',
    `users/${owner}/reps/u7`,
    { ...entry, timestamp: now - 400 * DAY, loggedAt: now - 400 * DAY },
    'deny',
  );
  put(
    'an entry of 400 days ago, loggedAt and importedAt now',
    `users/${owner}/reps/u8`,
    { ...entry, timestamp: now - 400 * DAY, loggedAt: now, importedAt: now },
    'allow',
  );
  put(
    'an import with its old importedAt',
    `users/${owner}/reps/u5`,
    { ...entry, timestamp: now - 730 * DAY, importedAt: now - 3 * DAY, loggedAt: now },
    'deny',
  );
  put(
    'a weigh-in with its loggedAt',
    `users/${owner}/weightRecords/u6`,
    { weight: 180, timestamp: now - 3 * DAY, loggedAt: now - 3 * DAY },
    'allow',
  );
}

/**
 * An activity or weigh-in may be dated back up to LIMITS.maxBackdateMs, on create (with
 * `loggedAt`, when it was logged on the device: set once, up to the same limit back, so that an
 * entry logged offline is accepted when it arrives late) and on edit, never ahead of the server's
 * time beyond the clock slack.
 */
function datedEntryCases(cases: ContractCase[], { owner, now }: ContractParams): void {
  const DAY = 24 * 60 * MINUTE;
  const runPath = `users/${owner}/reps/dated`;
  const weighPath = `users/${owner}/weightRecords/dated`;
  const run = (timestamp: number, extra: DocData = {}) => ({
    ...rep('Running', { time: 30 }, timestamp),
    ...extra,
  });
  const dated = (
    name: string,
    op: 'create' | 'update',
    path: string,
    data: DocData,
    expect: 'allow' | 'deny',
    seed?: Record<string, DocData>,
  ) => cases.push({ name: `dated: ${name}`, auth: owner, op, path, data, expect, ...(seed ? { seed } : {}) });
  const loggedNow = { loggedAt: now };
  dated('activity logged for yesterday', 'create', runPath, run(now - DAY, loggedNow), 'allow');
  dated('activity logged 365 days back', 'create', runPath, run(now - 365 * DAY, loggedNow), 'allow');
  dated('activity logged now, with loggedAt', 'create', runPath, run(now, loggedNow), 'allow');
  dated('activity a minute ahead (clock slack)', 'create', runPath, run(now + MINUTE, loggedNow), 'allow');
  dated(
    'weigh-in logged for last week',
    'create',
    weighPath,
    { weight: 180, timestamp: now - 7 * DAY, ...loggedNow },
    'allow',
  );
  dated('activity logged 400 days back', 'create', runPath, run(now - 400 * DAY, loggedNow), 'deny');
  dated('activity logged an hour ahead', 'create', runPath, run(now + 60 * MINUTE, loggedNow), 'deny');
  dated(
    'weigh-in logged a day ahead',
    'create',
    weighPath,
    { weight: 180, timestamp: now + DAY, ...loggedNow },
    'deny',
  );
  dated(
    'weigh-in dated last week without loggedAt',
    'create',
    weighPath,
    { weight: 180, timestamp: now - 7 * DAY },
    'deny',
  );
  dated(
    'logged offline a day ago, arriving now (timestamp and loggedAt a day behind)',
    'create',
    runPath,
    run(now - DAY, { loggedAt: now - DAY }),
    'allow',
  );
  dated(
    'weigh-in logged offline an hour ago, arriving now',
    'create',
    weighPath,
    { weight: 180, timestamp: now - 60 * MINUTE, loggedAt: now - 60 * MINUTE },
    'allow',
  );
  dated('loggedAt 367 days behind', 'create', runPath, run(now - DAY, { loggedAt: now - 367 * DAY }), 'deny');
  dated('loggedAt an hour ahead', 'create', runPath, run(now, { loggedAt: now + 60 * MINUTE }), 'deny');
  dated('loggedAt as a string', 'create', runPath, run(now - DAY, { loggedAt: String(now) }), 'deny');

  // Edits: the stored run was logged a while ago.
  const stored = { [runPath]: run(now - 2 * DAY, { loggedAt: now - 2 * DAY }) };
  const storedWeigh = { [weighPath]: { weight: 180, timestamp: now - DAY, loggedAt: now - DAY } };
  dated(
    'edit moves an activity to 10 days back',
    'update',
    runPath,
    { timestamp: now - 10 * DAY },
    'allow',
    stored,
  );
  dated('edit moves an activity to now', 'update', runPath, { timestamp: now }, 'allow', stored);
  dated(
    'edit keeps an old loggedAt',
    'update',
    runPath,
    { time: 40, calorieUnits: rep('Running', { time: 40 }, 0).calorieUnits },
    'allow',
    stored,
  );
  dated(
    'edit moves an activity 400 days back',
    'update',
    runPath,
    { timestamp: now - 400 * DAY },
    'deny',
    stored,
  );
  dated('edit moves an activity a day ahead', 'update', runPath, { timestamp: now + DAY }, 'deny', stored);
  dated('edit backdates loggedAt', 'update', runPath, { loggedAt: now - 30 * DAY }, 'deny', stored);
  dated('edit sets loggedAt to now', 'update', runPath, { loggedAt: now }, 'deny', stored);
  dated(
    'edit moves a weigh-in to last month',
    'update',
    weighPath,
    { timestamp: now - 30 * DAY },
    'allow',
    storedWeigh,
  );
  dated('edit moves a weigh-in ahead', 'update', weighPath, { timestamp: now + DAY }, 'deny', storedWeigh);
  // An entry older than the limit (imported, or stored before it) stays editable where it is.
  const ancient = { [runPath]: run(now - 500 * DAY) };
  dated(
    'edit of an entry older than the limit that keeps its time',
    'update',
    runPath,
    { time: 45, calorieUnits: rep('Running', { time: 45 }, 0).calorieUnits },
    'allow',
    ancient,
  );
}

const limitOf = (name: string) => {
  const a = findActivity(name);
  if (!a) throw new Error(`${name} is not in the catalogue`);
  return a.limits;
};

/** Hardening: limits per activity, verified writers, server-side form rules, tombstones. */
function hardeningCases(cases: ContractCase[], { owner, other, now }: ContractParams): void {
  const unverifiedToken = { unverified: true } as const;
  const add = (c: Omit<ContractCase, 'auth'> & { auth?: string | null }) => cases.push({ auth: owner, ...c });
  const create = (name: string, path: string, data: DocData, expect: 'allow' | 'deny', extra = {}) =>
    add({ name, op: 'create', path, data, expect, ...extra });
  const repPath = `users/${owner}/reps/h1`;
  const userPath = `users/${owner}`;
  const postPath = `users/${owner}/posts/h1`;
  const profile = { userId: owner, email: `${owner}@example.com`, createdAt: now, displayName: 'Pat' };

  // ---- per-activity limits (catalogue.ts): at the limit passes, one over is refused ----
  const bench = limitOf('Bench Press');
  const childsPose = limitOf('Childs Pose');
  const pushUps = limitOf('Push Ups');
  const sprint = limitOf('Sprinting');
  create(
    'limits: Bench Press at every limit',
    repPath,
    rep('Bench Press', { count: bench.reps, time: bench.minutes, weightLifted: bench.weightLifted }, now),
    'allow',
  );
  create(
    'limits: Bench Press over its reps',
    repPath,
    rep('Bench Press', { count: bench.reps + 1, time: 30, weightLifted: 135 }, now),
    'deny',
  );
  create(
    'limits: Bench Press over its minutes',
    repPath,
    rep('Bench Press', { count: 10, time: bench.minutes + 1, weightLifted: 135 }, now),
    'deny',
  );
  create(
    'limits: Bench Press over its load',
    repPath,
    rep('Bench Press', { count: 5, time: 10, weightLifted: bench.weightLifted + 0.5 }, now),
    'deny',
  );
  create(
    'limits: Childs Pose at its minutes',
    repPath,
    rep('Childs Pose', { time: childsPose.minutes }, now),
    'allow',
  );
  create(
    'limits: Childs Pose over its minutes',
    repPath,
    rep('Childs Pose', { time: childsPose.minutes + 1 }, now),
    'deny',
  );
  create(
    'limits: Sprinting over its minutes',
    repPath,
    rep('Sprinting', { time: sprint.minutes + 1 }, now),
    'deny',
  );
  create(
    'limits: Push Ups over its reps',
    repPath,
    rep('Push Ups', { count: pushUps.reps + 1, time: 20 }, now),
    'deny',
  );
  create(
    'limits: Leg Curl (no time) over its load',
    repPath,
    rep('Leg Curl', { count: 10, weightLifted: limitOf('Leg Curl').weightLifted + 1 }, now),
    'deny',
  );
  add({
    name: 'limits: an edit past the limit',
    op: 'update',
    path: `users/${owner}/reps/r1`,
    data: { time: 200, calorieUnits: calorieUnits({ activityType: 'Childs Pose', time: 200 }) },
    seed: { [`users/${owner}/reps/r1`]: rep('Childs Pose', { time: 10 }, now) },
    expect: 'deny',
  });

  // ---- a post sent again (the SDK resends a write whose acknowledgement was lost): the copy as
  // stored is accepted, so the post is not reported as refused; any change is an edit, refused ----
  const sent = { message: 'Hello', timestamp: now - 2 * MINUTE };
  const resend = (name: string, data: DocData, expect: 'allow' | 'deny', extra = {}) =>
    add({
      name: `post sent again: ${name}`,
      op: 'update',
      path: postPath,
      data,
      seed: { [postPath]: sent },
      expect,
      ...extra,
    });
  resend('as stored', sent, 'allow');
  resend('as stored, unverified token', sent, 'allow', unverifiedToken);
  resend('with another message', { ...sent, message: 'Hello!' }, 'deny');
  resend('with another time', { ...sent, timestamp: now }, 'deny');
  resend('with a field more', { ...sent, importedAt: now }, 'deny');
  resend('by another user', sent, 'deny', { auth: other });

  // ---- verified accounts only write what reaches the community ----
  const unverified = { unverified: true } as const;
  create('unverified: logs an activity', repPath, rep('Running', { time: 30 }, now), 'deny', unverified);
  create(
    'unverified: logs a weight',
    `users/${owner}/weightRecords/h1`,
    { weight: 180, timestamp: now },
    'deny',
    unverified,
  );
  create('unverified: posts', postPath, { message: 'Hello', timestamp: now }, 'deny', unverified);
  add({
    name: 'unverified: edits an activity',
    op: 'update',
    path: `users/${owner}/reps/r1`,
    data: { time: 45, calorieUnits: calorieUnits({ activityType: 'Running', time: 45 }) },
    seed: { [`users/${owner}/reps/r1`]: rep('Running', { time: 30 }, now) },
    expect: 'deny',
    ...unverified,
  });
  // Sign-up writes the profile before verification; one's own data may always be deleted.
  create(
    'unverified: creates the sign-up profile',
    userPath,
    { ...profile, displayName: '' },
    'allow',
    unverified,
  );
  create(
    'unverified: saves a goal',
    `users/${owner}/preferences/goals`,
    { target: '30', type: 'minutes' },
    'allow',
    unverified,
  );
  create(
    'unverified: saves activity preferences',
    `users/${owner}/preferences/activities`,
    { activities: [] },
    'allow',
    unverified,
  );
  add({
    name: 'unverified: deletes an own activity',
    op: 'delete',
    path: `users/${owner}/reps/r1`,
    seed: { [`users/${owner}/reps/r1`]: rep('Running', { time: 30 }, now) },
    expect: 'allow',
    ...unverified,
  });

  // ---- the spec's form rules, on the server ----
  const blanks: [string, string][] = [
    ['ideographic spaces', '\u3000\u3000'],
    ['zero-width characters', '\u200b\u200c\u200d\u2060\ufeff'],
    ['no-break spaces and a newline', '\u00a0\n\u00a0'],
    ['a Hangul filler', '\u3164'],
    // Default-ignorable code points beyond those: drawn as nothing too.
    ['an Arabic letter mark and variation selectors', '\u061c\ufe0e\ufe0f'],
    ['tag characters', '\u{E0041}\u{E0042}\u{E0020}'],
    ['musical formatting controls', '\u{1D173}\u{1D17A}'],
  ];
  for (const [what, text] of blanks) {
    create(`form rules: post of ${what}`, postPath, { message: text, timestamp: now }, 'deny');
    create(`form rules: display name of ${what}`, userPath, { ...profile, displayName: text }, 'deny');
  }
  create(
    "form rules: display name with an emoji's variation selector and a flag's tags",
    userPath,
    {
      ...profile,
      displayName: 'Pat \u2764\ufe0f \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}',
    },
    'allow',
  );
  add({
    name: 'form rules: a set display name emptied',
    op: 'update',
    path: userPath,
    data: { displayName: '' },
    seed: { [userPath]: profile },
    expect: 'deny',
  });
  create(
    'form rules: right-to-left override in a post',
    postPath,
    { message: 'see \u202emoc.live//:sptth', timestamp: now },
    'deny',
  );
  create('form rules: isolate in a post', postPath, { message: 'hi \u2067there', timestamp: now }, 'deny');
  create(
    'form rules: right-to-left override in a display name',
    userPath,
    { ...profile, displayName: 'Pat\u202e' },
    'deny',
  );
  create(
    'form rules: right-to-left text with marks',
    postPath,
    { message: 'שלום\u200f עולם', timestamp: now },
    'allow',
  );

  // UTF-16 code units, as Firestore counts: an emoji is 2.
  const emoji = '\u{1F4AA}';
  create(
    'lengths: post of 250 emoji (500 units)',
    postPath,
    { message: emoji.repeat(LIMITS.maxPostLength / 2), timestamp: now },
    'allow',
  );
  create(
    'lengths: post of 250 emoji and a letter',
    postPath,
    { message: `${emoji.repeat(LIMITS.maxPostLength / 2)}x`, timestamp: now },
    'deny',
  );
  create(
    'lengths: display name of 50 emoji (100 units)',
    userPath,
    { ...profile, displayName: emoji.repeat(LIMITS.maxNameLength / 2) },
    'allow',
  );
  create(
    'lengths: display name of 50 emoji and a letter',
    userPath,
    { ...profile, displayName: `${emoji.repeat(LIMITS.maxNameLength / 2)}x` },
    'deny',
  );

  // Calendar dates: a day of slack either way of UTC's date (zones run UTC-12..UTC+14); the ten
  // minutes keep a case right when the run crosses midnight UTC.
  const MARGIN = 10 * MINUTE;
  const tomorrow = addDays(localDate(now - MARGIN, 'UTC'), 1);
  const yesterday = addDays(localDate(now + MARGIN, 'UTC'), -1);
  create(
    'dates: birth date tomorrow (UTC), today east of UTC',
    userPath,
    { ...profile, dateOfBirth: tomorrow },
    'allow',
  );
  create(
    'dates: birth date in two days',
    userPath,
    { ...profile, dateOfBirth: addDays(localDate(now + MARGIN, 'UTC'), 2) },
    'deny',
  );
  create(
    'dates: target date yesterday (UTC), today west of UTC',
    userPath,
    { ...profile, targetDate: yesterday },
    'allow',
  );
  create(
    'dates: target date two days ago',
    userPath,
    { ...profile, targetDate: addDays(localDate(now - MARGIN, 'UTC'), -2) },
    'deny',
  );
  // At most 150 years back (LIMITS.maxAgeDays), with the same day of slack.
  const oldestBirth = addDays(localDate(now + MARGIN, 'UTC'), -(LIMITS.maxAgeDays + 1));
  create(
    'dates: birth date 150 years back (LIMITS.maxAgeDays)',
    userPath,
    { ...profile, dateOfBirth: oldestBirth },
    'allow',
  );
  create(
    'dates: birth date more than 150 years back',
    userPath,
    { ...profile, dateOfBirth: addDays(localDate(now - MARGIN, 'UTC'), -(LIMITS.maxAgeDays + 2)) },
    'deny',
  );
  create('dates: birth year typed short (0198)', userPath, { ...profile, dateOfBirth: '0198-05-01' }, 'deny');
  // Dates that do not exist, as the browser's form refuses them (periods.ts isCalendarDate).
  const nextYear = Number(localDate(now, 'UTC').slice(0, 4)) + 1;
  let leapYear = nextYear;
  while (leapYear % 4 !== 0 || (leapYear % 100 === 0 && leapYear % 400 !== 0)) leapYear++;
  create(
    'dates: impossible birth date 30 February',
    userPath,
    { ...profile, dateOfBirth: '1990-02-30' },
    'deny',
  );
  create(
    'dates: impossible birth date 29 February 1900',
    userPath,
    { ...profile, dateOfBirth: '1900-02-29' },
    'deny',
  );
  create(
    'dates: impossible birth date 31 April',
    userPath,
    { ...profile, dateOfBirth: '1990-04-31' },
    'deny',
  );
  add({
    name: 'dates: impossible birth date 30 February, on update',
    op: 'update',
    path: userPath,
    data: { dateOfBirth: '1992-02-30' },
    seed: { [userPath]: profile },
    expect: 'deny',
  });
  create(
    'dates: impossible target date 30 February',
    userPath,
    { ...profile, targetDate: `${nextYear}-02-30` },
    'deny',
  );
  create(
    'dates: birth date 29 February 2000 (a leap year)',
    userPath,
    { ...profile, dateOfBirth: '2000-02-29' },
    'allow',
  );
  create(
    'dates: target date 29 February of a leap year',
    userPath,
    { ...profile, targetDate: `${leapYear}-02-29` },
    'allow',
  );
  add({
    name: 'dates: a passed target date does not block saving another field',
    op: 'update',
    path: userPath,
    data: { height: 70 },
    seed: { [userPath]: { ...profile, targetDate: '2020-01-01' } },
    expect: 'allow',
  });

  // ---- a tombstoned owner writes nothing more ----
  const tombstone = { [`tombstones/${owner}`]: { uid: owner, deletedAt: now } };
  create('tombstoned: logs an activity', repPath, rep('Running', { time: 10 }, now), 'deny', {
    seed: tombstone,
  });
  create('tombstoned: recreates the profile', userPath, profile, 'deny', { seed: tombstone });
  create(
    'tombstoned: saves a goal',
    `users/${owner}/preferences/goals`,
    { target: '30', type: 'minutes' },
    'deny',
    {
      seed: tombstone,
    },
  );
  add({
    name: 'tombstoned: sends a post again',
    op: 'update',
    path: postPath,
    data: { message: 'Hello', timestamp: now },
    seed: { ...tombstone, [postPath]: { message: 'Hello', timestamp: now } },
    expect: 'deny',
  });
  add({
    name: 'tombstoned: deletes a leftover activity',
    op: 'delete',
    path: `users/${owner}/reps/r1`,
    seed: { ...tombstone, [`users/${owner}/reps/r1`]: rep('Running', { time: 30 }, now) },
    expect: 'deny',
  });
}

/** Follows. Only their verified owner writes them, never of themselves, shape checked. */
function followCases(cases: ContractCase[], { owner, other, now }: ContractParams): void {
  const third = `${other}-friend`;
  const path = (of: string, target: string) => `users/${of}/following/${target}`;
  const profileOf = (uid: string) => ({
    userId: uid,
    email: `${uid}@example.com`,
    createdAt: now,
    displayName: uid,
  });
  const people: Record<string, DocData> = {
    [`users/${other}`]: profileOf(other),
    [`users/${third}`]: profileOf(third),
  };
  const follow = (target: string, extra: DocData = {}) => ({ uid: target, createdAt: now, ...extra });
  const stored: Record<string, DocData> = { ...people, [path(owner, other)]: follow(other) };
  const add = (c: Omit<ContractCase, 'seed'> & { seed?: Record<string, DocData> }) =>
    cases.push({ seed: people, ...c, name: `follows: ${c.name}` });
  const write = (
    name: string,
    auth: string | null,
    p: string,
    data: DocData,
    expect: 'allow' | 'deny',
    seed = people,
  ) => add({ name, auth, op: 'create', path: p, data, expect, seed });

  write('the owner follows another person', owner, path(owner, other), follow(other), 'allow');
  write("another user writes the owner's follow", other, path(owner, third), follow(third), 'deny');
  write('signed out', null, path(owner, other), follow(other), 'deny');
  add({
    name: 'unverified',
    auth: owner,
    unverified: true,
    op: 'create',
    path: path(owner, other),
    data: follow(other),
    expect: 'deny',
  });
  write('oneself', owner, path(owner, owner), follow(owner), 'deny', {
    ...people,
    [`users/${owner}`]: profileOf(owner),
  });
  write('a person without a profile', owner, path(owner, 'nobody'), follow('nobody'), 'deny');
  write('a deleted (tombstoned) person', owner, path(owner, other), follow(other), 'deny', {
    ...people,
    [`tombstones/${other}`]: { uid: other, deletedAt: now },
  });
  write('a tombstoned owner', owner, path(owner, other), follow(other), 'deny', {
    ...people,
    [`tombstones/${owner}`]: { uid: owner, deletedAt: now },
  });
  write('uid other than the document id', owner, path(owner, other), follow(third), 'deny');
  write('an unknown field', owner, path(owner, other), follow(other, { notify: true }), 'deny');
  write('createdAt missing', owner, path(owner, other), { uid: other }, 'deny');
  write(
    'createdAt as a string',
    owner,
    path(owner, other),
    follow(other, { createdAt: String(now) }),
    'deny',
  );
  write(
    'createdAt an hour ahead',
    owner,
    path(owner, other),
    follow(other, { createdAt: now + 60 * MINUTE }),
    'deny',
  );
  write(
    'createdAt an hour behind',
    owner,
    path(owner, other),
    follow(other, { createdAt: now - 60 * MINUTE }),
    'deny',
  );
  add({
    name: 'the owner reads a follow',
    auth: owner,
    op: 'get',
    path: path(owner, other),
    expect: 'allow',
    seed: stored,
  });
  add({
    name: 'another user reads it',
    auth: other,
    op: 'get',
    path: path(owner, other),
    expect: 'deny',
    seed: stored,
  });
  add({
    name: 'signed out reads it',
    auth: null,
    op: 'get',
    path: path(owner, other),
    expect: 'deny',
    seed: stored,
  });
  add({
    name: 'the owner lists theirs',
    auth: owner,
    op: 'list',
    path: `users/${owner}/following`,
    expect: 'allow',
    seed: stored,
  });
  add({
    name: "another user lists the owner's",
    auth: other,
    op: 'list',
    path: `users/${owner}/following`,
    expect: 'deny',
    seed: stored,
  });
  add({
    name: 'a collection-group query of who follows someone',
    auth: other,
    op: 'list',
    path: 'following',
    query: { collection: 'following', group: true, where: [{ field: 'uid', op: '==', value: other }] },
    expect: 'deny',
    seed: stored,
  });
  add({
    name: 'the owner sends the same follow again',
    auth: owner,
    op: 'update',
    path: path(owner, other),
    data: { createdAt: now },
    expect: 'allow',
    seed: stored,
  });
  add({
    name: 'the owner changes a follow',
    auth: owner,
    op: 'update',
    path: path(owner, other),
    data: { createdAt: now - 1 },
    expect: 'deny',
    seed: stored,
  });
  add({
    name: "another user changes the owner's",
    auth: other,
    op: 'update',
    path: path(owner, other),
    data: { createdAt: now },
    expect: 'deny',
    seed: stored,
  });
  add({
    name: 'the owner unfollows',
    auth: owner,
    op: 'delete',
    path: path(owner, other),
    expect: 'allow',
    seed: stored,
  });
  add({
    name: "another user deletes the owner's",
    auth: other,
    op: 'delete',
    path: path(owner, other),
    expect: 'deny',
    seed: stored,
  });
  add({
    name: 'signed out deletes it',
    auth: null,
    op: 'delete',
    path: path(owner, other),
    expect: 'deny',
    seed: stored,
  });

  // ---- the cards and the visible board entries ----
  const card = {
    [`people/${other}`]: {
      uid: other,
      userName: other,
      visible: true,
      followers: 1,
      following: 0,
      asOf: now,
    },
  };
  add({
    name: 'an unverified user reads a card',
    auth: owner,
    unverified: true,
    op: 'get',
    path: `people/${other}`,
    expect: 'deny',
    seed: card,
  });
  const entry = (uid: string, visible: boolean) => ({
    uid,
    periodKey: 'd2026-01-01',
    kind: 'daily',
    userName: uid,
    reps: 10,
    minutes: 5,
    calories: 40,
    visible,
    asOf: now,
  });
  const entries = {
    [`boardEntries/d2026-01-01_${other}`]: entry(other, true),
    [`boardEntries/d2026-01-01_${third}`]: entry(third, false),
  };
  add({
    name: 'a hidden board entry',
    auth: owner,
    op: 'get',
    path: `boardEntries/d2026-01-01_${third}`,
    expect: 'deny',
    seed: entries,
  });
  const followed = (visible: boolean | null): QuerySpec => ({
    collection: 'boardEntries',
    where: [
      { field: 'periodKey', op: '==', value: 'd2026-01-01' },
      ...(visible === null ? [] : [{ field: 'visible', op: '==' as const, value: visible }]),
      { field: 'uid', op: 'in', value: [other, third] },
    ],
  });
  add({
    name: "the followed people's visible entries",
    auth: owner,
    op: 'list',
    path: 'boardEntries',
    query: followed(true),
    expect: 'allow',
    seed: entries,
  });
  add({
    name: 'entries without visible == true',
    auth: owner,
    op: 'list',
    path: 'boardEntries',
    query: followed(null),
    expect: 'deny',
    seed: entries,
  });
  add({
    name: 'hidden entries',
    auth: owner,
    op: 'list',
    path: 'boardEntries',
    query: followed(false),
    expect: 'deny',
    seed: entries,
  });
  add({
    name: 'visible entries, unverified',
    auth: owner,
    unverified: true,
    op: 'list',
    path: 'boardEntries',
    query: followed(true),
    expect: 'deny',
    seed: entries,
  });
}
