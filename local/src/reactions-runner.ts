/**
 * Runs the shared reactions after commits, the way Cloud Functions deliver Firestore triggers:
 * at least once (a delivery row is written in the same SQLite transaction as the change and is
 * deleted only after the reaction succeeded, so a crash means a re-run after restart), possibly
 * late, retried with backoff. Then a prompt board rollup (debounced after reactions) and a timer
 * that re-runs the rollup and the expiry of old projections.
 *
 * Coalesced and paced (issue 8): all due deliveries of one user are one recompute (reactUser), a
 * user is recomputed at most once per `minGapMs` (default 1 s, Firestore's sustained rate per
 * document), and a recompute that finds a document written under a gap ago by anything else (the
 * deletion, the rollup) leaves it and keeps the user's deliveries due until the time it names.
 * Other users go on meanwhile.
 */
import {
  expireProjections,
  MAX_DEFERRALS,
  PROJECTION_MIN_GAP_MS,
  type ReactionEnv,
  type ReactionEvent,
  reactUser,
  rollupBoards,
} from '@fit/shared/reactions/index';
import type { DeliveryRow } from './delivery-queue.ts';
import type { SqliteStore } from './sqlite-store.ts';

export interface RunnerOptions {
  timeZone: string;
  rollupDebounceMs: number;
  rollupIntervalMs: number;
  /** At most one rollup per this many ms, so a board is written at most once a second (default 1000). */
  rollupMinGapMs?: number;
  /** After this many failed attempts a delivery is dropped and logged (Cloud Functions retry for a day). */
  maxAttempts?: number;
  /** The least time between two writes of one projection document (default 1000; 0: unpaced). */
  minGapMs?: number;
  now?: () => number;
  log?: (message: string) => void;
}

/**
 * Deliveries read per pass. Rows of users waiting out their gap are read and skipped, so a pass
 * reads well more than one user's burst (which may stand first in line).
 */
const BATCH = 1000;

/**
 * What the server needs of the reactions: `ReactionRunner` on the server's own thread and
 * connection, or `WorkerReactions` (reactions-thread.ts), the same runner in a worker thread.
 */
export interface Reactions {
  /** An environment on the server's connection (account deletion, the audit). */
  env(): ReactionEnv;
  start(): void;
  wake(): void;
  idle(timeoutMs?: number): Promise<boolean>;
  rollupNow(): Promise<void>;
  stop(): Promise<void>;
}

