/**
 * The server's side of the reactions worker (reactions-worker.ts): starts it as TypeScript with
 * tsx (through reactions-worker-boot.mjs), wakes it after each commit (coalesced: one message per
 * turn of the event loop), hands the paths its commits changed to the server's store listeners
 * (live streams, write counters) and turns idle/rollup/stop into message round trips. The delivery
 * rows stay in the same transaction as the commit (server side), so a crash or restart loses none.
 */
import { Worker } from 'node:worker_threads';
import type { ReactionEnv } from '@fit/shared/reactions/index';
import type { Reactions } from './reactions-runner.ts';
import type { SqliteStore } from './sqlite-store.ts';

export interface WorkerSettings {
  /** The SQLite file the server uses (WAL: the worker opens its own connection). */
  file: string;
  indexesFile: string | null;
  timeZone: string;
  rollupDebounceMs: number;
  rollupIntervalMs: number;
  /** The server store's WriteGate state (shared memory). */
  writeGate: Int32Array;
}

export type ToWorker =
  | { type: 'wake' }
  | { type: 'idle'; id: number; timeoutMs: number }
  | { type: 'rollup'; id: number }
  | { type: 'stop'; id: number };

export type ToMain =
  | { type: 'changes'; paths: string[]; at: number }
  | { type: 'reply'; id: number; value?: unknown; error?: string };

export class WorkerReactions implements Reactions {
  private worker: Worker | null = null;
  private wakeQueued = false;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private exited: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly store: SqliteStore,
    private readonly settings: WorkerSettings,
    private readonly log: (message: string) => void = (m) => console.error(m),
  ) {}

  env(): ReactionEnv {
    return { store: this.store, now: Date.now(), timeZone: this.settings.timeZone };
  }

  start(): void {
    if (this.worker || this.stopped) return;
    // Node 20 does not apply a worker's `execArgv: ['--import', 'tsx']` hooks to its entry module
    // (ERR_UNKNOWN_FILE_EXTENSION for a .ts entry), so a small .mjs entry registers tsx itself.
    const worker = new Worker(new URL('./reactions-worker-boot.mjs', import.meta.url), {
      execArgv: [],
      workerData: this.settings,
    });
    this.worker = worker;
    worker.on('message', (message: ToMain) => {
      if (message.type === 'changes') {
        this.store.publish(
          message.paths.map((path) => ({ path })),
          'external',
          message.at,
        );
        return;
      }
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.error !== undefined) waiter.reject(new Error(message.error));
      else waiter.resolve(message.value);
    });
    worker.on('error', (error: Error) =>
      this.log(`reactions worker failed: ${error.stack ?? error.message}`),
    );
    this.exited = new Promise((resolve) =>
      worker.once('exit', (code) => {
        // A worker that died inside a write must not leave the server waiting for the gate forever.
        this.store.releaseWriteGateOfGoneThread();
        if (this.worker === worker) {
          // Not asked to stop: a bug got past the runner's per-delivery error handling. Start a new
          // worker; the deliveries it did not finish are still due in the database.
          this.worker = null;
          this.log(`reactions worker exited (code ${code}); starting a new one in 1 s`);
          setTimeout(() => this.start(), 1000).unref();
        }
        for (const w of this.pending.values()) w.reject(new Error('the reactions worker has exited'));
        this.pending.clear();
        resolve();
      }),
    );
  }

  wake(): void {
    if (!this.worker || this.wakeQueued) return;
    this.wakeQueued = true;
    setImmediate(() => {
      this.wakeQueued = false;
      this.worker?.postMessage({ type: 'wake' } satisfies ToWorker);
    });
  }

  async idle(timeoutMs = 30_000): Promise<boolean> {
    if (!this.worker) return this.store.deliveries.pending() === 0;
    return (await this.request({ type: 'idle', id: 0, timeoutMs })) as boolean;
  }

  async rollupNow(): Promise<void> {
    await this.request({ type: 'rollup', id: 0 });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const worker = this.worker;
    if (!worker) return;
    try {
      await Promise.race([
        this.request({ type: 'stop', id: 0 }),
        new Promise((r) => setTimeout(r, 5000).unref()),
      ]);
    } catch {
      // exited already
    }
    this.worker = null;
    await worker.terminate();
    await this.exited;
  }

  private request(message: Exclude<ToWorker, { type: 'wake' }>): Promise<unknown> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error('the reactions worker is not running'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    });
  }
}
