/**
 * Firestore's index requirements, so a query that would fail in production for want of an index
 * fails here too, with a message naming the index to add to firestore.indexes.json.
 *
 * Model (as Firestore serves queries):
 * - collection scope: every field has automatic single-field indexes (ascending, descending,
 *   array-contains) unless a fieldOverride for that collection group and field lists its own set;
 * - collection-group scope: single-field indexes exist only where a fieldOverride declares them;
 * - equality-only queries merge single-field indexes; a query that combines an equality
 *   (==, in, array-contains) with an ordering/inequality on another field, or orders by two or
 *   more fields, needs a composite index: the equality fields (any order), then the ordering
 *   fields with their directions, optionally ending with __name__.
 */
import { readFileSync } from 'node:fs';
import { effectiveOrderBy } from '@fit/shared/firestore/semantics';
import { type QuerySpec, StoreError } from '@fit/shared/store';

type Scope = 'COLLECTION' | 'COLLECTION_GROUP';
type Order = 'ASCENDING' | 'DESCENDING';

interface IndexField {
  fieldPath: string;
  order?: Order;
  arrayConfig?: 'CONTAINS';
}
interface CompositeIndex {
  collectionGroup: string;
  queryScope?: Scope;
  fields: IndexField[];
}
interface FieldOverride {
  collectionGroup: string;
  fieldPath: string;
  indexes: { order?: Order; arrayConfig?: 'CONTAINS'; queryScope?: Scope }[];
}
export interface IndexFile {
  indexes?: CompositeIndex[];
  fieldOverrides?: FieldOverride[];
}

/** One field the query needs indexed: an equality (any direction), a contains, or an ordering. */
type Need =
  | { field: string; kind: 'eq' }
  | { field: string; kind: 'contains' }
  | { field: string; kind: Order };

function describe(needs: readonly Need[]): string {
  return needs.map((n) => `${n.field} ${n.kind === 'eq' ? 'ASCENDING' : n.kind}`).join(', ');
}

function suggestion(collectionGroup: string, scope: Scope, needs: readonly Need[]): string {
  return JSON.stringify({
    collectionGroup,
    queryScope: scope,
    fields: needs.map((n) =>
      n.kind === 'contains'
        ? { fieldPath: n.field, arrayConfig: 'CONTAINS' }
        : { fieldPath: n.field, order: n.kind === 'eq' ? 'ASCENDING' : n.kind },
    ),
  });
}

export class IndexChecker {
  private readonly composites: CompositeIndex[];
  private readonly overrides: FieldOverride[];

  constructor(
    file: IndexFile,
    private readonly source = 'firestore.indexes.json',
  ) {
    this.composites = Array.isArray(file.indexes) ? file.indexes : [];
    this.overrides = Array.isArray(file.fieldOverrides) ? file.fieldOverrides : [];
  }

  /** The declared composite indexes as SQLite index specs (same fields, in order). */
  sqlIndexes(): { scope: 'parent' | 'coll'; fields: string[] }[] {
    return this.composites
      .filter((i) => Array.isArray(i.fields))
      .map((i) => ({
        scope:
          (i.queryScope ?? 'COLLECTION') === 'COLLECTION_GROUP' ? ('coll' as const) : ('parent' as const),
        fields: i.fields.map((f) => f.fieldPath).filter((f) => f !== '__name__'),
      }));
  }

  static fromFile(path: string): IndexChecker {
    let parsed: IndexFile;
    try {
      parsed = JSON.parse(readFileSync(path, 'utf8')) as IndexFile;
    } catch (error) {
      throw new Error(`Cannot read the index file ${path}: ${(error as Error).message}`);
    }
    return new IndexChecker(parsed);
  }

  /** Throws StoreError('failed-precondition') naming the missing index, as Firestore does. */
  check(spec: QuerySpec): void {
    const problem = this.problem(spec);
    if (problem) throw new StoreError('failed-precondition', problem);
  }

