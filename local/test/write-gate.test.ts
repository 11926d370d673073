/** The write gate the server and its reactions worker share (one writer at a time on the file). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../src/sqlite-store.ts';
import { WriteGate } from '../src/write-gate.ts';

const dir = mkdtempSync(join(tmpdir(), 'fittrack-gate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('write gate', () => {
  it('makes the server wait while the worker writes, and lets it in once the worker leaves', async () => {
    const server = new WriteGate(true);
    const worker = new WriteGate(false, server.state);
    expect(worker.tryEnter()).toBe(true);
    let entered = false;
    const waiting = server.enter().then(() => {
      entered = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(entered).toBe(false);
    // The server waits: the worker may not start another write meanwhile.
    worker.leave();
    await waiting;
    expect(entered).toBe(true);
    expect(worker.tryEnter()).toBe(false);
    server.leave();
    expect(worker.tryEnter()).toBe(true);
    worker.leave();
  });

  it('frees the gate of a worker that died inside a write, so the server can still commit', async () => {
    const file = join(dir, 'gate.sqlite');
    const store = new SqliteStore({ file });
    const deadWorker = new WriteGate(false, store.writeGate.state);
    expect(deadWorker.tryEnter()).toBe(true); // ...and the thread exits without leaving
    const commit = store.commit([{ kind: 'set', path: 'boards/daily', data: { n: 1 } }]);
    let done = false;
    void commit.then(() => {
      done = true;
    });
    await new Promise((r) => setTimeout(r, 120));
    expect(done).toBe(false);
    store.releaseWriteGateOfGoneThread();
    await commit;
    expect((await store.get('boards/daily'))?.data).toEqual({ n: 1 });
    store.close();
  });
});
