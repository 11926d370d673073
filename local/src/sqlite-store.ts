/**
 * The store port over SQLite (better-sqlite3, WAL): documents at Firestore paths, Firestore's
 * semantics from `@fit/shared/firestore/semantics` (reused, not re-implemented), and the delivery
 * rows that make reactions at-least-once.
 *
 * - Every commit is one SQLite transaction: the documents and, for each change a reaction cares
 *   about, a delivery row. So a crash either keeps a write with its delivery or neither.
 * - better-sqlite3 is synchronous, so a commit is atomic with respect to other requests; `transact`
 *   (async callbacks) holds a promise lock that commits also wait for, so its reads stay valid until
 *   its writes land (serializable, like Firestore transactions, without retries).
 * - Queries read the candidate documents of one collection (or collection group) through an index
 *   on the parent path / collection id, push equality filters down to SQLite as a pre-filter, then
 *   apply the exact Firestore semantics in JS.
 * - Each document's writes are counted (total, and the most in any one second) for the tests that
 *   hold Firestore's one-write-per-second-per-document guideline.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  aggregateDocs,
  applyBatch,
  applyQuery,
  assertValidQuery,
  bufferedTransaction,
  effectiveOrderBy,
  isDocPath,
  isPlainMap,
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
import { PERIOD_SUM_FIELDS } from '@fit/shared/totals';
import Database from 'better-sqlite3';
import type { IndexChecker } from './indexes.ts';
import { WriteGate } from './write-gate.ts';

export interface DocChange {
  readonly path: string;
  readonly before: DocData | null;
  readonly after: DocData | null;
}

export interface DeliveryRow {
  readonly id: number;
  readonly event: unknown;
  readonly attempts: number;
}

export interface WriteStats {
  readonly total: number;
  /** The most writes this document took within one wall-clock second. */
  readonly maxPerSecond: number;
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

const SCHEMA = `
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
CREATE TABLE IF NOT EXISTS deliveries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  event TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS deliveries_due ON deliveries(next_at, id);
`;

/**
 * Period totals (every reaction to an activity, the dashboard's stats) sum PERIOD_SUM_FIELDS over a
 * timestamp window of one user's activities. With each expression the aggregate's SQL evaluates in
 * this index, SQLite answers it from the index alone instead of parsing every document's JSON
 * (about 4x faster at 2,000 activities). The expressions must stay textually equal to those built
 * by `aggregateSync` and `plan`.
 */
const WINDOW_SUMS_INDEX = (() => {
  const typed = (field: string) =>
    `json_type(data, '${jsonPath(field)}'), json_extract(data, '${jsonPath(field)}')`;
  const columns = [
    `json_extract(data, '${jsonPath('timestamp')}')`,
    `json_type(data, '${jsonPath('timestamp')}')`,
    ...PERIOD_SUM_FIELDS.map(typed),
  ];
  return `CREATE INDEX IF NOT EXISTS docs_window_sums ON docs(parent, ${columns.join(', ')})`;
})();

