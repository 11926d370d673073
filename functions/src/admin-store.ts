/**
 * The store port over firebase-admin's Firestore: each operation is one thin call. Errors become
 * StoreError with the port's codes, so reactions branch on one set of codes everywhere.
 */

import { effectiveOrderBy, queryProblem } from '@fit/shared/firestore/semantics';
import type {
  AggregateResult,
  AggregateSpec,
  DocData,
  DocSnapshot,
  QuerySpec,
  ReactionStore,
  StoreErrorCode,
  Transaction,
  WriteOp,
} from '@fit/shared/store';
import { filterValue, StoreError } from '@fit/shared/store';
import {
  type Transaction as AdminTransaction,
  AggregateField,
  type AggregateQuery,
  type AggregateQuerySnapshot,
  type DocumentSnapshot,
  FieldPath,
  FieldValue,
  type Firestore,
  type Query,
} from 'firebase-admin/firestore';

/** An update's fields, its `remove` as FieldValue.delete(). */
function updateData(w: Extract<WriteOp, { kind: 'update' }>) {
  return { ...w.data, ...Object.fromEntries((w.remove ?? []).map((f) => [f, FieldValue.delete()])) };
}

/** gRPC status codes (what @google-cloud/firestore errors carry) to the port's codes. */
const GRPC_CODES: Record<number, StoreErrorCode> = {
  3: 'invalid-argument',
  4: 'unavailable', // deadline exceeded: transient
  5: 'not-found',
  6: 'already-exists',
  7: 'permission-denied',
  8: 'resource-exhausted',
  9: 'failed-precondition',
  10: 'aborted',
  13: 'internal',
  14: 'unavailable',
  16: 'unauthenticated',
};

export function toStoreError(error: unknown): StoreError {
  if (error instanceof StoreError) return error;
  const e = error as { code?: unknown; message?: unknown };
  const code =
    typeof e?.code === 'number'
      ? (GRPC_CODES[e.code] ?? 'internal')
      : typeof e?.code === 'string' && e.code.replace(/^firestore\//, '') in reverseCodes
        ? (e.code.replace(/^firestore\//, '') as StoreErrorCode)
        : 'internal';
  return new StoreError(code, typeof e?.message === 'string' ? e.message : String(error));
}
const reverseCodes: Record<string, true> = Object.fromEntries(
  Object.values(GRPC_CODES).map((c) => [c, true]),
);

async function mapped<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    // A reaction's own refusal thrown inside a transaction stays permanent (errors.ts isTransient).
    if (error instanceof RangeError || error instanceof TypeError) throw error;
    throw toStoreError(error);
  }
}

function snapshotOf(doc: DocumentSnapshot): DocSnapshot | null {
  if (!doc.exists) return null;
  return { path: doc.ref.path, id: doc.id, data: (doc.data() ?? {}) as DocData };
}

export class AdminStore implements ReactionStore {
  constructor(private readonly db: Firestore) {}

  /** The admin Query for a port query: filters, ordering (with the path tie-break when paging), limit, cursor. */
  toQuery(spec: QuerySpec): Query {
    const problem = queryProblem(spec);
    if (problem) throw new StoreError('invalid-argument', problem);
    let q: Query = spec.group
      ? this.db.collectionGroup(spec.collection)
      : this.db.collection(spec.collection);
    for (const f of spec.where ?? [])
      q = q.where(
        f.field,
        f.op,
        filterValue(f, (path) => this.db.doc(path)),
      );
    for (const o of spec.orderBy ?? []) q = q.orderBy(o.field, o.direction);
    if (spec.startAfter) {
      const order = effectiveOrderBy(spec);
      const last = order[order.length - 1]?.direction ?? 'asc';
      if (!spec.orderBy?.length && order.length > 0)
        for (const o of order) q = q.orderBy(o.field, o.direction);
      q = q
        .orderBy(FieldPath.documentId(), last)
        .startAfter(...spec.startAfter.values, this.db.doc(spec.startAfter.path));
    }
    if (spec.limit !== undefined) q = q.limit(spec.limit);
    return q;
  }

  /**
   * One aggregation query per field. Firestore counts a document in a multi-field aggregation only
   * when it has every aggregated field (an activity without `count` would vanish from the time and
   * calorie sums too); the port promises that a missing field adds 0 and that count counts all.
   */
  private aggregateQueries(spec: QuerySpec, aggregate: AggregateSpec) {
    const q = this.toQuery(spec);
    return {
      count: q.aggregate({ value: AggregateField.count() }),
      sums: (aggregate.sum ?? []).map(
        (field) => [field, q.aggregate({ value: AggregateField.sum(field) })] as const,
      ),
    };
  }

  private static async runAggregate(
    queries: ReturnType<AdminStore['aggregateQueries']>,
    read: (
      q: AggregateQuery<{ value: AggregateField<number> }>,
    ) => Promise<AggregateQuerySnapshot<{ value: AggregateField<number> }>>,
  ): Promise<AggregateResult> {
    const [count, ...sums] = await Promise.all([
      read(queries.count),
      ...queries.sums.map(([, q]) => read(q)),
    ]);
    const sum: Record<string, number> = {};
    queries.sums.forEach(([field], i) => {
      const v = sums[i]?.data().value;
      sum[field] = typeof v === 'number' && Number.isFinite(v) ? v : 0;
    });
    return { count: Number(count.data().value ?? 0), sum };
  }

  get(path: string): Promise<DocSnapshot | null> {
    return mapped(async () => snapshotOf(await this.db.doc(path).get()));
  }

  query(spec: QuerySpec): Promise<DocSnapshot[]> {
    return mapped(async () => (await this.toQuery(spec).get()).docs.map((d) => snapshotOf(d) as DocSnapshot));
  }

  aggregate(spec: QuerySpec, aggregate: AggregateSpec): Promise<AggregateResult> {
    return mapped(() => AdminStore.runAggregate(this.aggregateQueries(spec, aggregate), (q) => q.get()));
  }

  commit(writes: readonly WriteOp[]): Promise<void> {
    return mapped(async () => {
      if (writes.length === 0) return;
      const batch = this.db.batch();
      for (const w of writes) {
        const ref = this.db.doc(w.path);
        if (w.kind === 'delete') batch.delete(ref);
        else if (w.kind === 'update') batch.update(ref, updateData(w));
        else batch.set(ref, w.data, { merge: w.merge === true });
      }
      await batch.commit();
    });
  }

  transact<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return mapped(() =>
      this.db.runTransaction(async (t: AdminTransaction) => {
        const tx: Transaction = {
          get: async (path) => snapshotOf(await t.get(this.db.doc(path))),
          query: async (spec) =>
            (await t.get(this.toQuery(spec))).docs.map((d) => snapshotOf(d) as DocSnapshot),
          aggregate: (spec, aggregate) =>
            AdminStore.runAggregate(this.aggregateQueries(spec, aggregate), (q) => t.get(q)),
          write: (w) => {
            const ref = this.db.doc(w.path);
            if (w.kind === 'delete') t.delete(ref);
            else if (w.kind === 'update') t.update(ref, updateData(w));
            else t.set(ref, w.data, { merge: w.merge === true });
          },
        };
        return fn(tx);
      }),
    );
  }
}
