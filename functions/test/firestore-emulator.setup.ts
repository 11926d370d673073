/**
 * Vitest global setup of the functions project: when FIRESTORE_EMULATOR_HOST is not set but a
 * standalone Cloud Firestore emulator is installed (the Google Cloud SDK component
 * `cloud-firestore-emulator`, which runs on Java 11+, unlike firebase-tools' download that needs
 * Java 21 and internet), start it on a free port for this run, so the access contract and the
 * adapter tests run against real Firestore rules and queries. Where it is absent the suites say
 * plainly that they did not run. FIT_NO_FIRESTORE_EMULATOR=1 turns this off; FIT_FIRESTORE_EMULATOR
 * names the emulator script explicitly. Finding and starting it is scripts/firestore-emulator.mjs's
 * (shared with `npm run emulators`).
 */
import type { ChildProcess } from 'node:child_process';
import { findCloudSdkFirestore, startCloudSdkFirestore } from '../../scripts/firestore-emulator.mjs';
import { freePort } from '../../scripts/ports.mjs';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.FIRESTORE_EMULATOR_HOST || process.env.FIT_NO_FIRESTORE_EMULATOR === '1') return undefined;
  const { path } = findCloudSdkFirestore();
  if (!path) return undefined;
  const port = await freePort();
  let child: ChildProcess | undefined;
  const stop = async () => {
    if (child?.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  };
  // Also when vitest ends without calling the teardown (interrupted runs).
  process.once('exit', () => void stop());
  try {
    await startCloudSdkFirestore({
      path,
      host: '127.0.0.1',
      port,
      timeoutMs: 60_000,
      onSpawn: (spawned) => {
        child = spawned;
      },
    });
  } catch (error) {
    await stop();
    console.warn(
      `Firestore emulator at ${path} did not start; emulator suites will not run.\n${(error as Error).message}`,
    );
    return undefined;
  }
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  process.env.FIT_FIRESTORE_EMULATOR_STARTED = '1';
  console.log(`Firestore emulator (${path}) on 127.0.0.1:${port} for this run.`);
  return stop;
}
