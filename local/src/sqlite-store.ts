/**
 * The store port (`ReactionStore`) over SQLite (better-sqlite3, WAL): documents at Firestore paths
 * and transactions, with Firestore's semantics from `@fit/shared/firestore/semantics` (reused, not
 * re-implemented). Beside it, by concern: the table (sqlite-schema.ts), the SQL each query runs as
 * (query-plan.ts, pure), the delivery queue (delivery-queue.ts), the write counters
 * (write-counters.ts).
 *
 * - Every commit is one SQLite transaction: the documents and, for each change a reaction cares
 *   about, a delivery row. So a crash either keeps a write with its delivery or neither.
 * - better-sqlite3 is synchronous, so a commit is atomic with respect to other requests on this
 *   connection; `transact` (async callbacks) holds a promise lock that commits also wait for, and a
 *   SQLite write transaction, so its reads stay valid until its writes land (serializable, like
 *   Firestore transactions, without retries). The write gate (write-gate.ts) keeps one writer at a
 *   time across the server and the reactions worker.
 * - A query's SQL only narrows the candidates; the answer always comes from the shared `applyQuery`.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  aggregateDocs,
  applyBatch,
  applyQuery,
  assertValidQuery,
  bufferedTransaction,
  isDocPath,
} from '@fit/shared/firestore/semantics';
import {
  type AggregateResult,
  type AggregateSpec,
  type DocData,
  type DocSnapshot,
  type QuerySpec,
  type ReactionStore,
  StoreError,
  splitDocPath,
  type Transaction,
  type WriteOp,
} from '@fit/shared/store';
import Database from 'better-sqlite3';
import { DeliveryQueue } from './delivery-queue.ts';
import type { IndexChecker } from './indexes.ts';
import {
  aggregateSql,
  candidatesSql,
  type OrderedPlan,
  orderedStatements,
  planOrdered,
  type Sql,
} from './query-plan.ts';
import { DOCS_SCHEMA, declaredIndexesDdl, scopeColumns, WINDOW_SUMS_INDEX } from './sqlite-schema.ts';
import { WriteCounters } from './write-counters.ts';
import { WriteGate } from './write-gate.ts';

export interface DocChange {
  readonly path: string;
  readonly before: DocData | null;
  readonly after: DocData | null;
}

export interface SqliteStoreOptions {
  /** SQLite file path, or ':memory:'. */
  file: string;
  /** Refuses queries whose index firestore.indexes.json lacks; null = no index check. */
  indexes?: IndexChecker | null;
  /** The reaction event of a committed change, or null when no reaction cares (stored as a delivery row). */
  eventForWrite?: (path: string, before: DocData | null, after: DocData | null) => unknown;
  now?: () => number;
  /** Shared with the other threads writing the same file (default: this connection's own gate). */
  writeGate?: WriteGate;
}

/** What commit listeners see: the changed paths, with before/after when the commit was on this connection. */
export type CommitChange = Pick<DocChange, 'path'> & Partial<Pick<DocChange, 'before' | 'after'>>;

/** 'local': a commit on this connection; 'external': one reported by another connection (the reactions worker). */
export type CommitSource = 'local' | 'external';

export type CommitListener = (changes: readonly CommitChange[], source: CommitSource) => void;

/** Checks a batch's resulting changes before they are written (access policy); throws to refuse. */
export type ChangeCheck = (changes: readonly DocChange[]) => void;

type Row = { path: string; data: string };

/** Prepared statements kept per SQL text (the planner's texts repeat: one per query shape). */
const MAX_CACHED_STATEMENTS = 500;

