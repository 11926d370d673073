/**
 * The documents table of the local backend and its indexes. Each document is one row at its
 * Firestore path, with its parent collection path and collection id (the two query scopes) and its
 * data as JSON text. The delivery queue's table is delivery-queue.ts's.
 */
import { PERIOD_SUM_FIELDS } from '@fit/shared/totals';
import { jsonPath, sqlJson } from './query-plan.ts';

export const DOCS_SCHEMA = `
CREATE TABLE IF NOT EXISTS docs (
  path TEXT PRIMARY KEY,
  parent TEXT NOT NULL,
  coll TEXT NOT NULL,
  data TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS docs_parent ON docs(parent);
CREATE INDEX IF NOT EXISTS docs_coll ON docs(coll);
CREATE INDEX IF NOT EXISTS docs_parent_timestamp ON docs(parent, json_extract(data, '$."timestamp"'));
CREATE INDEX IF NOT EXISTS docs_coll_timestamp ON docs(coll, json_extract(data, '$."timestamp"'));
`;

/**
 * Period totals (every reaction to an activity, the dashboard's stats) sum PERIOD_SUM_FIELDS over a
 * timestamp window of one user's activities. With each expression the aggregate's SQL evaluates in
 * this index, SQLite answers it from the index alone instead of parsing every document's JSON
 * (about 4x faster at 2,000 activities). The expressions must stay textually equal to those
 * query-plan.ts builds (`aggregateSql`, `planOrdered`).
 */
export const WINDOW_SUMS_INDEX = (() => {
  const typed = (field: string) =>
    `json_type(data, '${jsonPath(field)}'), json_extract(data, '${jsonPath(field)}')`;
  const columns = [
    `json_extract(data, '${jsonPath('timestamp')}')`,
    `json_type(data, '${jsonPath('timestamp')}')`,
    ...PERIOD_SUM_FIELDS.map(typed),
  ];
  return `CREATE INDEX IF NOT EXISTS docs_window_sums ON docs(parent, ${columns.join(', ')})`;
})();

/**
 * The composite indexes firestore.indexes.json declares, as SQLite expression indexes, so the
 * queries they serve in Firestore (the boards' top 3) are index walks here too. Indexes on field
 * names the planner does not embed are skipped (their queries take the slow path anyway).
 */
export function declaredIndexesDdl(
  indexes: readonly { scope: 'parent' | 'coll'; fields: string[] }[],
): string[] {
  return indexes.flatMap((index) => {
    const columns = index.fields.map(sqlJson);
    if (columns.some((c) => c === null)) return [];
    const name = `fs_${index.scope}_${index.fields.join('_').replace(/[^A-Za-z0-9_]/g, '_')}`;
    return [`CREATE INDEX IF NOT EXISTS "${name}" ON docs(${index.scope}, ${columns.join(', ')})`];
  });
}

/** Where a document row goes: its parent collection path and collection id. */
export function scopeColumns(collectionPath: string): { parent: string; coll: string } {
  return { parent: collectionPath, coll: collectionPath.slice(collectionPath.lastIndexOf('/') + 1) };
}
