/**
 * Test-only views and resets of a SqliteStore (kept out of the production module): every document
 * by path, and an empty store.
 */
import type { DocData } from '@fit/shared/store';
import type { SqliteStore } from '../src/sqlite-store.ts';

/** Every document by path (read back to assert what was, or was not, written). */
export function snapshotOf(store: SqliteStore): Record<string, DocData> {
  const out: Record<string, DocData> = {};
  const rows = store.db.prepare('SELECT path, data FROM docs ORDER BY path').all() as {
    path: string;
    data: string;
  }[];
  for (const row of rows) out[row.path] = JSON.parse(row.data) as DocData;
  return out;
}

/** Removes every document and delivery, and forgets the write counts. */
export function clearStore(store: SqliteStore): void {
  store.writeSync(() => store.db.exec('DELETE FROM docs; DELETE FROM deliveries;'));
  store.writeCounters.reset();
}
