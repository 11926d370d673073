// `npm start`: builds the web app while the official Auth emulator starts (and, once it is up, the
// demo seed runs), then starts the local server and prints the URL to open. Ctrl-C stops both;
// if this process is killed, both stop by themselves. Documents (SQLite) and accounts (saved by
// the emulator after every change) persist under .data/ across restarts.
//
// Environment:
//   LOCAL_PORT (default 3000)            the app and its API: http://127.0.0.1:3000
//   AUTH_EMULATOR_PORT (default 9099)    the Firebase Auth emulator (the browser reaches it through
//                                        the local server's origin, never directly)
//   LOCAL_DATA_DIR (default .data)       SQLite documents and the emulator's account export
//   COMMUNITY_TIME_ZONE (default UTC)    leaderboard periods
//   SKIP_WEB_BUILD=1                     serve web/dist as it is
//   SEED_DEMO=0                          no demo account and community on first run
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAuthEmulator } from '../local/src/auth-emulator.mjs';
import { isPortFree } from './ports.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const host = '127.0.0.1';
const localPort = Number(process.env.LOCAL_PORT ?? 3000);
const authPort = Number(process.env.AUTH_EMULATOR_PORT ?? 9099);
const dataDirEnv = process.env.LOCAL_DATA_DIR?.trim();
const dataDir = dataDirEnv
  ? isAbsolute(dataDirEnv)
    ? dataDirEnv
    : resolve(dataDirEnv)
  : join(root, '.data');
const authHost = `${host}:${authPort}`;

function fail(message) {
  console.error(`\nnpm start: ${message}`);
  process.exit(1);
}

for (const [name, port] of [
  ['LOCAL_PORT', localPort],
  ['AUTH_EMULATOR_PORT', authPort],
]) {
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    fail(`${name} must be a port number, got '${port}'.`);
}
if (localPort === authPort) fail('LOCAL_PORT and AUTH_EMULATOR_PORT must differ.');
if (!(await isPortFree(host, localPort)))
  fail(
    `port ${localPort} on ${host} is already in use (another npm start?). Stop it, or choose another port: LOCAL_PORT=3001 npm start`,
  );
if (!(await isPortFree(host, authPort)))
  fail(
    `port ${authPort} on ${host} (the Auth emulator) is already in use. Stop what runs there, or choose another port: AUTH_EMULATOR_PORT=9199 npm start`,
  );

function run(command, args, env) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolveRun()
        : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code})`)),
    );
  });
}

const serverEnv = {
  ...process.env,
  FIREBASE_AUTH_EMULATOR_HOST: authHost,
  LOCAL_HOST: host,
  LOCAL_PORT: String(localPort),
  LOCAL_DATA_DIR: dataDir,
};

// 1. The web app, pointed at the local server's origin for Auth too: the server passes Auth
// requests on to the emulator (local/src/auth-proxy.ts), which answers no browser directly.
async function buildWeb() {
  if (process.env.SKIP_WEB_BUILD === '1') {
    console.log('Skipping the web build (SKIP_WEB_BUILD=1).');
    return;
  }
  if (!existsSync(join(root, 'web', 'index.html'))) {
    console.log(
      'The web app is not there yet (web/index.html is missing): skipping its build; the server says so at /.',
    );
    return;
  }
  console.log('Building the web app (npm run build -w web)...');
  try {
    await run('npm', ['run', 'build', '-w', 'web'], {
      VITE_AUTH_EMULATOR_HOST: `${host}:${localPort}`,
      VITE_BACKEND: 'local',
    });
  } catch (error) {
    throw new Error(`${error.message}. Fix the build, or run with SKIP_WEB_BUILD=1 to serve the last build.`);
  }
}

// 2. The Auth emulator (offline, demo project, UI disabled), in parallel with the build: accounts
// are saved in .data/auth after every change, and it stops by itself if this process dies.
async function startEmulator() {
  console.log(`Starting the Firebase Auth emulator on ${authHost} (up to a minute on a busy machine)...`);
  const appOrigin = `http://${host}:${localPort}`;
  return startAuthEmulator({
    host,
    port: authPort,
    persistDir: join(dataDir, 'auth'),
    // No mail leaves this machine: the emulator logs each verification link, which we pass on,
    // pointed at the app's origin (the emulator itself answers no browser).
    onOutput: (text) => {
      for (const link of text.match(/http:\/\/\S+mode=verifyEmail\S*/g) ?? []) {
        const url = new URL(link);
        console.log(
          `\n  Email verification link (open it to verify the address):\n  ${appOrigin}${url.pathname}${url.search}\n`,
        );
      }
    },
  });
}

// 3. On first run, a demo account and community (local/src/demo-seed.ts); never overwrites data.
// It needs the emulator, not the build.
async function seed() {
  if (process.env.SEED_DEMO === '0') return;
  try {
    await run(process.execPath, ['--import', 'tsx', join(root, 'local', 'src', 'demo-seed.ts')], serverEnv);
  } catch (error) {
    throw new Error(`seeding the demo failed: ${error.message}. SEED_DEMO=0 npm start skips it.`);
  }
}

const starting = startEmulator();
const [built, emulated, seeded] = await Promise.allSettled([
  buildWeb(),
  starting,
  starting.then(() => seed()),
]);
const emulator = emulated.status === 'fulfilled' ? emulated.value : undefined;
const failure = [built, emulated, seeded].find((r) => r.status === 'rejected');
if (failure) {
  await emulator?.stop();
  fail(failure.reason.message);
}

// 4. The local server.
// fd 3: a pipe whose end tells the server this process is gone (even by SIGKILL): it stops too.
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'local', 'src', 'main.ts')], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'pipe'],
  env: { ...serverEnv, LOCAL_PARENT_FD: '3' },
});
server.stdio[3]?.unref?.();

let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the local server and the Auth emulator...');
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  await emulator.stop();
  console.log('Stopped.');
  process.exit(code);
}

server.once('exit', (code, signal) => {
  if (!stopping) {
    console.error(`The local server exited (${signal ?? code}).`);
    void shutdown(code || 1);
  }
});
emulator.exited.then(() => {
  if (!stopping) {
    console.error('The Auth emulator exited.');
    void shutdown(1);
  }
});
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

const url = `http://${host}:${localPort}`;
const deadline = Date.now() + 60_000;
for (;;) {
  try {
    if ((await fetch(`${url}/api/health`)).ok) break;
  } catch {
    // starting
  }
  if (stopping) await new Promise(() => {});
  if (Date.now() > deadline) {
    console.error('The local server did not answer within 60 s.');
    await shutdown(1);
  }
  await new Promise((r) => setTimeout(r, 200));
}
console.log(
  `\n  FitTrack is running: open ${url}\n` +
    (process.env.SEED_DEMO !== '0'
      ? '  Demo account: demo@fittrack.local / fittrack-demo (or sign up: the verification link shows here)\n'
      : '') +
    `  (Auth emulator ${authHost}, data in ${dataDir}; Ctrl-C stops both)\n`,
);
