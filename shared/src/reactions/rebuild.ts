/**
 * "Rebuild all projections": recomputes every projection from the source documents alone and
 * compares with what is stored. With `apply: false` it is an audit (differences only); with
 * `apply: true` it also writes the fixes. It defines what the reactions must converge to:
 *
 * - a board entry per (user, live period key: the current day, week and month, or later) in which
 *   the user has at least one activity; none for tombstoned users; `visible` = !hideExerciseInfo;
 * - a feed item per activity of a visible user and per post, at or after the feed's horizon;
 * - a board per kind for the current key: the top 3 visible entries per metric (value > 0);
 * - per user with activities (not tombstoned), a progress summary and a document per year of
 *   their zone with activity (progress.ts);
 * - per profile (not tombstoned), a people card: name, visible, follower and following counts.
 *
 * Reads are paged (PAGE_SIZE): collection-group scans of activities and posts since the oldest
 * instant any projection needs, and the projections themselves; a page that repeats the one before
 * it stops the rebuild with NoProgressError instead of looping. Resolves with the differences and
 * how many documents it wrote (0 for an audit).
 */

import { applyQuery, cursorOf } from '../../firestore/semantics.ts';
import { isDocPath } from '../doc-paths.ts';
import { BOARD_KINDS, BOARD_METRICS, type BoardPlace, paths } from '../model.ts';
import { currentWindows, periodWindow, windowForKey } from '../periods.ts';
import { type ProgressEntry, progressZone } from '../progress.ts';
import type { DocData, DocSnapshot, WriteOp } from '../store.ts';
import { numberOr0 } from '../totals.ts';
import { boardDoc, placesOf } from './boards.ts';
import { cappedDaySums, exceedsADay } from './caps.ts';
import {
  boardEntryDoc,
  feedActivityDoc,
  feedPostDoc,
  isLiveKey,
  type Person,
  planWrite,
  type ReactionEnv,
  reactionPaths,
  readUser,
  sameProjection,
  uidOfPath,
} from './core.ts';
import { followTargetOf } from './follows.ts';
import { scanCollection, scanPages } from './maintenance.ts';
import { entryOf, progressDocsOf } from './progress.ts';
import { type FeedCollection, PAGE_SIZE, reactionQueries } from './queries.ts';

function scanGroupSince(env: ReactionEnv, id: 'reps' | 'posts', since: number): AsyncGenerator<DocSnapshot> {
  return scanPages(
    `rebuild scan of ${id}`,
    reactionQueries.groupSince(id, since),
    (spec) => env.store.query(spec),
    (last, spec) => reactionQueries.groupSince(id, since, PAGE_SIZE, cursorOf(last, spec)),
  );
}

function isSourcePath(path: string, sub: 'reps' | 'posts'): boolean {
  const s = path.split('/');
  return s.length === 4 && s[0] === 'users' && s[2] === sub;
}

