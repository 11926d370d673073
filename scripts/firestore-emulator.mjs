// Which Firestore emulator this machine can run, and starting the Cloud SDK's standalone one.
//
// firebase-tools' own Firestore emulator is a jar it downloads on first use and runs on Java 21+;
// offline, or on Java 17, it cannot start. The Google Cloud SDK ships the same emulator as a
// component (`cloud-firestore-emulator`, Java 11+), which we start ourselves next to
// `firebase emulators:start` and wire to the Functions emulator the way firebase-tools would.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

const SDK_COMPONENT = join('platform', 'cloud-firestore-emulator', 'cloud_firestore_emulator');

function javaMajor() {
  // `java -version` prints to stderr.
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  return r.error ? 0 : versionOf(`${r.stderr}${r.stdout}`);
}

function versionOf(text) {
  const m = /version "(\d+)(?:\.(\d+))?/.exec(text);
  if (!m) return 0;
  // Java 8 and older say "1.8.0".
  return Number(m[1]) === 1 ? Number(m[2] ?? 0) : Number(m[1]);
}

function sdkRoots() {
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
  return roots.filter((r) => typeof r === 'string' && r !== '');
}

/** firebase-tools' cached Firestore emulator jar, when it was downloaded before. */
function firebaseToolsJar() {
  const dir = join(process.env.FIREBASE_EMULATORS_PATH ?? join(homedir(), '.cache', 'firebase', 'emulators'));
  try {
    return readdirSync(dir).some((f) => /^cloud-firestore-emulator-v[\d.]+\.jar$/.test(f));
  } catch {
    return false;
  }
}

/**
 * The Cloud SDK's standalone emulator (or the one FIT_FIRESTORE_EMULATOR names) when it is
 * installed and Java 11+ can run it, with the Java major version found either way.
 * @returns {{ path: string | undefined, java: number, explicit: string | undefined, found: string | undefined }}
 */
export function findCloudSdkFirestore() {
  const java = javaMajor();
  const explicit = process.env.FIT_FIRESTORE_EMULATOR || undefined;
  const found =
    explicit ??
    sdkRoots()
      .map((r) => join(r, SDK_COMPONENT))
      .find((p) => existsSync(p));
  return { path: found && existsSync(found) && java >= 11 ? found : undefined, java, explicit, found };
}

/**
 * @returns {{ kind: 'firebase-tools' } | { kind: 'cloud-sdk', path: string } | { kind: 'none', why: string }}
 */
export function findFirestoreEmulator() {
  const { path, java, explicit, found } = findCloudSdkFirestore();
  if (java >= 21 && firebaseToolsJar()) return { kind: 'firebase-tools' };
  if (path) return { kind: 'cloud-sdk', path };
  const why = [
    java === 0 ? 'no Java was found' : `Java ${java} was found`,
    java >= 21 ? "firebase-tools' Firestore emulator jar was never downloaded (it needs internet once)" : '',
    explicit && !existsSync(explicit) ? `FIT_FIRESTORE_EMULATOR names a missing file (${explicit})` : '',
    !explicit && !found ? 'the Cloud SDK component cloud-firestore-emulator is not installed' : '',
    found && existsSync(found) && java < 11 ? 'the Cloud SDK emulator needs Java 11+' : '',
  ]
    .filter(Boolean)
    .join('; ');
  return { kind: 'none', why };
}

/**
 * The JIT's quick tier and the serial collector, unless JAVA_TOOL_OPTIONS says otherwise: on 2 cores
 * the optimising compiler's and the parallel collector's threads took half the emulator's CPU (the
 * rules contract: 40 CPU-s with them, 19 without).
 * @param {NodeJS.ProcessEnv} env
 */
const javaEnv = (env) =>
  env.JAVA_TOOL_OPTIONS === undefined
    ? { ...env, JAVA_TOOL_OPTIONS: '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC' }
    : env;

/**
 * Starts the Cloud SDK's emulator in its own process group, with the rules and the Functions
 * emulator to deliver Firestore events to when given (the tests load rules themselves). Resolves
 * once it serves; rejects when it exits or does not serve within `timeoutMs` (default 90 s).
 * @param {{ path: string, host: string, port: number, rules?: string, functionsHost?: string, seedFromExport?: string, env?: NodeJS.ProcessEnv, timeoutMs?: number, onOutput?: (text: string) => void, onSpawn?: (child: import('node:child_process').ChildProcess) => void }} o
 */
export async function startCloudSdkFirestore(o) {
  const child = spawn(
    o.path,
    [
      'start',
      `--host=${o.host}`,
      `--port=${o.port}`,
      ...(o.rules ? ['--rules', o.rules] : []),
      ...(o.functionsHost ? ['--functions_emulator', o.functionsHost] : []),
      // An earlier export's metadata file: its documents are loaded at start.
      ...(o.seedFromExport ? ['--seed_from_export', o.seedFromExport] : []),
    ],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: javaEnv(o.env ?? process.env) },
  );
  o.onSpawn?.(child);
  let output = '';
  await new Promise((resolve, reject) => {
    const timeoutMs = o.timeoutMs ?? 90_000;
    const timer = setTimeout(
      () =>
        reject(new Error(`the Firestore emulator did not start within ${timeoutMs / 1000} s:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk) => {
      const text = chunk.toString();
      output = (output + text).slice(-20_000);
      o.onOutput?.(text);
      if (output.includes('Dev App Server is now running')) {
        clearTimeout(timer);
        resolve(undefined);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the Firestore emulator exited (${signal ?? code}):\n${output}`));
    });
  });
  return child;
}