export class ReactionRunner implements Reactions {
  private draining = false;
  private again = false;
  private stopped = false;
  private wakeTimer: NodeJS.Timeout | undefined;
  private wakeAt = Number.POSITIVE_INFINITY;
  /** Users whose deliveries wait until then (wall-clock ms): recomputed less than a gap ago. */
  private readonly notBefore = new Map<string, number>();
  /** Deferrals in a row per user; after MAX_DEFERRALS the recompute runs unpaced (it must converge). */
  private readonly deferrals = new Map<string, number>();
  private rollupTimer: NodeJS.Timeout | undefined;
  private intervalTimer: NodeJS.Timeout | undefined;
  private rollupRunning: Promise<void> | null = null;
  private rollupWanted = false;
  private lastRollupAt = 0;
  private readonly now: () => number;
  private readonly log: (message: string) => void;
  private readonly idleWaiters: (() => void)[] = [];
  private drainDone: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: SqliteStore,
    private readonly options: RunnerOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((m) => console.error(m));
  }

  env(): ReactionEnv {
    return { store: this.store, now: this.now(), timeZone: this.options.timeZone };
  }

  /** Picks up deliveries left from before a restart and starts the rollup timer. */
  start(): void {
    this.stopped = false;
    if (this.options.rollupIntervalMs > 0) {
      this.intervalTimer = setInterval(() => {
        void this.periodic();
      }, this.options.rollupIntervalMs);
      this.intervalTimer.unref();
    }
    this.wake();
    this.scheduleRollup();
  }

  /** Called after each commit: runs due deliveries soon. */
  wake(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = true;
    this.drainDone = new Promise((resolve) => setImmediate(() => void this.drain().finally(resolve)));
  }

  /** Resolves once no delivery is due, no reaction is running and no rollup is pending or running. */
  async idle(timeoutMs = 30_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.drainDone;
      if (this.rollupRunning) await this.rollupRunning;
      const busy =
        this.draining || this.rollupTimer !== undefined || this.rollupRunning !== null || this.rollupWanted;
      if (!busy && this.store.deliveries.pending() === 0) return true;
      if (Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** Runs the board rollup now (and waits for it). */
  async rollupNow(): Promise<void> {
    this.rollupWanted = true;
    await this.runRollup();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.intervalTimer);
    clearTimeout(this.wakeTimer);
    clearTimeout(this.rollupTimer);
    this.rollupTimer = undefined;
    await this.drainDone;
    if (this.rollupRunning) await this.rollupRunning;
    for (const w of this.idleWaiters.splice(0)) w();
  }

  private async drain(): Promise<void> {
    try {
      let ran = 0;
      for (;;) {
        this.again = false;
        const groups = this.dueByUser();
        if (groups.size === 0 && !this.again) break;
        for (const [uid, rows] of groups) {
          if (this.stopped) return;
          ran += await this.runUser(uid, rows);
        }
      }
      if (ran > 0) this.scheduleRollup();
    } finally {
      this.draining = false;
      if (this.again && !this.stopped) this.wake();
    }
  }

  /** Due deliveries grouped by user, leaving out users waiting out their gap (woken for later). */
  private dueByUser(): Map<string, DeliveryRow[]> {
    const wall = Date.now();
    if (this.notBefore.size > 1000)
      for (const [uid, at] of this.notBefore) if (at <= wall) this.notBefore.delete(uid);
    const groups = new Map<string, DeliveryRow[]>();
    for (const row of this.store.deliveries.due(BATCH, this.now())) {
      const uid = String((row.event as Partial<ReactionEvent> | null)?.uid ?? '');
      const notBefore = this.notBefore.get(uid) ?? 0;
      if (notBefore > wall) {
        this.scheduleWake(notBefore - wall);
        continue;
      }
      this.notBefore.delete(uid);
      groups.set(uid, [...(groups.get(uid) ?? []), row]);
    }
    return groups;
  }

  /** One recompute of a user's due deliveries; resolves with how many it completed. */
  private async runUser(uid: string, rows: readonly DeliveryRow[]): Promise<number> {
    const deferrals = this.deferrals.get(uid) ?? 0;
    const minGapMs = deferrals >= MAX_DEFERRALS ? 0 : (this.options.minGapMs ?? PROJECTION_MIN_GAP_MS);
    const env = this.env();
    const started = Date.now();
    // A user is recomputed at most once a gap: what arrives meanwhile waits and joins the next
    // recompute, so each of their documents is written at most once a gap by this runner.
    this.notBefore.set(uid, started + (this.options.minGapMs ?? PROJECTION_MIN_GAP_MS));
    try {
      const { retryAt } = await reactUser(
        env,
        uid,
        rows.map((r) => r.event as ReactionEvent),
        { minGapMs },
      );
      if (retryAt !== null) {
        // What it could write is written; the rest waits, and so do this user's deliveries.
        const wait = Math.max(1, retryAt - env.now);
        this.deferrals.set(uid, deferrals + 1);
        this.notBefore.set(uid, Math.max(this.notBefore.get(uid) ?? 0, Date.now() + wait));
        this.scheduleWake(wait);
        return 0;
      }
      this.deferrals.delete(uid);
      for (const row of rows) this.store.deliveries.complete(row.id);
      return rows.length;
    } catch (error) {
      this.deferrals.delete(uid);
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      for (const row of rows) {
        const attempts = row.attempts + 1;
        if (attempts >= (this.options.maxAttempts ?? 20)) {
          this.log(`reaction dropped after ${attempts} attempts: ${JSON.stringify(row.event)}: ${message}`);
          this.store.deliveries.complete(row.id);
        } else {
          const backoff = Math.min(100 * 2 ** attempts, 60_000);
          this.log(`reaction failed (attempt ${attempts}), retrying in ${backoff} ms: ${message}`);
          this.store.deliveries.retry(row.id, this.now() + backoff, message);
          this.scheduleWake(backoff);
        }
      }
      return 0;
    }
  }

  /** Wakes the drain after `ms` (the earliest of the wakes asked for stands). */
  private scheduleWake(ms: number): void {
    const at = Date.now() + ms;
    if (this.wakeTimer !== undefined && this.wakeAt <= at) return;
    clearTimeout(this.wakeTimer);
    this.wakeAt = at;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = undefined;
      this.wakeAt = Number.POSITIVE_INFINITY;
      this.wake();
    }, ms);
    this.wakeTimer.unref();
  }

  /** Debounced: one rollup shortly after a burst of reactions. */
  private scheduleRollup(): void {
    if (this.stopped) return;
    this.rollupWanted = true;
    clearTimeout(this.rollupTimer);
    const gap = this.lastRollupAt + (this.options.rollupMinGapMs ?? 1000) - Date.now();
    this.rollupTimer = setTimeout(
      () => {
        this.rollupTimer = undefined;
        void this.runRollup(true);
      },
      Math.max(this.options.rollupDebounceMs, gap),
    );
  }

  /** `paced`: the prompt rollup after reactions leaves a board written within the gap for later. */
  private async runRollup(paced = false): Promise<void> {
    while (this.rollupRunning) await this.rollupRunning;
    if (!this.rollupWanted) return;
    this.rollupWanted = false;
    this.lastRollupAt = Date.now();
    this.rollupRunning = (async () => {
      try {
        const minGapMs = paced ? (this.options.minGapMs ?? PROJECTION_MIN_GAP_MS) : 0;
        const { retryAt } = await rollupBoards(this.env(), { minGapMs });
        if (retryAt !== null) this.scheduleRollup();
      } catch (error) {
        this.log(`board rollup failed: ${(error as Error).message}`);
      }
    })().finally(() => {
      this.rollupRunning = null;
    });
    await this.rollupRunning;
  }

  private async periodic(): Promise<void> {
    await this.rollupNow();
    try {
      await expireProjections(this.env());
    } catch (error) {
      this.log(`projection expiry failed: ${(error as Error).message}`);
    }
  }
}
