/**
 * The reactions worker thread (started by reactions-thread.ts): the ReactionRunner on its own
 * SQLite connection to the server's WAL file, so that reactions, rollups and expiry do not compete
 * with HTTP handling on the server's event loop. It reports the paths each of its commits changed
 * (the server feeds them to its live streams and write counters) and answers idle/rollup/stop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { eventForWrite } from '@fit/shared/reactions/index';
import { IndexChecker } from './indexes.ts';
import { ReactionRunner } from './reactions-runner.ts';
import type { ToMain, ToWorker, WorkerSettings } from './reactions-thread.ts';
import { SqliteStore } from './sqlite-store.ts';
import { WriteGate } from './write-gate.ts';

const port = parentPort;
if (!port) throw new Error('reactions-worker.ts runs as a worker thread (see reactions-thread.ts).');
const settings = workerData as WorkerSettings;

const store = new SqliteStore({
  file: settings.file,
  indexes: settings.indexesFile ? IndexChecker.fromFile(settings.indexesFile) : null,
  eventForWrite,
  writeGate: new WriteGate(false, settings.writeGate),
});
const runner = new ReactionRunner(store, {
  timeZone: settings.timeZone,
  rollupDebounceMs: settings.rollupDebounceMs,
  rollupIntervalMs: settings.rollupIntervalMs,
});

const post = (message: ToMain) => port.postMessage(message);

store.onCommit((changes) => {
  post({ type: 'changes', paths: changes.map((c) => c.path), at: Date.now() });
  // A reaction's own writes may be deliveries too (as when the runner shared the server's store).
  runner.wake();
});

port.on('message', (message: ToWorker) => {
  if (message.type === 'wake') {
    runner.wake();
    return;
  }
  const reply = (work: Promise<unknown>) =>
    work.then(
      (value) => post({ type: 'reply', id: message.id, value }),
      (error: unknown) =>
        post({
          type: 'reply',
          id: message.id,
          error: error instanceof Error ? error.message : String(error),
        }),
    );
  switch (message.type) {
    case 'idle':
      void reply(runner.idle(message.timeoutMs));
      break;
    case 'rollup':
      void reply(runner.rollupNow());
      break;
    case 'stop':
      void reply(
        runner.stop().then(() => {
          store.close();
        }),
      );
      break;
  }
});

runner.start();
