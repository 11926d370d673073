/**
 * Holds every query the code issues against firestore.indexes.json: a query that Firestore would
 * refuse for want of an index fails here, not in production. The reactions' queries come from
 * REACTION_QUERY_SHAPES (the bounded-reads test checks the reactions issue no other shape); the
 * web app's are listed below (web team: add yours).
 *
 * Model: collection scope has automatic single-field indexes (unless a fieldOverride replaces
 * them); collection-group scope has single-field indexes only where a fieldOverride declares
 * them; equality-only queries merge single-field indexes; an equality plus an ordering on another
 * field, or two or more ordering fields, need a composite index (equalities first, any order,
 * then the orderings with their directions).
 */
import { describe, expect, it } from 'vitest';
import indexFile from '../../firestore.indexes.json';
import { effectiveOrderBy } from '../firestore/semantics.ts';
import { followWebQueries as followQueriesWeb } from '../src/follow-queries.ts';
import { paths } from '../src/model.ts';
import { REACTION_QUERY_SHAPES, reactionQueries } from '../src/reactions/queries.ts';
import { DOCUMENT_NAME, type QuerySpec } from '../src/store.ts';

type Scope = 'COLLECTION' | 'COLLECTION_GROUP';
interface IndexFile {
  indexes: {
    collectionGroup: string;
    queryScope?: Scope;
    fields: { fieldPath: string; order?: string; arrayConfig?: string }[];
  }[];
  fieldOverrides: {
    collectionGroup: string;
    fieldPath: string;
    indexes: { order?: string; queryScope?: Scope }[];
  }[];
}

const file = indexFile as IndexFile;

/** What the web app queries (see web/src/data). */
const WEB_QUERIES: { name: string; spec: QuerySpec }[] = [
  {
    name: 'recent 5 activities',
    spec: { collection: paths.reps('u'), orderBy: [{ field: 'timestamp', direction: 'desc' }], limit: 5 },
  },
  {
    name: 'all activities, 50 a page',
    spec: {
      collection: paths.reps('u'),
      orderBy: [{ field: 'timestamp', direction: 'desc' }],
      limit: 50,
      startAfter: { values: [1], path: paths.rep('u', 'x') },
    },
  },
  { name: 'activities of a period (stats, goal)', spec: reactionQueries.repsInWindow('u', 0, 1) },
  {
    name: 'weight records',
    spec: { collection: paths.weightRecords('u'), orderBy: [{ field: 'timestamp', direction: 'desc' }] },
  },
  {
    name: 'community posts',
    spec: { collection: paths.feedPosts, orderBy: [{ field: 'timestamp', direction: 'desc' }], limit: 30 },
  },
  {
    name: 'community activities',
    spec: {
      collection: paths.feedActivities,
      orderBy: [{ field: 'timestamp', direction: 'desc' }],
      limit: 30,
    },
  },
  { name: 'a board entry ranking', spec: reactionQueries.topEntries('d2026-01-01', 'calories') },
  {
    name: "one activity's entries over the heat map's year (web/src/data/progress.ts)",
    spec: {
      collection: paths.reps('u'),
      where: [
        { field: 'activityType', op: '==', value: 'Running' },
        { field: 'timestamp', op: '>=', value: 0 },
      ],
      orderBy: [{ field: 'timestamp', direction: 'desc' }],
      limit: 800,
    },
  },
  {
    name: "one day's activities (web/src/data/progress.ts)",
    spec: {
      collection: paths.reps('u'),
      where: [
        { field: 'timestamp', op: '>=', value: 0 },
        { field: 'timestamp', op: '<', value: 1 },
      ],
      orderBy: [{ field: 'timestamp', direction: 'asc' }],
      limit: 200,
    },
  },
  ...followWebQueries(),
  {
    name: "the shown feed items' counts (web/src/data/social.ts)",
    spec: {
      collection: paths.engagementAll,
      where: [{ field: 'itemId', op: 'in', value: ['u_p'] }],
      limit: 30,
    },
  },
  {
    name: "an item's comments, oldest first",
    spec: {
      collection: paths.comments('feedPosts', 'u', 'p'),
      orderBy: [{ field: 'timestamp', direction: 'asc' }],
      limit: 50,
    },
  },
  {
    name: 'my kudos on the shown items of a feed (which are already given)',
    spec: {
      collection: 'kudos',
      group: true,
      where: [
        { field: 'uid', op: '==', value: 'u' },
        { field: DOCUMENT_NAME, op: 'in', value: [paths.kudosOf('feedPosts', 'o', 'p', 'u')] },
      ],
      limit: 30,
    },
  },
  {
    name: 'newest notifications',
    spec: {
      collection: paths.notifications('u'),
      orderBy: [{ field: 'timestamp', direction: 'desc' }],
      limit: 20,
    },
  },
  {
    name: 'unread notifications (the top bar count, mark all read)',
    spec: {
      collection: paths.notifications('u'),
      where: [{ field: 'read', op: '==', value: false }],
      orderBy: [{ field: 'timestamp', direction: 'desc' }],
      limit: 100,
    },
  },
];

