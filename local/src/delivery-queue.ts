/**
 * The delivery queue that makes reactions at-least-once: a commit inserts, in its own SQLite
 * transaction, one row per change a reaction cares about (so a crash keeps a write with its
 * delivery or neither); the reactions runner takes due rows, deletes each once its reaction has
 * run, and reschedules a failed one with its error.
 */
import type Database from 'better-sqlite3';

export interface DeliveryRow {
  readonly id: number;
  readonly event: unknown;
  readonly attempts: number;
}

const SCHEMA = `
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

/** A stored error is cut to this many characters. */
const MAX_ERROR_CHARS = 2000;

export class DeliveryQueue {
  private readonly stmt: {
    insert: Database.Statement<[string, number]>;
    due: Database.Statement<[number, number], { id: number; event: string; attempts: number }>;
    done: Database.Statement<[number]>;
    retry: Database.Statement<[number, string, number]>;
    pending: Database.Statement<[], { n: number }>;
  };

  /**
   * @param write runs a synchronous write under the store's write gate (one writer at a time
   *   across the server and the reactions worker).
   */
  constructor(
    db: Database.Database,
    private readonly write: <T>(fn: () => T) => T,
    private readonly now: () => number,
  ) {
    db.exec(SCHEMA);
    this.stmt = {
      insert: db.prepare('INSERT INTO deliveries (event, created_at) VALUES (?, ?)'),
      due: db.prepare('SELECT id, event, attempts FROM deliveries WHERE next_at <= ? ORDER BY id LIMIT ?'),
      done: db.prepare('DELETE FROM deliveries WHERE id = ?'),
      retry: db.prepare(
        'UPDATE deliveries SET attempts = attempts + 1, next_at = ?, last_error = ? WHERE id = ?',
      ),
      pending: db.prepare('SELECT count(*) AS n FROM deliveries'),
    };
  }

  /** Inside the commit's SQLite transaction (the caller holds the gate already). */
  enqueueInTransaction(event: unknown, at: number): void {
    this.stmt.insert.run(JSON.stringify(event), at);
  }

  due(limit: number, now = this.now()): DeliveryRow[] {
    return this.stmt.due
      .all(now, limit)
      .map((r) => ({ id: r.id, event: JSON.parse(r.event) as unknown, attempts: r.attempts }));
  }

  complete(id: number): void {
    this.write(() => this.stmt.done.run(id));
  }

  retry(id: number, nextAt: number, error: string): void {
    this.write(() => this.stmt.retry.run(nextAt, error.slice(0, MAX_ERROR_CHARS), id));
  }

  pending(): number {
    return this.stmt.pending.get()?.n ?? 0;
  }
}
