/**
 * One writer at a time across the threads that share a SQLite file (the server and its reactions
 * worker), in shared memory. SQLite would serialize them too, but its busy handler sleeps 1, 2, 5,
 * 10... ms per retry, which on the server's event loop costs far more than the other writer's
 * short transaction. Here the server's thread waits without blocking its event loop
 * (Atomics.waitAsync) and has priority: the worker does not start a write while the server waits.
 * SQLite's busy_timeout still guards against writers outside the gate (other processes, tools).
 */
/** Atomics.waitAsync (Node 16+; in TypeScript's lib from es2024). */
type WaitAsync = (
  state: Int32Array,
  index: number,
  value: number,
  timeoutMs: number,
) => { async: false; value: string } | { async: true; value: Promise<string> };

const HELD = 0;
const WAITING = 1;

export class WriteGate {
  readonly state: Int32Array;

  /** `priority`: the server's side. Pass a gate's `state` to share it with another thread. */
  constructor(
    private readonly priority: boolean,
    state?: Int32Array,
  ) {
    this.state = state ?? new Int32Array(new SharedArrayBuffer(8));
  }

  tryEnter(): boolean {
    if (!this.priority && Atomics.load(this.state, WAITING) > 0) return false;
    return Atomics.compareExchange(this.state, HELD, 0, 1) === 0;
  }

  async enter(): Promise<void> {
    if (this.tryEnter()) return;
    if (this.priority) Atomics.add(this.state, WAITING, 1);
    try {
      for (;;) {
        if (!this.priority) {
          const waiting = Atomics.load(this.state, WAITING);
          if (waiting > 0) {
            await wait(this.state, WAITING, waiting);
            continue;
          }
        }
        if (Atomics.compareExchange(this.state, HELD, 0, 1) === 0) return;
        await wait(this.state, HELD, 1);
      }
    } finally {
      if (this.priority && Atomics.sub(this.state, WAITING, 1) === 1) Atomics.notify(this.state, WAITING);
    }
  }

  /** Blocks the thread until the gate is free (the worker's small writes; tests' seeding). */
  enterSync(): void {
    for (;;) {
      if (this.tryEnter()) return;
      const waiting = Atomics.load(this.state, WAITING);
      if (!this.priority && waiting > 0) Atomics.wait(this.state, WAITING, waiting, 50);
      else Atomics.wait(this.state, HELD, 1, 50);
    }
  }

  leave(): void {
    Atomics.store(this.state, HELD, 0);
    Atomics.notify(this.state, HELD);
  }
}

async function wait(state: Int32Array, index: number, value: number): Promise<void> {
  // A timeout as a safety net: a lost notification costs 50 ms, never a hang.
  const result = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync(state, index, value, 50);
  if (result.async) await result.value;
}
