/**
 * "Your data": everything of the user for an export or an import preview, read in pages of 500
 * (never one unbounded query), and an import written in all-or-nothing parts of at most 500 writes.
 */
import type { ExportData } from '@fit/shared/archive';
import { MAX_WRITES_PER_COMMIT } from '@fit/shared/firestore/semantics';
import { type ExistingData, type ImportPlan, importBatches } from '@fit/shared/import-plan';
import { type Post, paths } from '@fit/shared/model';
import type { Cursor, DocSnapshot, DocumentStore } from '@fit/shared/store';
import { toActivity } from './activities.ts';
import { readGoal } from './goal.ts';
import { readProfile } from './profile.ts';
import { timestampPage } from './records.ts';
import { toWeight } from './weights.ts';

/** Every document of a collection, oldest first, one bounded page of 500 at a time. */
async function readAllPages(store: DocumentStore, collection: string): Promise<DocSnapshot[]> {
  const out: DocSnapshot[] = [];
  let after: Cursor | null = null;
  do {
    const page = await timestampPage(store, collection, 'asc', after, 500);
    out.push(...page.docs);
    after = page.next;
  } while (after);
  return out;
}

function toPost(doc: DocSnapshot): Post {
  return {
    message: typeof doc.data.message === 'string' ? doc.data.message : '',
    timestamp: typeof doc.data.timestamp === 'number' ? doc.data.timestamp : 0,
  };
}

async function readPreferences(store: DocumentStore, uid: string): Promise<string[] | null> {
  const snap = await store.get(paths.activityPreferences(uid));
  const list = snap?.data.activities;
  return Array.isArray(list) ? list.filter((n): n is string => typeof n === 'string') : null;
}

interface AccountData {
  exportData: ExportData;
  /** What an import compares with (with document ids). */
  existing: ExistingData;
}

/** Everything of one user: profile, activities, weights, goal, activity preferences, posts. */
export async function readAccountData(store: DocumentStore, uid: string): Promise<AccountData> {
  const [profile, goal, preferences, reps, weights, posts] = await Promise.all([
    readProfile(store, uid),
    readGoal(store, uid),
    readPreferences(store, uid),
    readAllPages(store, paths.reps(uid)),
    readAllPages(store, paths.weightRecords(uid)),
    readAllPages(store, paths.posts(uid)),
  ]);
  const stored = <T extends { id: string; path: string }>(list: T[]) =>
    list.map(({ id, path: _path, ...value }) => ({ id, value }));
  const existing = {
    activities: stored(reps.map(toActivity)),
    weights: stored(weights.map(toWeight)),
    posts: posts.map((doc) => ({ id: doc.id, value: toPost(doc) })),
    profile,
    goal,
    preferences,
  };
  const values = <T>(list: { value: T }[]) => list.map((entry) => entry.value);
  return {
    exportData: {
      profile,
      activities: values(existing.activities),
      weights: values(existing.weights),
      goal,
      preferences,
      posts: values(existing.posts),
    },
    existing,
  };
}

/**
 * Writes an import part by part, each stamped with its own commit's time (the rules want
 * `importedAt` near the server's). Stops at the first failure; importing again writes what is missing.
 */
export async function commitImport(
  store: DocumentStore,
  plan: ImportPlan,
  now: () => number,
  onPart?: (done: number, total: number) => void,
): Promise<void> {
  const total = Math.ceil(plan.docs.length / MAX_WRITES_PER_COMMIT);
  for (let i = 0; i < total; i++) {
    const docs = plan.docs.slice(i * MAX_WRITES_PER_COMMIT, (i + 1) * MAX_WRITES_PER_COMMIT);
    const [part] = importBatches({ ...plan, docs }, now());
    if (part) await store.commit(part);
    onPart?.(i + 1, total);
  }
}
