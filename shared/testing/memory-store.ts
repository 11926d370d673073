/**
 * An in-memory implementation of the store port with Firestore's semantics (firestore/semantics.ts),
 * for tests of reactions, functions and web components. Pure: no clock, no I/O.
 *
 * - `commit` is all-or-nothing; `transact` runs one transaction at a time (a promise mutex), and
 *   commits wait their turn too, so a transaction's reads stay valid until its writes land.
 *   Do not `await store.commit()` inside a `transact` callback: it would wait for itself.
 * - As in Firestore, a transaction must do all its reads before its first write.
 * - Listeners get their first result on a microtask (like onSnapshot), then one call per commit
 *   that changes their result, delivered synchronously before `commit` resolves.
 */

import {
  aggregateDocs,
  applyBatch,
  applyQuery,
  assertValidQuery,
  bufferedTransaction,
  deepClone,
  isDocPath,
  valuesEqual,
} from '../firestore/semantics.ts';
import {
  type AggregateResult,
  type AggregateSpec,
  type DocData,
  type DocSnapshot,
  type LiveDocumentStore,
  type QuerySpec,
  type ReactionStore,
  StoreError,
  splitDocPath,
  type Transaction,
  type Unsubscribe,
  type WriteOp,
} from '../src/store.ts';

export interface DocChange {
  readonly path: string;
  readonly before: DocData | null;
  readonly after: DocData | null;
}

type Watcher =
  | { kind: 'query'; spec: QuerySpec; last: DocSnapshot[] | undefined; onNext: (docs: DocSnapshot[]) => void }
  | {
      kind: 'doc';
      path: string;
      last: DocSnapshot | null | undefined;
      onNext: (doc: DocSnapshot | null) => void;
    };

function snapshotOf(path: string, data: DocData): DocSnapshot {
  return { path, id: splitDocPath(path).id, data: deepClone(data) };
}

function sameDocs(a: readonly DocSnapshot[], b: readonly DocSnapshot[]): boolean {
  return a.length === b.length && a.every((d, i) => d.path === b[i]?.path && valuesEqual(d.data, b[i]?.data));
}

/** Surfaces a listener's own exception without undoing the commit that triggered it. */
function rethrowLater(error: unknown): void {
  void Promise.reject(error);
}

/** Runs on a microtask, as Firestore delivers snapshots asynchronously. */
function later(fn: () => void): void {
  void Promise.resolve().then(fn);
}

export class MemoryStore implements ReactionStore, LiveDocumentStore {
  private docs = new Map<string, DocData>();
  private readonly writes = new Map<string, number>();
  private readonly watchers = new Set<Watcher>();
  private readonly commitListeners = new Set<(changes: DocChange[]) => void>();
  private lock: Promise<void> = Promise.resolve();

  constructor(initial?: Record<string, DocData>) {
    if (initial) this.seed(initial);
  }

  // ---- reads ----

  async get(path: string): Promise<DocSnapshot | null> {
    return this.readDoc(path);
  }

  async query(spec: QuerySpec): Promise<DocSnapshot[]> {
    return this.runQuery(spec);
  }

  async aggregate(spec: QuerySpec, aggregate: AggregateSpec): Promise<AggregateResult> {
    return aggregateDocs(this.runQuery(spec), aggregate);
  }

  // ---- writes ----

  async commit(writes: readonly WriteOp[]): Promise<void> {
    await this.exclusive(async () => this.apply(writes));
  }