/** `$."a"."b"` for the dotted field path `a.b` (quoted, so any field name is safe). */
function jsonPath(field: string): string {
  return `$${field
    .split('.')
    .map((s) => `."${s.replaceAll('"', '""')}"`)
    .join('')}`;
}

function parentOf(path: string): { parent: string; coll: string } {
  const { collection } = splitDocPath(path);
  return { parent: collection, coll: collection.slice(collection.lastIndexOf('/') + 1) };
}

const SAFE_FIELD = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** `'$."a"."b"'` as a SQL string literal, for plain field names only (others take the slow path). */
function jsonPathLiteral(field: string): string {
  return jsonPath(field);
}

/** The SQL expression of a field's value, or null for field names the fast paths do not handle. */
function sqlJson(field: string): string | null {
  return SAFE_FIELD.test(field) ? `json_extract(data, '${jsonPath(field)}')` : null;
}

const RANGE_OPS = new Set(['<', '<=', '>', '>=']);

/** An exact SQL test of `field == value` for strings, numbers and booleans (null: no fast path). */
function exactEquality(field: string, value: unknown): { sql: string; params: (string | number)[] } | null {
  const expr = sqlJson(field);
  if (!expr) return null;
  const type = `json_type(data, '${jsonPath(field)}')`;
  if (typeof value === 'string') return { sql: `${type} = 'text' AND ${expr} = ?`, params: [value] };
  if (typeof value === 'number' && Number.isFinite(value))
    return { sql: `${type} IN ('integer', 'real') AND ${expr} = ?`, params: [value] };
  if (typeof value === 'boolean')
    return { sql: `${type} = '${value ? 'true' : 'false'}' AND ${expr} = ?`, params: [value ? 1 : 0] };
  return null;
}

interface Plan {
  where: string;
  params: (string | number)[];
  value: string;
  direction: 'asc' | 'desc';
  bound: (op: string, v: number) => void;
  bounds: () => { sql: string; params: number[] };
}

export class SqliteStore implements ReactionStore {
  readonly db: Database.Database;
  private readonly indexes: IndexChecker | null;
  private readonly eventForWrite: SqliteStoreOptions['eventForWrite'];
  private readonly now: () => number;
  private readonly listeners = new Set<CommitListener>();
  /** Inside `transact`: changes held back until the SQLite transaction commits. */
  private deferred: DocChange[][] | null = null;
  private readonly writeStats = new Map<
    string,
    { total: number; second: number; inSecond: number; max: number }
  >();
  /** One writer at a time across threads (see write-gate.ts); held: by this connection now. */
  readonly writeGate: WriteGate;
  private gateHeld = false;
  private lock: Promise<void> = Promise.resolve();
  private locked = false;
  private readonly ordered = new Map<string, Database.Statement>();

  private readonly stmt: {
    get: Database.Statement<[string], { data: string }>;
    byParent: Database.Statement<[string], { path: string; data: string }>;
    byColl: Database.Statement<[string], { path: string; data: string }>;
    upsert: Database.Statement<[string, string, string, string]>;
    remove: Database.Statement<[string]>;
    deliver: Database.Statement<[string, number]>;
    due: Database.Statement<[number, number], { id: number; event: string; attempts: number }>;
    done: Database.Statement<[number]>;
    retry: Database.Statement<[number, string, number]>;
    pending: Database.Statement<[], { n: number }>;
  };

  constructor(options: SqliteStoreOptions) {
    if (options.file !== ':memory:') mkdirSync(dirname(options.file), { recursive: true });
    this.db = new Database(options.file);
    this.db.pragma('journal_mode = WAL');
    // NORMAL in WAL mode: a commit is durable against a process crash (SIGKILL), which is what
    // local mode promises; FULL would also survive power loss at a large cost in writes/s.
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
    this.db.exec(WINDOW_SUMS_INDEX);
    // The composite indexes firestore.indexes.json declares, as SQLite expression indexes, so the
    // queries they serve in Firestore (the boards' top 3) are index walks here too.
    for (const index of options.indexes?.sqlIndexes() ?? []) {
      const columns = index.fields.map(sqlJson);
      if (columns.some((c) => c === null)) continue;
      const name = `fs_${index.scope}_${index.fields.join('_').replace(/[^A-Za-z0-9_]/g, '_')}`;
      this.db.exec(`CREATE INDEX IF NOT EXISTS "${name}" ON docs(${index.scope}, ${columns.join(', ')})`);
    }
    this.indexes = options.indexes ?? null;
    this.eventForWrite = options.eventForWrite;
    this.now = options.now ?? Date.now;
    this.writeGate = options.writeGate ?? new WriteGate(true);
    this.stmt = {
      get: this.db.prepare('SELECT data FROM docs WHERE path = ?'),
      byParent: this.db.prepare('SELECT path, data FROM docs WHERE parent = ?'),
      byColl: this.db.prepare('SELECT path, data FROM docs WHERE coll = ?'),
      upsert: this.db.prepare(
        'INSERT INTO docs (path, parent, coll, data) VALUES (?, ?, ?, ?) ON CONFLICT(path) DO UPDATE SET data = excluded.data',
      ),
      remove: this.db.prepare('DELETE FROM docs WHERE path = ?'),
      deliver: this.db.prepare('INSERT INTO deliveries (event, created_at) VALUES (?, ?)'),
      due: this.db.prepare(
        'SELECT id, event, attempts FROM deliveries WHERE next_at <= ? ORDER BY id LIMIT ?',
      ),
      done: this.db.prepare('DELETE FROM deliveries WHERE id = ?'),
      retry: this.db.prepare(
        'UPDATE deliveries SET attempts = attempts + 1, next_at = ?, last_error = ? WHERE id = ?',
      ),
      pending: this.db.prepare('SELECT count(*) AS n FROM deliveries'),
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
    if (!spec || typeof spec !== 'object') throw new StoreError('invalid-argument', 'A query is required.');
    assertValidQuery(spec);
    this.indexes?.check(spec);
    const fields = aggregate?.sum ?? [];
    const plan =
      spec.limit === undefined && !spec.startAfter && fields.every((f) => sqlJson(f) !== null)
        ? this.plan(spec)
        : null;
    if (!plan) return aggregateDocs(this.runQuery(spec), aggregate);
    const range = plan.bounds();
    const sums = fields.map(
      (f, i) =>
        `total(CASE WHEN json_type(data, '${jsonPath(f)}') IN ('integer', 'real') THEN ${sqlJson(f)} END) AS s${i}`,
    );
    const row = this.prepared(
      `SELECT count(*) AS n${sums.map((x) => `, ${x}`).join('')} FROM docs WHERE ${plan.where}${range.sql}`,
    ).get(...plan.params, ...range.params) as Record<string, number>;
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
    if (!spec || typeof spec !== 'object') throw new StoreError('invalid-argument', 'A query is required.');
    assertValidQuery(spec);
    this.indexes?.check(spec);
    const rows = this.orderedRows(spec) ?? this.candidateRows(spec);
    const candidates = rows.map((r) => ({
      path: r.path,
      id: splitDocPath(r.path).id,
      data: JSON.parse(r.data) as DocData,
    }));
    return applyQuery(spec, candidates);
  }

  /** Every document of the scope, narrowed by the equality filters SQLite can pre-check. */
  private candidateRows(spec: QuerySpec): { path: string; data: string }[] {
    const clauses: string[] = [spec.group ? 'coll = ?' : 'parent = ?'];
    const params: (string | number)[] = [spec.collection];
    for (const f of spec.where ?? []) {
      if (f.op !== '==') continue;
      const p = exactEquality(f.field, f.value);
      if (p) {
        clauses.push(p.sql);
        params.push(...p.params);
      }
    }
    if (clauses.length === 1)
      return (spec.group ? this.stmt.byColl : this.stmt.byParent).all(spec.collection);
    return this.db.prepare(`SELECT path, data FROM docs WHERE ${clauses.join(' AND ')}`).all(...params) as {
      path: string;
      data: string;
    }[];
  }

  /**
   * The fast path: a query ordered by one numeric field (feeds, recent activities, period sums,
   * paging) runs as one SQL statement with ORDER BY and LIMIT, served by the expression index on
   * `timestamp`. Exact only when every filter translates exactly and every document of the scope
   * that has the ordering field holds a number there (Firestore orders by type first), so it
   * answers null (fall back) otherwise; JS re-applies the query on the rows either way.
   */
  /** The exact SQL form of a query ordered by one numeric field, or null when there is none. */
  private plan(spec: QuerySpec): Plan | null {
    const order = effectiveOrderBy(spec);
    if (order.length !== 1) return null;
    const { field, direction } = order[0] as { field: string; direction: 'asc' | 'desc' };
    const value = sqlJson(field);
    if (!value) return null;
    const scope = spec.group ? 'coll = ?' : 'parent = ?';
    const clauses: string[] = [scope, `json_type(data, '${jsonPathLiteral(field)}') IN ('integer', 'real')`];
    const params: (string | number)[] = [spec.collection];
    let pinned = false;
    // Range filters (and the cursor) fold into one lower and one upper bound, so that SQLite
    // seeks the index once instead of scanning from the looser bound.
    let lower: { v: number; strict: boolean } | undefined;
    let upper: { v: number; strict: boolean } | undefined;
    const bound = (op: string, v: number) => {
      const strict = op === '<' || op === '>';
      if (op === '>' || op === '>=') {
        if (!lower || v > lower.v || (v === lower.v && strict)) lower = { v, strict };
      } else if (!upper || v < upper.v || (v === upper.v && strict)) upper = { v, strict };
    };
    for (const f of spec.where ?? []) {
      if (f.op === '==') {
        const p = exactEquality(f.field, f.value);
        if (!p) return null;
        clauses.push(p.sql);
        params.push(...p.params);
      } else if (
        RANGE_OPS.has(f.op) &&
        f.field === field &&
        typeof f.value === 'number' &&
        Number.isFinite(f.value)
      ) {
        bound(f.op, f.value);
        pinned = true;
      } else {
        return null;
      }
    }
    if (!pinned) {
      // Without a numeric range filter, documents holding another type would sort elsewhere.
      // Only documents that pass the equality filters matter. Each probe seeks an index on the
      // field where there is one: SQLite orders NULL < numbers < text, and json_extract gives
      // true/false as 1/0 and arrays/maps as text.
      const where = [scope, ...clauses.slice(2)].join(' AND ');
      const type = `json_type(data, '${jsonPathLiteral(field)}')`;
      for (const probe of [
        `${value} >= ''`,
        `${value} IN (0, 1) AND ${type} IN ('true', 'false')`,
        `${value} IS NULL AND ${type} = 'null'`,
      ]) {
        if (this.prepared(`SELECT 1 FROM docs WHERE ${where} AND ${probe} LIMIT 1`).get(...params))
          return null;
      }
    }
    const bounds = (): { sql: string; params: number[] } => {
      let sql = '';
      const ps: number[] = [];
      for (const [b, op] of [
        [lower, '>'],
        [upper, '<'],
      ] as const) {
        if (!b) continue;
        sql += ` AND ${value} ${op}${b.strict ? '' : '='} ?`;
        ps.push(b.v);
      }
      return { sql, params: ps };
    };
    return { where: clauses.join(' AND '), params, value, direction, bound, bounds };
  }

  private orderedRows(spec: QuerySpec): { path: string; data: string }[] | null {
    const plan = this.plan(spec);
    if (!plan) return null;
    const { value, direction, params, bound } = plan;
    // ORDER BY the value then the raw path: the index (scope, value) ends with the primary key, so
    // SQLite walks it in order without sorting. Raw path order can differ from Firestore's
    // segment-wise order only among equal values, so every document that shares the value at
    // the cursor or at the limit boundary is fetched too, and applyQuery settles the order.
    const dir = direction === 'desc' ? 'DESC' : 'ASC';
    const select = `SELECT path, data, ${value} AS k FROM docs WHERE ${plan.where}`;
    const equal = this.prepared(`${select} AND ${value} = ?`);
    const rows: { path: string; data: string; k: number }[] = [];
    if (spec.startAfter) {
      const v = spec.startAfter.values[0];
      if (typeof v !== 'number' || !Number.isFinite(v)) return null;
      rows.push(...(equal.all(...params, v) as typeof rows));
      bound(direction === 'desc' ? '<' : '>', v);
    }
    const range = plan.bounds();
    const mainSql = select + range.sql;
    const mainParams = [...params, ...range.params];
    const limit = spec.limit === undefined ? '' : ` LIMIT ${spec.limit}`;
    const main = this.prepared(`${mainSql} ORDER BY ${value} ${dir}, path ${dir}${limit}`).all(
      ...mainParams,
    ) as typeof rows;
    rows.push(...main);
    const last = main[main.length - 1];
    if (spec.limit !== undefined && main.length === spec.limit && last)
      for (const row of equal.all(...params, last.k) as typeof rows)
        if (row.path !== last.path && !main.some((m) => m.path === row.path)) rows.push(row);
    return rows;
  }

  private prepared(sql: string): Database.Statement {
    let statement = this.ordered.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      if (this.ordered.size < 500) this.ordered.set(sql, statement);
    }
    return statement;
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

  // ---- write counters ----

  writeStatsOf(path: string): WriteStats {
    const s = this.writeStats.get(path);
    return { total: s?.total ?? 0, maxPerSecond: s?.max ?? 0 };
  }

  /** Documents written more than `limit` times within one second since the server started. */
  hotDocuments(limit = 1): { path: string; maxPerSecond: number }[] {
    return [...this.writeStats]
      .filter(([, s]) => s.max > limit)
      .map(([path, s]) => ({ path, maxPerSecond: s.max }))
      .sort((a, b) => b.maxPerSecond - a.maxPerSecond);
  }

  // ---- test and tooling helpers ----

  /** Puts documents in place as they are: no write counts, no delivery rows, no listeners. */
  seed(docs: Readonly<Record<string, DocData>>): void {
    this.gatedSync(() => this.seedInGate(docs));
  }

  private seedInGate(docs: Readonly<Record<string, DocData>>): void {
    const run = this.db.transaction(() => {
      for (const [path, data] of Object.entries(docs)) {
        if (!isDocPath(path)) throw new StoreError('invalid-argument', `Invalid document path '${path}'.`);
        const { parent, coll } = parentOf(path);
        this.stmt.upsert.run(path, parent, coll, JSON.stringify(data));
      }
    });
    run();
  }

  /** Every document by path. */
  snapshot(): Record<string, DocData> {
    const out: Record<string, DocData> = {};
    for (const row of this.db.prepare('SELECT path, data FROM docs ORDER BY path').all() as {
      path: string;
      data: string;
    }[])
      out[row.path] = JSON.parse(row.data) as DocData;
    return out;
  }

  /** Removes every document and delivery (tests). */
  clear(): void {
    this.gatedSync(() => this.db.exec('DELETE FROM docs; DELETE FROM deliveries;'));
    this.writeStats.clear();
  }

  // ---- deliveries ----

  dueDeliveries(limit: number, now = this.now()): DeliveryRow[] {
    return this.stmt.due
      .all(now, limit)
      .map((r) => ({ id: r.id, event: JSON.parse(r.event) as unknown, attempts: r.attempts }));
  }

  completeDelivery(id: number): void {
    this.gatedSync(() => this.stmt.done.run(id));
  }

  retryDelivery(id: number, nextAt: number, error: string): void {
    this.gatedSync(() => this.stmt.retry.run(nextAt, error.slice(0, 2000), id));
  }

  pendingDeliveries(): number {
    return this.stmt.pending.get()?.n ?? 0;
  }

  // ---- internals ----

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
          const { parent, coll } = parentOf(change.path);
          this.stmt.upsert.run(change.path, parent, coll, JSON.stringify(change.after));
        } else {
          this.stmt.remove.run(change.path);
        }
        const event = this.eventForWrite?.(change.path, change.before, change.after);
        if (event) this.stmt.deliver.run(JSON.stringify(event), now);
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
    this.count(changes, at);
    for (const listener of this.listeners) {
      try {
        listener(changes, source);
      } catch (error) {
        console.error('commit listener failed:', error);
      }
    }
  }

  private count(changes: readonly CommitChange[], at: number): void {
    const second = Math.floor(at / 1000);
    for (const { path } of changes) {
      const s = this.writeStats.get(path) ?? { total: 0, second, inSecond: 0, max: 0 };
      if (s.second !== second) {
        s.second = second;
        s.inSecond = 0;
      }
      s.total++;
      s.inSecond++;
      s.max = Math.max(s.max, s.inSecond);
      this.writeStats.set(path, s);
    }
  }

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

  /** A synchronous write: waits (blocking this thread) for the gate unless this connection holds it. */
  private gatedSync<T>(fn: () => T): T {
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

/** Whether a value is a plain JSON map (request bodies). */
export function isMap(value: unknown): value is DocData {
  return isPlainMap(value);
}