export class SqliteStore implements ReactionStore {
  readonly db: Database.Database;
  /** The reactions' at-least-once queue, written in the same SQLite transaction as the documents. */
  readonly deliveries: DeliveryQueue;
  /** Writes per document (this connection's commits and those other connections report). */
  readonly writeCounters = new WriteCounters();
  private readonly indexes: IndexChecker | null;
  private readonly eventForWrite: SqliteStoreOptions['eventForWrite'];
  private readonly now: () => number;
  private readonly listeners = new Set<CommitListener>();
  /** Inside `transact`: changes held back until the SQLite transaction commits. */
  private deferred: DocChange[][] | null = null;
  /** One writer at a time across threads (see write-gate.ts); held: by this connection now. */
  readonly writeGate: WriteGate;
  private gateHeld = false;
  private lock: Promise<void> = Promise.resolve();
  private locked = false;
  private readonly statements = new Map<string, Database.Statement>();

  private readonly stmt: {
    get: Database.Statement<[string], { data: string }>;
    upsert: Database.Statement<[string, string, string, string]>;
    remove: Database.Statement<[string]>;
  };

  constructor(options: SqliteStoreOptions) {
    if (options.file !== ':memory:') mkdirSync(dirname(options.file), { recursive: true });
    this.db = new Database(options.file);
    this.db.pragma('journal_mode = WAL');
    // NORMAL in WAL mode: a commit is durable against a process crash (SIGKILL), which is what
    // local mode promises; FULL would also survive power loss at a large cost in writes/s.
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(DOCS_SCHEMA);
    this.db.exec(WINDOW_SUMS_INDEX);
    for (const ddl of declaredIndexesDdl(options.indexes?.sqlIndexes() ?? [])) this.db.exec(ddl);
    this.indexes = options.indexes ?? null;
    this.eventForWrite = options.eventForWrite;
    this.now = options.now ?? Date.now;
    this.writeGate = options.writeGate ?? new WriteGate(true);
    this.deliveries = new DeliveryQueue(this.db, (fn) => this.writeSync(fn), this.now);
    this.stmt = {
      get: this.db.prepare('SELECT data FROM docs WHERE path = ?'),
      upsert: this.db.prepare(
        'INSERT INTO docs (path, parent, coll, data) VALUES (?, ?, ?, ?) ON CONFLICT(path) DO UPDATE SET data = excluded.data',
      ),
      remove: this.db.prepare('DELETE FROM docs WHERE path = ?'),
    };
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  // ---- reads ----

  async get(path: string): Promise<DocSnapshot | null> {
    return this.readDoc(path);
  }

  async query(spec: QuerySpec): Promise<DocSnapshot[]> {
    return this.runQuery(spec);
  }

  async aggregate(spec: QuerySpec, aggregate: AggregateSpec): Promise<AggregateResult> {
    return this.aggregateSync(spec, aggregate);
  }

  /**
   * Count and sums; computed in SQL (no document parsed) when the query has an exact SQL form
   * and no limit or cursor, as Firestore computes aggregates server-side; else over the results.
   */
  aggregateSync(spec: QuerySpec, aggregate: AggregateSpec): AggregateResult {
    this.checkQuery(spec);
    const fields = aggregate?.sum ?? [];
    const plan = spec.limit === undefined && !spec.startAfter ? this.exactPlan(spec) : null;
    const statement = plan && aggregateSql(plan, fields);
    if (!statement) return aggregateDocs(this.runQuery(spec), aggregate);
    const row = this.run(statement).get() as Record<string, number>;
    const sum: Record<string, number> = {};
    fields.forEach((f, i) => {
      sum[f] = row[`s${i}`] ?? 0;
    });
    return { count: row.n ?? 0, sum };
  }

  /** Synchronous read (the server's listen streams re-run queries right after a commit). */
  readDoc(path: string): DocSnapshot | null {
    if (typeof path !== 'string' || !isDocPath(path))
      throw new StoreError('invalid-argument', `Invalid document path '${String(path)}'.`);
    const row = this.stmt.get.get(path);
    return row ? { path, id: splitDocPath(path).id, data: JSON.parse(row.data) as DocData } : null;
  }

  /** Synchronous query with Firestore's shape and index checks. */
  runQuery(spec: QuerySpec): DocSnapshot[] {
    this.checkQuery(spec);
    const rows = this.orderedRows(spec) ?? (this.run(candidatesSql(spec)).all() as Row[]);
    const candidates = rows.map((r) => ({
      path: r.path,
      id: splitDocPath(r.path).id,
      data: JSON.parse(r.data) as DocData,
    }));
    return applyQuery(spec, candidates);
  }

  private checkQuery(spec: QuerySpec): void {
    if (!spec || typeof spec !== 'object') throw new StoreError('invalid-argument', 'A query is required.');
    assertValidQuery(spec);
    this.indexes?.check(spec);
  }

  /** The fast-path plan when it is exact for the data now stored (no probe finds another type). */
  private exactPlan(spec: QuerySpec): OrderedPlan | null {
    const plan = planOrdered(spec);
    if (!plan || plan.probes.some((probe) => this.run(probe).get() !== undefined)) return null;
    return plan;
  }

  /** The fast path's rows (see query-plan.ts), or null to take the slow path. */
  private orderedRows(spec: QuerySpec): Row[] | null {
    const plan = this.exactPlan(spec);
    const statements = plan && orderedStatements(spec, plan);
    if (!statements) return null;
    type Keyed = Row & { k: number };
    const rows: Keyed[] = statements.atCursor ? (this.run(statements.atCursor).all() as Keyed[]) : [];
    const main = this.run(statements.main).all() as Keyed[];
    rows.push(...main);
    const last = main[main.length - 1];
    if (spec.limit !== undefined && main.length === spec.limit && last)
      for (const row of this.run(statements.tiedAt(last.k)).all() as Keyed[])
        if (row.path !== last.path && !main.some((m) => m.path === row.path)) rows.push(row);
    return rows;
  }

  /** A planner statement, prepared once per SQL text, bound to its parameters. */
  private run(statement: Sql): { get(): unknown; all(): unknown[] } {
    let prepared = this.statements.get(statement.sql);
    if (!prepared) {
      prepared = this.db.prepare(statement.sql);
      if (this.statements.size < MAX_CACHED_STATEMENTS) this.statements.set(statement.sql, prepared);
    }
    const p = prepared;
    return { get: () => p.get(...statement.params), all: () => p.all(...statement.params) };
  }

  // ---- writes ----

  async commit(writes: readonly WriteOp[]): Promise<void> {
    await this.commitChecked(writes);
  }

  /**
   * Applies a batch all-or-nothing; `check` sees the resulting changes first and may throw to
   * refuse the whole batch (nothing written). Resolves with the changes made.
   */
  async commitChecked(writes: readonly WriteOp[], check?: ChangeCheck): Promise<DocChange[]> {
    if (!this.locked && this.writeGate.tryEnter()) return this.inGate(() => this.applySync(writes, check));
    return this.exclusive(async () => {
      await this.writeGate.enter();
      return this.inGate(() => this.applySync(writes, check));
    });
  }

  /**
   * Runs `fn` as one SQLite write transaction (BEGIN IMMEDIATE), so its reads and writes are
   * serializable with respect to other connections to the same file too (the reactions worker and
   * the server's own), not only to this connection's commits. `fn` should only await the store:
   * other connections wait (busy_timeout) while it runs.
   */
  async transact<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.exclusive(async () => {
      if (this.db.inTransaction) return this.transactBody(fn);
      await this.writeGate.enter();
      this.gateHeld = true;
      this.deferred = [];
      let committed: DocChange[][] = [];
      try {
        this.db.exec('BEGIN IMMEDIATE');
        const result = await this.transactBody(fn);
        this.db.exec('COMMIT');
        committed = this.deferred;
        return result;
      } finally {
        this.deferred = null;
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
        this.gateHeld = false;
        this.writeGate.leave();
        for (const changes of committed) this.publish(changes, 'local');
      }
    });
  }