  async transact<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.exclusive(async () => {
      const { tx, writes: buffered } = bufferedTransaction({
        get: async (path) => this.readDoc(path),
        query: async (spec) => this.runQuery(spec),
        aggregate: async (spec, aggregate) => aggregateDocs(this.runQuery(spec), aggregate),
      });
      const result = await fn(tx);
      if (buffered.length > 0) this.apply(buffered);
      return result;
    });
  }

  // ---- live ----

  listen(
    spec: QuerySpec,
    onNext: (docs: DocSnapshot[]) => void,
    onError: (error: StoreError) => void,
  ): Unsubscribe {
    const watcher: Watcher = { kind: 'query', spec, last: undefined, onNext };
    try {
      assertValidQuery(spec);
    } catch (error) {
      later(() => onError(error as StoreError));
      return () => {};
    }
    this.watchers.add(watcher);
    later(() => {
      if (this.watchers.has(watcher) && watcher.last === undefined) this.notify(watcher);
    });
    return () => {
      this.watchers.delete(watcher);
    };
  }

  listenDoc(
    path: string,
    onNext: (doc: DocSnapshot | null) => void,
    onError: (error: StoreError) => void,
  ): Unsubscribe {
    if (!isDocPath(path)) {
      later(() => onError(new StoreError('invalid-argument', `Invalid document path '${path}'.`)));
      return () => {};
    }
    const watcher: Watcher = { kind: 'doc', path, last: undefined, onNext };
    this.watchers.add(watcher);
    later(() => {
      if (this.watchers.has(watcher) && watcher.last === undefined) this.notify(watcher);
    });
    return () => {
      this.watchers.delete(watcher);
    };
  }

  // ---- test helpers ----

  /** Every document by path (deep copies). */
  snapshot(): Record<string, DocData> {
    const out: Record<string, DocData> = {};
    for (const path of [...this.docs.keys()].sort()) out[path] = deepClone(this.docs.get(path) as DocData);
    return out;
  }

  /** Puts documents in place as they are (no write counts, no onCommit); live listeners see them. */
  seed(docs: Record<string, DocData>): void {
    for (const [path, data] of Object.entries(docs)) {
      if (!isDocPath(path)) throw new StoreError('invalid-argument', `Invalid document path '${path}'.`);
      this.docs.set(path, deepClone(data));
    }
    this.notifyAll();
  }

  /** How many commits (or transactions) wrote this document. */
  writeCount(path: string): number {
    return this.writes.get(path) ?? 0;
  }

  /** Called synchronously after each successful commit with what each touched document became. */
  onCommit(listener: (changes: DocChange[]) => void): Unsubscribe {
    this.commitListeners.add(listener);
    return () => {
      this.commitListeners.delete(listener);
    };
  }

  // ---- internals ----

  private readDoc(path: string): DocSnapshot | null {
    if (!isDocPath(path)) throw new StoreError('invalid-argument', `Invalid document path '${path}'.`);
    const data = this.docs.get(path);
    return data ? snapshotOf(path, data) : null;
  }

  private runQuery(spec: QuerySpec): DocSnapshot[] {
    assertValidQuery(spec);
    const candidates: DocSnapshot[] = [];
    for (const [path, data] of this.docs) candidates.push({ path, id: splitDocPath(path).id, data });
    return applyQuery(spec, candidates).map((d) => snapshotOf(d.path, d.data));
  }

  /** Applies a batch atomically (throws, changing nothing, when any write fails), then notifies. */
  private apply(writes: readonly WriteOp[]): void {
    const changes = applyBatch(writes, (path) => this.docs.get(path) ?? null);
    for (const [path, { after }] of changes) {
      if (after) this.docs.set(path, after);
      else this.docs.delete(path);
      this.writes.set(path, (this.writes.get(path) ?? 0) + 1);
    }
    const list: DocChange[] = [...changes].map(([path, c]) => ({
      path,
      before: c.before ? deepClone(c.before) : null,
      after: c.after ? deepClone(c.after) : null,
    }));
    for (const listener of this.commitListeners) {
      try {
        listener(list);
      } catch (error) {
        rethrowLater(error);
      }
    }
    this.notifyAll();
  }

  private notifyAll(): void {
    for (const watcher of [...this.watchers]) {
      if (watcher.last !== undefined) this.notify(watcher);
    }
  }

  private notify(watcher: Watcher): void {
    try {
      if (watcher.kind === 'query') {
        const docs = this.runQuery(watcher.spec);
        if (watcher.last !== undefined && sameDocs(watcher.last, docs)) return;
        watcher.last = docs;
        watcher.onNext(docs.map((d) => snapshotOf(d.path, d.data)));
      } else {
        const doc = this.readDoc(watcher.path);
        const last = watcher.last;
        if (last !== undefined && (last === null ? doc === null : doc !== null && sameDocs([last], [doc])))
          return;
        watcher.last = doc;
        watcher.onNext(doc ? snapshotOf(doc.path, doc.data) : null);
      }
    } catch (error) {
      rethrowLater(error);
    }
  }

  /** Runs fn after every earlier commit/transaction has finished; failures release the lock too. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.lock.then(fn);
    this.lock = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }
}
