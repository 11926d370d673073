/**
 * Vitest global setup of the functions project: when FIRESTORE_EMULATOR_HOST is not set but a
 * standalone Cloud Firestore emulator is installed (the Google Cloud SDK component
 * `cloud-firestore-emulator`, which runs on Java 11+, unlike firebase-tools' download that needs
 * Java 21 and internet), start it on a free port for this run, so the access contract and the
 * adapter tests run against real Firestore rules and queries. Where it is absent the suites say
 * plainly that they did not run. FIT_NO_FIRESTORE_EMULATOR=1 turns this off; FIT_FIRESTORE_EMULATOR
 * names the emulator script explicitly.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

const COMPONENT = join('platform', 'cloud-firestore-emulator', 'cloud_firestore_emulator');

function sdkRoots(): string[] {
  const roots = [
    process.env.CLOUDSDK_ROOT_DIR,
    '/usr/lib/google-cloud-sdk',
    '/usr/share/google-cloud-sdk',
    '/opt/google-cloud-sdk',
  ];
  try {
    const gcloud = execFileSync('sh', ['-c', 'command -v gcloud'], { encoding: 'utf8' }).trim();
    if (gcloud) roots.push(dirname(dirname(realpathSync(gcloud))));
  } catch {
    // no gcloud on PATH
  }
  return roots.filter((r): r is string => typeof r === 'string' && r !== '');
}

function findEmulator(): string | undefined {
  const explicit = process.env.FIT_FIRESTORE_EMULATOR;
  if (explicit) return existsSync(explicit) ? explicit : undefined;
  return sdkRoots()
    .map((root) => join(root, COMPONENT))
    .find((p) => existsSync(p));
}

function hasJava(): boolean {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.FIRESTORE_EMULATOR_HOST || process.env.FIT_NO_FIRESTORE_EMULATOR === '1') return undefined;
  const emulator = findEmulator();
  if (!emulator || !hasJava()) return undefined;
  const port = await freePort();
  const child: ChildProcess = spawn(emulator, ['start', '--host=127.0.0.1', `--port=${port}`], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const started = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Dev App Server is now running')) {
        clearTimeout(timer);
        resolve(true);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  const stop = async () => {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  };
  // Also when vitest ends without calling the teardown (interrupted runs).
  process.once('exit', () => void stop());
  if (!started) {
    await stop();
    console.warn(`Firestore emulator at ${emulator} did not start; emulator suites will not run.\n${output}`);
    return undefined;
  }
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  process.env.FIT_FIRESTORE_EMULATOR_STARTED = '1';
  console.log(`Firestore emulator (${emulator}) on 127.0.0.1:${port} for this run.`);
  return stop;
}
