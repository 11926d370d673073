/**
 * A person's activity counts follow their privacy (`hideExerciseInfo`): hidden, every
 * `engagement/feedActivities_{uid}_*` goes, as anyone signed in could read its counts and givers'
 * names; shown again, each is recounted from the kudos and comments, which stay stored meanwhile.
 */
import { cursorOf } from '../../firestore/semantics.ts';
import { paths } from '../model.ts';
import type { DocSnapshot, QuerySpec } from '../store.ts';
import { type ReactionEnv, readUser } from './core.ts';
import { countsShown, engagementQueries, readCounts } from './engagement.ts';
import { scanPages } from './maintenance.ts';
import { type PaceOptions, type PaceResult, Pacer } from './pacing.ts';

const nextPage = (last: DocSnapshot, spec: QuerySpec): QuerySpec => ({
  ...spec,
  startAfter: cursorOf(last, spec),
});

const run = (env: ReactionEnv) => (spec: QuerySpec) => env.store.query(spec);

/** The ids of `uid`'s activities with stored counts. */
export async function storedActivityCounts(env: ReactionEnv, uid: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for await (const d of scanPages(
    'counts of a hider',
    engagementQueries.engagementOf(uid),
    run(env),
    nextPage,
  ))
    if (d.data.feed === 'feedActivities' && typeof d.data.itemId === 'string')
      ids.add(d.data.itemId.slice(uid.length + 1));
  return ids;
}

/** The ids of `uid`'s activities with stored counts (hiding) or with kudos or comments (showing). */
async function activityIds(env: ReactionEnv, uid: string, visible: boolean): Promise<Set<string>> {
  if (!visible) return storedActivityCounts(env, uid);
  const ids = new Set<string>();
  for (const group of ['kudos', 'comments'] as const) {
    const first = engagementQueries.byField(group, 'owner', uid);
    // users/{uid}/reps/{id}/{group}/{docId}: an activity's; posts' are under `posts`.
    for await (const d of scanPages(`${group} of a shower`, first, run(env), nextPage)) {
      const [, owner, source, id] = d.path.split('/');
      if (owner === uid && source === 'reps' && id) ids.add(id);
    }
  }
  return ids;
}

/**
 * Removes or recounts `uid`'s activity counts as the profile is now: one transaction per item
 * re-reads the profile, so of a hide and an unhide in quick succession the last run wins; writes
 * are paced like every projection's. A gone activity's counts are left to the sweep or an Undo
 * (item-deletion.ts), except that a hider's go.
 */
export async function syncActivityCounts(
  env: ReactionEnv,
  uid: string,
  opts: PaceOptions = {},
): Promise<PaceResult> {
  const pacer = new Pacer(env.now, opts);
  const user = await readUser(env.store, uid);
  if (!user) return pacer.result();
  for (const id of await activityIds(env, uid, user.person.visible)) {
    await env.store.transact(async (tx) => {
      const [now, source, counts] = await Promise.all([
        readUser(tx, uid),
        tx.get(paths.rep(uid, id)),
        readCounts(tx, 'feedActivities', uid, id),
      ]);
      if (!now || (now.person.visible && !source)) return;
      const op = pacer.plan(counts.path, counts.stored, countsShown('feedActivities', now.person, counts));
      if (op) tx.write(op);
    });
  }
  return pacer.result();
}