export async function rebuildProjections(
  env: ReactionEnv,
  opts: { apply: boolean },
): Promise<{ differences: string[]; written: number }> {
  const { now, timeZone } = env;
  const current = currentWindows(now, timeZone);

  const people = new Map<string, Person | null>();
  const personFor = async (uid: string): Promise<Person | null> => {
    if (!people.has(uid)) people.set(uid, (await readUser(env.store, uid))?.person ?? null);
    return people.get(uid) ?? null;
  };
  const horizon = async (feed: FeedCollection) => {
    const doc = await env.store.get(reactionPaths.feedHorizon(feed));
    return typeof doc?.data.timestamp === 'number' ? doc.data.timestamp : 0;
  };
  const activityHorizon = await horizon('feedActivities');
  const postHorizon = await horizon('feedPosts');

  const expected = new Map<string, DocData>();
  const sums = new Map<
    string,
    {
      uid: string;
      key: string;
      activities: number;
      /** Sums per day (community time zone): a week or month counts each day up to its cap. */
      days: Map<string, { count: number; time: number; calorieUnits: number }>;
    }
  >();

  const boardsSince = Math.min(...BOARD_KINDS.map((k) => current[k].start));
  for await (const rep of scanGroupSince(env, 'reps', Math.min(boardsSince, activityHorizon))) {
    if (!isSourcePath(rep.path, 'reps')) continue;
    const uid = uidOfPath(rep.path);
    const person = await personFor(uid);
    if (!person) continue;
    const t = rep.data.timestamp;
    if (typeof t !== 'number') continue;
    // An id stored before the rules held ids short can name no feed item (over 1,500 bytes): skipped,
    // as the reaction's write of it fails, so one such entry does not stop the whole rebuild.
    if (t >= activityHorizon && isDocPath(paths.feedActivity(uid, rep.id))) {
      const item = feedActivityDoc(uid, rep.id, rep.data, person);
      if (item) expected.set(paths.feedActivity(uid, rep.id), item);
    }
    for (const kind of BOARD_KINDS) {
      const key = periodWindow(kind, t, timeZone).key;
      if (!isLiveKey(kind, key, current)) continue;
      const path = paths.boardEntry(key, uid);
      const s = sums.get(path) ?? { uid, key, activities: 0, days: new Map() };
      s.activities += 1;
      const dayKey = kind === 'daily' ? key : periodWindow('daily', t, timeZone).key;
      const day = s.days.get(dayKey) ?? { count: 0, time: 0, calorieUnits: 0 };
      day.count += numberOr0(rep.data.count);
      day.time += numberOr0(rep.data.time);
      day.calorieUnits += numberOr0(rep.data.calorieUnits);
      s.days.set(dayKey, day);
      sums.set(path, s);
    }
  }
  for (const [path, s] of sums) {
    const person = (await personFor(s.uid)) as Person;
    const window = windowForKey(s.key, timeZone);
    const days = [...s.days.values()];
    // As the reaction reads it (react.ts readEntries): a day's sums as they are, a longer window's
    // days each capped when the whole holds more than a day's worth.
    const plain = days.reduce(
      (a, d) => ({
        count: a.count + d.count,
        time: a.time + d.time,
        calorieUnits: a.calorieUnits + d.calorieUnits,
      }),
      { count: 0, time: 0, calorieUnits: 0 },
    );
    const fieldSums =
      window.kind === 'daily' || !exceedsADay(plain, person.weight)
        ? plain
        : cappedDaySums(days, person.weight);
    const doc = boardEntryDoc(s.uid, window, { activities: s.activities, ...fieldSums }, person);
    if (doc) expected.set(path, doc);
  }
  for await (const post of scanGroupSince(env, 'posts', postHorizon)) {
    if (!isSourcePath(post.path, 'posts')) continue;
    const uid = uidOfPath(post.path);
    const person = await personFor(uid);
    if (!person) continue;
    const item = isDocPath(paths.feedPost(uid, post.id))
      ? feedPostDoc(uid, post.id, post.data, person)
      : null;
    if (item) expected.set(paths.feedPost(uid, post.id), item);
  }

  // Boards from the expected entries, with the rollup's own query semantics.
  const expectedEntries: DocSnapshot[] = [...expected]
    .filter(([path]) => path.startsWith(`${paths.boardEntries}/`))
    .map(([path, data]) => ({ path, id: path.slice(paths.boardEntries.length + 1), data }));
  for (const kind of BOARD_KINDS) {
    const key = current[kind].key;
    const places = Object.fromEntries(
      BOARD_METRICS.map((m) => [
        m,
        placesOf(applyQuery(reactionQueries.topEntries(key, m), expectedEntries), m),
      ]),
    ) as Record<(typeof BOARD_METRICS)[number], BoardPlace[]>;
    expected.set(paths.board(kind), boardDoc(kind, key, timeZone, places, now));
  }

  // Progress: every activity of every user, whatever its age (the summary and the years span the
  // whole history), in the zone of each user's profile. An old single document (every day in it)
  // differs from its summary and is rewritten as one: the one-off migration to years.
  const entriesByUser = new Map<string, ProgressEntry[]>();
  for await (const rep of scanGroupSince(env, 'reps', 0)) {
    if (!isSourcePath(rep.path, 'reps')) continue;
    const uid = uidOfPath(rep.path);
    if (!(await personFor(uid))) continue;
    const entry = entryOf(rep);
    if (!entry) continue;
    const list = entriesByUser.get(uid) ?? [];
    list.push(entry);
    entriesByUser.set(uid, list);
  }
  for (const [uid, entries] of entriesByUser) {
    const profile = await env.store.get(paths.user(uid));
    const docs = progressDocsOf(uid, entries, progressZone(profile?.data));
    if (!docs) continue;
    expected.set(paths.progress(uid), docs.summary as unknown as DocData);
    for (const [year, doc] of docs.years)
      expected.set(paths.progressYear(uid, year), doc as unknown as DocData);
  }

  // People cards: one per profile (not tombstoned), its counts from every follow document.
  const followers = new Map<string, number>();
  const following = new Map<string, number>();
  for await (const doc of scanPages(
    'rebuild scan of follows',
    reactionQueries.groupPage(paths.followingId),
    (spec) => env.store.query(spec),
    (last, spec) => reactionQueries.groupPage(paths.followingId, PAGE_SIZE, cursorOf(last, spec)),
  )) {
    const follow = followTargetOf(doc.path);
    if (!follow) continue;
    following.set(follow.uid, (following.get(follow.uid) ?? 0) + 1);
    followers.set(follow.target, (followers.get(follow.target) ?? 0) + 1);
  }
  for await (const profile of scanCollection(env, paths.users)) {
    const person = await personFor(profile.id);
    if (!person) continue;
    expected.set(paths.person(profile.id), {
      uid: profile.id,
      userName: person.userName,
      visible: person.visible,
      followers: followers.get(profile.id) ?? 0,
      following: following.get(profile.id) ?? 0,
    });
  }

  // What is stored.
  const actual = new Map<string, DocSnapshot>();
  for (const collection of [
    paths.boardEntries,
    paths.feedActivities,
    paths.feedPosts,
    paths.boards,
    paths.progressAll,
    paths.people,
  ]) {
    for await (const doc of scanCollection(env, collection)) actual.set(doc.path, doc);
  }
  // Every user's years at once (a collection group), so a year whose summary is gone is found too.
  for await (const doc of scanPages(
    'rebuild scan of progress years',
    reactionQueries.groupPage(paths.progressYearsId),
    (spec) => env.store.query(spec),
    (last, spec) => reactionQueries.groupPage(paths.progressYearsId, PAGE_SIZE, cursorOf(last, spec)),
  )) {
    const s = doc.path.split('/');
    if (s.length === 4 && s[0] === paths.progressAll) actual.set(doc.path, doc);
  }

  const differences: string[] = [];
  const writes: WriteOp[] = [];
  const allPaths = [...new Set([...expected.keys(), ...actual.keys()])].sort();
  for (const path of allPaths) {
    const want = expected.get(path) ?? null;
    const have = actual.get(path) ?? null;
    if (want && have && sameProjection(want, have.data)) continue;
    if (!want && !have) continue;
    if (!have) differences.push(`missing ${path}: expected ${JSON.stringify(want)}`);
    else if (!want) differences.push(`extra ${path}: ${JSON.stringify(have.data)}`);
    else
      differences.push(
        `differs ${path}: expected ${JSON.stringify(want)}, stored ${JSON.stringify(have.data)}`,
      );
    if (opts.apply) {
      const isBoard = path.startsWith(`${paths.boards}/`);
      if (isBoard && want) writes.push({ kind: 'set', path, data: want });
      else {
        // A rebuild is the newest computation there is: it overrides any asOf.
        const op = planWrite(path, have ? { ...have, data: { ...have.data, asOf: now } } : null, want, now);
        if (op) writes.push(op);
      }
    }
  }
  for (let i = 0; i < writes.length; i += PAGE_SIZE) await env.store.commit(writes.slice(i, i + PAGE_SIZE));
  return { differences, written: writes.length };
}
