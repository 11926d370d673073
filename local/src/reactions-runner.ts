/**
 * Runs the shared reactions after commits, the way Cloud Functions deliver Firestore triggers:
 * at least once (a delivery row is written in the same SQLite transaction as the change and is
 * deleted only after the reaction succeeded, so a crash means a re-run after restart), possibly
 * late, retried with backoff. Then a prompt board rollup (debounced after reactions) and a timer
 * that re-runs the rollup and the expiry of old projections.
 */
import {
  expireProjections,
  type ReactionEnv,
  type ReactionEvent,
  react,
  rollupBoards,
} from '@fit/shared/reactions/index';
import type { SqliteStore } from './sqlite-store.ts';

export interface RunnerOptions {
  timeZone: string;
  rollupDebounceMs: number;
  rollupIntervalMs: number;
  /** At most one rollup per this many ms, so a board is written at most once a second (default 1000). */
  rollupMinGapMs?: number;
  /** After this many failed attempts a delivery is dropped and logged (Cloud Functions retry for a day). */
  maxAttempts?: number;
  now?: () => number;
  log?: (message: string) => void;
}

const BATCH = 64;

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
      if (!busy && this.store.pendingDeliveries() === 0) return true;
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
        const due = this.store.dueDeliveries(BATCH, this.now());
        if (due.length === 0 && !this.again) break;
        for (const row of due) {
          if (this.stopped) return;
          try {
            await react(this.env(), row.event as ReactionEvent);
            this.store.completeDelivery(row.id);
            ran++;
          } catch (error) {
            const attempts = row.attempts + 1;
            const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
            if (attempts >= (this.options.maxAttempts ?? 20)) {
              this.log(
                `reaction dropped after ${attempts} attempts: ${JSON.stringify(row.event)}: ${message}`,
              );
              this.store.completeDelivery(row.id);
            } else {
              const backoff = Math.min(100 * 2 ** attempts, 60_000);
              this.log(`reaction failed (attempt ${attempts}), retrying in ${backoff} ms: ${message}`);
              this.store.retryDelivery(row.id, this.now() + backoff, message);
              this.scheduleWake(backoff);
            }
          }
        }
      }
      if (ran > 0) this.scheduleRollup();
    } finally {
      this.draining = false;
      if (this.again && !this.stopped) this.wake();
    }
  }

  private scheduleWake(ms: number): void {
    clearTimeout(this.wakeTimer);
    this.wakeTimer = setTimeout(() => this.wake(), ms);
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
        void this.runRollup();
      },
      Math.max(this.options.rollupDebounceMs, gap),
    );
  }

  private async runRollup(): Promise<void> {
    while (this.rollupRunning) await this.rollupRunning;
    if (!this.rollupWanted) return;
    this.rollupWanted = false;
    this.lastRollupAt = Date.now();
    this.rollupRunning = (async () => {
      try {
        await rollupBoards(this.env());
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
