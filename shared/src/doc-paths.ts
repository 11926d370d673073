/**
 * Document and collection paths as Firestore accepts them, in one pure checker used by the web
 * Firestore adapter (before anything is sent) and the in-memory store of the tests, so both refuse
 * what Firestore refuses.
 *
 * Firestore refuses a segment (collection id or document id) that is empty, `.` or `..`, matches
 * `__.*__`, is longer than 1,500 bytes of UTF-8, or is not valid UTF-8; and a document name longer
 * than 6 KiB. A JavaScript string can hold a lone surrogate (invalid UTF-16, so no UTF-8 exists
 * for it): the Firestore SDK stores it as U+FFFD, so the document read back has another path than
 * the one written, and a loop that deletes until a query comes back empty never ends. Such a path
 * is refused here, before it is stored anywhere.
 */

/** Firestore: a collection or document id is at most 1,500 bytes of UTF-8. */
export const MAX_SEGMENT_BYTES = 1500;
/** Firestore: a document name is at most 6 KiB. */
export const MAX_PATH_BYTES = 6 * 1024;
/** Firestore nests subcollections at most 100 levels deep (segments of a document path). */
export const MAX_PATH_SEGMENTS = 200;

/**
 * The id of a post, activity or comment as the app makes them (auto ids, import ids, the demo's):
 * the rules refuse any other on create. Such an id is part of the ids of the item's feed item
 * (`{uid}_{id}`), counts, deletion mark and notifications (`comment_{feed}_{item}_{comment}`), which
 * Firestore bounds to 1,500 bytes: an id it accepted here could make those too long, and every
 * reaction to the item fail (counts missing a comment, a rebuild stopped). An RE2 and JS pattern.
 */
export const ITEM_ID_PATTERN = '[A-Za-z0-9_-]{1,128}';
const ITEM_ID = new RegExp(`^${ITEM_ID_PATTERN}$`);

/** Whether `id` is an item id the rules accept (ITEM_ID_PATTERN; Firestore's `__x__` aside). */
export function isItemId(id: string): boolean {
  return ITEM_ID.test(id) && segmentProblem(id) === null;
}

/** UTF-8 byte length without TextEncoder (shared/ targets plain ES, no DOM or Node types). */
export function utf8Length(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

/** With the `u` flag a surrogate class only matches unpaired halves: a pair is one code point. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Whether a string is well-formed UTF-16 (has a UTF-8 encoding). */
export function isWellFormedText(s: string): boolean {
  return !LONE_SURROGATE.test(s);
}

/** A path or id for a message: bounded, lone surrogates shown as escapes. */
export function describePath(value: unknown): string {
  if (typeof value !== 'string') return String(value);
  const shown = value.length > 80 ? `${value.slice(0, 80)}…` : value;
  return shown.replace(/[\uD800-\uDFFF]/gu, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/** Why one collection or document id is refused, or null when Firestore accepts it. */
export function segmentProblem(segment: string): string | null {
  if (segment === '') return 'an id is empty (paths have no empty segments, leading or trailing slashes)';
  if (segment === '.' || segment === '..') return `'${segment}' is not allowed as an id`;
  if (/^__.*__$/s.test(segment)) return `ids of the form __name__ are reserved ('${describePath(segment)}')`;
  if (!isWellFormedText(segment))
    return `the id '${describePath(segment)}' is not valid text (it holds an unpaired UTF-16 surrogate)`;
  const bytes = utf8Length(segment);
  if (bytes > MAX_SEGMENT_BYTES)
    return `an id is ${bytes} bytes long (UTF-8); at most ${MAX_SEGMENT_BYTES} are allowed`;
  return null;
}

function segmentsProblem(path: unknown, what: string): string | null {
  if (typeof path !== 'string') return `${what} must be a string, got ${typeof path}`;
  if (path === '') return `${what} is empty`;
  const bytes = utf8Length(path);
  if (bytes > MAX_PATH_BYTES)
    return `${what} is ${bytes} bytes long (UTF-8); at most ${MAX_PATH_BYTES} are allowed`;
  const segments = path.split('/');
  if (segments.length > MAX_PATH_SEGMENTS)
    return `${what} has ${segments.length} segments; at most ${MAX_PATH_SEGMENTS} are allowed`;
  for (const s of segments) {
    const problem = segmentProblem(s);
    if (problem) return problem;
  }
  return null;
}

/** Why `path` is not a document path Firestore accepts (`coll/doc[/coll/doc...]`), or null. */
export function docPathProblem(path: unknown): string | null {
  const problem = segmentsProblem(path, 'the document path');
  if (problem) return `Invalid document path '${describePath(path)}': ${problem}.`;
  if ((path as string).split('/').length % 2 !== 0)
    return `Invalid document path '${describePath(path)}': it must have an even number of segments (collection/id).`;
  return null;
}

/** Why `path` is not a collection path Firestore accepts (`coll[/doc/coll...]`), or null. */
export function collectionPathProblem(path: unknown): string | null {
  const problem = segmentsProblem(path, 'the collection path');
  if (problem) return `Invalid collection path '${describePath(path)}': ${problem}.`;
  if ((path as string).split('/').length % 2 !== 1)
    return `Invalid collection path '${describePath(path)}': it must have an odd number of segments.`;
  return null;
}

/** Why `id` is not a collection id for a collection-group query, or null. */
export function collectionGroupProblem(id: unknown): string | null {
  if (typeof id !== 'string' || id.includes('/'))
    return `Invalid collection group id '${describePath(id)}': it must be a single collection id.`;
  const problem = segmentProblem(id);
  return problem ? `Invalid collection group id '${describePath(id)}': ${problem}.` : null;
}

export function isDocPath(path: string): boolean {
  return docPathProblem(path) === null;
}

export function isCollectionPath(path: string): boolean {
  return collectionPathProblem(path) === null;
}

/**
 * Every path a query names: its collection (or collection group) and its cursor's document.
 * The rest of the query's shape is `queryProblem`'s (firestore/semantics.ts).
 */
export function queryPathProblem(spec: {
  collection?: unknown;
  group?: unknown;
  startAfter?: unknown;
}): string | null {
  const collection = spec.group
    ? collectionGroupProblem(spec.collection)
    : collectionPathProblem(spec.collection);
  if (collection) return collection;
  const cursor = spec.startAfter as { path?: unknown } | undefined;
  if (cursor && typeof cursor === 'object') {
    const problem = docPathProblem(cursor.path);
    if (problem) return `Invalid query cursor: ${problem}`;
  }
  return null;
}