  private async transactBody<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const { tx, writes: buffered } = bufferedTransaction({
      get: async (path) => this.readDoc(path),
      query: async (spec) => this.runQuery(spec),
      aggregate: async (spec, aggregate) => this.aggregateSync(spec, aggregate),
    });
    const result = await fn(tx);
    if (buffered.length > 0) this.applySync(buffered);
    return result;
  }

  /**
   * Called synchronously after each successful commit or transaction with its changes, and with
   * the changes another connection reports through `publish` (source 'external').
   */
  onCommit(listener: CommitListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Puts documents in place as they are (the demo data, the benchmark's seed): no write counts, no
   * delivery rows, no listeners.
   */
  seed(docs: Readonly<Record<string, DocData>>): void {
    this.writeSync(() => {
      const run = this.db.transaction(() => {
        for (const [path, data] of Object.entries(docs)) {
          if (!isDocPath(path)) throw new StoreError('invalid-argument', `Invalid document path '${path}'.`);
          const { parent, coll } = scopeColumns(splitDocPath(path).collection);
          this.stmt.upsert.run(path, parent, coll, JSON.stringify(data));
        }
      });
      run();
    });
  }

  private applySync(writes: readonly WriteOp[], check?: ChangeCheck): DocChange[] {
    if (!Array.isArray(writes)) throw new StoreError('invalid-argument', 'A commit needs a list of writes.');
    const run = this.db.transaction((): DocChange[] => {
      const batch = applyBatch(writes, (path) => {
        const row = this.stmt.get.get(path);
        return row ? (JSON.parse(row.data) as DocData) : null;
      });
      const changes: DocChange[] = [...batch].map(([path, c]) => ({
        path,
        before: c.before,
        after: c.after,
      }));
      check?.(changes);
      const now = this.now();
      for (const change of changes) {
        if (change.after) {
          const { parent, coll } = scopeColumns(splitDocPath(change.path).collection);
          this.stmt.upsert.run(change.path, parent, coll, JSON.stringify(change.after));
        } else {
          this.stmt.remove.run(change.path);
        }
        const event = this.eventForWrite?.(change.path, change.before, change.after);
        if (event) this.deliveries.enqueueInTransaction(event, now);
      }
      return changes;
    });
    // IMMEDIATE: the write lock before the reads, as another connection (the reactions worker)
    // may write in between; a deferred transaction could not upgrade then (SQLITE_BUSY at once).
    const changes = run.immediate();
    if (this.deferred) this.deferred.push(changes);
    else this.publish(changes, 'local');
    return changes;
  }

  /**
   * Counts the writes and tells the listeners. Another connection's commits (the reactions
   * worker's) come in here with source 'external' and the time they were committed.
   */
  publish(changes: readonly CommitChange[], source: CommitSource, at = this.now()): void {
    this.writeCounters.count(
      changes.map((c) => c.path),
      at,
    );
    for (const listener of this.listeners) {
      try {
        listener(changes, source);
      } catch (error) {
        console.error('commit listener failed:', error);
      }
    }
  }

  // ---- the write gate and the promise lock ----

  /** Runs fn with the write gate, entered just before by the caller. */
  private inGate<T>(fn: () => T): T {
    this.gateHeld = true;
    try {
      return fn();
    } finally {
      this.gateHeld = false;
      this.writeGate.leave();
    }
  }

  /**
   * After another thread sharing the gate has exited: if it held the gate (this connection does
   * not), nobody will ever leave it, so it is released here. SQLite rolled back its transaction.
   */
  releaseWriteGateOfGoneThread(): void {
    if (!this.gateHeld) this.writeGate.leave();
  }

  /**
   * A synchronous write on this connection outside the store port (the delivery queue, the demo
   * seed, test helpers): waits (blocking this thread) for the write gate unless this connection
   * holds it already.
   */
  writeSync<T>(fn: () => T): T {
    if (this.gateHeld) return fn();
    this.writeGate.enterSync();
    return this.inGate(fn);
  }

  /** Runs fn after every earlier transaction has finished; failures release the lock too. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.lock.then(async () => {
      this.locked = true;
      try {
        return await fn();
      } finally {
        this.locked = false;
      }
    });
    this.lock = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }
}
