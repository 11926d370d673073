/**
 * A renamed person's kudos, comments and the notifications they caused take the new name, as their
 * feed items, board places and card do. Each page re-reads the profile in its own transaction, so a
 * run that ends late never writes an older name; the engagement reaction that a kudos update
 * triggers refreshes the givers' names on the item.
 */
import { cursorOf } from '../../firestore/semantics.ts';
import type { Cursor, QuerySpec } from '../store.ts';
import { type ReactionEnv, readUser } from './core.ts';
import { engagementQueries } from './engagement.ts';
import { MAX_PAGES_PER_RUN } from './maintenance.ts';
import { PAGE_SIZE } from './queries.ts';

const WRITTEN_WITH_NAME: readonly { query: (uid: string, after?: Cursor) => QuerySpec; field: string }[] = [
  { query: (uid, after) => engagementQueries.byField('kudos', 'uid', uid, after), field: 'userName' },
  { query: (uid, after) => engagementQueries.byField('comments', 'uid', uid, after), field: 'userName' },
  { query: (uid, after) => engagementQueries.notificationsFrom(uid, after), field: 'fromName' },
];

/** Writes `uid`'s current name where it is out of date; resolves with how many documents it wrote. */
export async function renameGiven(env: ReactionEnv, uid: string): Promise<number> {
  let renamed = 0;
  for (const { query, field } of WRITTEN_WITH_NAME) {
    let after: Cursor | undefined;
    // Bounded like the cleanup loops: a rename rewrites at most 10,000 of each.
    for (let pages = 0; pages < MAX_PAGES_PER_RUN; pages++) {
      const spec = query(uid, after);
      const { docs, written } = await env.store.transact(async (tx) => {
        const [user, docs] = await Promise.all([readUser(tx, uid), tx.query(spec)]);
        if (!user) return { docs: [], written: 0 }; // a deleted account: the cascade removes them
        const stale = docs.filter((d) => d.data[field] !== user.person.userName);
        for (const d of stale)
          tx.write({ kind: 'update', path: d.path, data: { [field]: user.person.userName } });
        return { docs, written: stale.length };
      });
      renamed += written;
      const last = docs.at(-1);
      if (!last || docs.length < PAGE_SIZE) break;
      after = cursorOf(last, spec);
    }
  }
  return renamed;
}