/** web/src/data/follows.ts and people.ts: the Following filter, the profile page. */
function followWebQueries(): { name: string; spec: QuerySpec }[] {
  const uids = ['a', 'b'];
  return [
    { name: 'whom I follow', spec: followQueriesWeb.following('u') },
    { name: "followed people's activities", spec: followQueriesWeb.feedOf('feedActivities', uids) },
    { name: "followed people's posts", spec: followQueriesWeb.feedOf('feedPosts', uids) },
    { name: "followed people's board entries", spec: followQueriesWeb.entriesOf('d2026-01-01', uids) },
    { name: "a person's recent activities", spec: followQueriesWeb.feedOf('feedActivities', ['a'], 10) },
  ];
}

function collectionGroupOf(spec: QuerySpec): string {
  return spec.group ? spec.collection : (spec.collection.split('/').pop() as string);
}

function singleFieldOk(
  group: string,
  scope: Scope,
  field: string,
  direction: 'ASCENDING' | 'DESCENDING',
): boolean {
  const override = file.fieldOverrides.find((o) => o.collectionGroup === group && o.fieldPath === field);
  if (!override) return scope === 'COLLECTION';
  return override.indexes.some((i) => (i.queryScope ?? 'COLLECTION') === scope && i.order === direction);
}

/** Null when the index file serves the query, else what is missing. */
export function missingIndex(spec: QuerySpec): string | null {
  const group = collectionGroupOf(spec);
  const scope: Scope = spec.group ? 'COLLECTION_GROUP' : 'COLLECTION';
  const order = effectiveOrderBy(spec);
  const orderFields = new Set(order.map((o) => o.field));
  // Every index ends with the document's name: a filter on it needs no index of its own.
  const equalities = [
    ...new Set((spec.where ?? []).filter((f) => f.op === '==' || f.op === 'in').map((f) => f.field)),
  ].filter((f) => !orderFields.has(f) && f !== DOCUMENT_NAME);
  const dir = (d: 'asc' | 'desc') => (d === 'asc' ? 'ASCENDING' : 'DESCENDING');
  if (order.length === 0) {
    const ok = equalities.every((f) => singleFieldOk(group, scope, f, 'ASCENDING'));
    return ok ? null : `single-field ${scope} index on ${group}.${equalities.join(',')}`;
  }
  if (order.length === 1 && equalities.length === 0) {
    const o = order[0] as { field: string; direction: 'asc' | 'desc' };
    return singleFieldOk(group, scope, o.field, dir(o.direction))
      ? null
      : `single-field ${scope} index on ${group}.${o.field} ${dir(o.direction)}`;
  }
  const found = file.indexes.some((index) => {
    if (index.collectionGroup !== group || (index.queryScope ?? 'COLLECTION') !== scope) return false;
    const fields = index.fields.filter((f) => f.fieldPath !== '__name__');
    if (fields.length !== equalities.length + order.length) return false;
    const head = fields
      .slice(0, equalities.length)
      .map((f) => f.fieldPath)
      .sort();
    if (JSON.stringify(head) !== JSON.stringify([...equalities].sort())) return false;
    return order.every((o, i) => {
      const f = fields[equalities.length + i];
      return f?.fieldPath === o.field && f.order === dir(o.direction);
    });
  });
  return found
    ? null
    : `composite ${scope} index on ${group}: ${[...equalities, ...order.map((o) => `${o.field} ${dir(o.direction)}`)].join(', ')}`;
}

describe('firestore.indexes.json', () => {
  it.each(REACTION_QUERY_SHAPES.map((spec, i) => [i, spec] as const))(
    'serves reaction query %i',
    (_, spec) => {
      expect(missingIndex(spec), JSON.stringify(spec)).toBeNull();
    },
  );

  it.each(WEB_QUERIES.map((q) => [q.name, q.spec] as const))('serves the web query: %s', (_, spec) => {
    expect(missingIndex(spec)).toBeNull();
  });

  it('declares no composite index that no query uses', () => {
    const used = [...REACTION_QUERY_SHAPES, ...WEB_QUERIES.map((q) => q.spec)];
    for (const index of file.indexes) {
      const fields = index.fields.map((f) => f.fieldPath);
      const user = used.find(
        (spec) =>
          collectionGroupOf(spec) === index.collectionGroup &&
          fields.every(
            (f) =>
              (spec.where ?? []).some((w) => w.field === f) ||
              (spec.orderBy ?? []).some((o) => o.field === f),
          ),
      );
      expect(user, JSON.stringify(index)).toBeDefined();
    }
  });

  it('the checker itself refuses a query that needs a missing index', () => {
    expect(
      missingIndex({
        collection: paths.feedActivities,
        where: [{ field: 'activityType', op: '==', value: 'Running' }],
        orderBy: [{ field: 'timestamp', direction: 'desc' }],
      }),
    ).toMatch(/composite/);
    expect(
      missingIndex({ collection: 'posts', group: true, where: [{ field: 'uid', op: '==', value: 'u' }] }),
    ).toMatch(/single-field COLLECTION_GROUP/);
    expect(
      missingIndex({
        collection: 'weightRecords',
        group: true,
        orderBy: [{ field: 'timestamp', direction: 'desc' }],
      }),
    ).toMatch(/single-field COLLECTION_GROUP/);
  });
});