  problem(spec: QuerySpec): string | null {
    const collectionGroup = spec.group ? spec.collection : (spec.collection.split('/').pop() ?? '');
    const scope: Scope = spec.group ? 'COLLECTION_GROUP' : 'COLLECTION';
    const equalities: Need[] = [];
    for (const f of spec.where ?? []) {
      if (f.op === '==' || f.op === 'in') equalities.push({ field: f.field, kind: 'eq' });
      else if (f.op === 'array-contains') equalities.push({ field: f.field, kind: 'contains' });
    }
    const ordering: Need[] = effectiveOrderBy(spec)
      .filter((o) => o.field !== '__name__')
      .map((o) => ({ field: o.field, kind: o.direction === 'desc' ? 'DESCENDING' : 'ASCENDING' }));
    const orderedFields = new Set(ordering.map((o) => o.field));
    const eq = dedupe(equalities.filter((e) => !orderedFields.has(e.field)));
    if (eq.length + ordering.length === 0) return null;

    const needsComposite =
      (eq.length > 0 && ordering.length > 0) ||
      ordering.length > 1 ||
      (eq.some((e) => e.kind === 'contains') && eq.length > 1);
    if (needsComposite) {
      if (this.composites.some((index) => this.serves(index, collectionGroup, scope, eq, ordering)))
        return null;
      const needs = [...eq, ...ordering];
      return (
        `The query on '${spec.collection}' requires a composite index that ${this.source} does not declare: ` +
        `${scope === 'COLLECTION' ? 'collection' : 'collection-group'} '${collectionGroup}' on (${describe(needs)}). ` +
        `Add to "indexes": ${suggestion(collectionGroup, scope, needs)}`
      );
    }
    for (const need of [...eq, ...ordering]) {
      if (this.hasSingleField(collectionGroup, scope, need)) continue;
      const kind = need.kind === 'contains' ? 'CONTAINS' : need.kind === 'eq' ? 'ASCENDING' : need.kind;
      const indexEntry =
        need.kind === 'contains'
          ? { arrayConfig: 'CONTAINS', queryScope: scope }
          : { order: kind, queryScope: scope };
      return (
        `The query on '${spec.collection}' requires a ${scope === 'COLLECTION' ? 'collection' : 'collection-group'} ` +
        `single-field index on '${collectionGroup}.${need.field}' (${kind}) that ${this.source} does not declare. ` +
        `Add to "fieldOverrides": ${JSON.stringify({ collectionGroup, fieldPath: need.field, indexes: [indexEntry] })}`
      );
    }
    return null;
  }

  private hasSingleField(collectionGroup: string, scope: Scope, need: Need): boolean {
    const override = this.overrides.find(
      (o) => o.collectionGroup === collectionGroup && o.fieldPath === need.field,
    );
    if (!override) return scope === 'COLLECTION';
    return (override.indexes ?? []).some((i) => {
      if ((i.queryScope ?? 'COLLECTION') !== scope) return false;
      if (need.kind === 'contains') return i.arrayConfig === 'CONTAINS';
      if (need.kind === 'eq') return i.order !== undefined;
      return i.order === need.kind;
    });
  }

  private serves(
    index: CompositeIndex,
    collectionGroup: string,
    scope: Scope,
    eq: readonly Need[],
    ordering: readonly Need[],
  ): boolean {
    if (index.collectionGroup !== collectionGroup || (index.queryScope ?? 'COLLECTION') !== scope)
      return false;
    const fields = (index.fields ?? []).slice();
    if (fields.length > 0 && fields[fields.length - 1]?.fieldPath === '__name__') fields.pop();
    if (fields.length !== eq.length + ordering.length) return false;
    const head = fields.slice(0, eq.length);
    for (const need of eq) {
      const hit = head.find((f) => f.fieldPath === need.field);
      if (!hit) return false;
      if (need.kind === 'contains' ? hit.arrayConfig !== 'CONTAINS' : hit.order === undefined) return false;
    }
    return ordering.every((need, i) => {
      const f = fields[eq.length + i];
      return f !== undefined && f.fieldPath === need.field && f.order === need.kind;
    });
  }
}

function dedupe(needs: Need[]): Need[] {
  const seen = new Set<string>();
  return needs.filter((n) => {
    const key = `${n.field}\u0000${n.kind}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
