// `npm run test:e2e`: the browser journeys against the `npm start` stack, started here on free ports
// with a throwaway data folder, then stopped. Chromium is Debian's (scripts/ensure-deps.mjs --browser).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../local/src/auth-emulator.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const host = '127.0.0.1';
const localPort = await freePort(host);
const authPort = await freePort(host);
const dataDir = mkdtempSync(join(tmpdir(), 'fittrack-e2e-'));
const appUrl = `http://${host}:${localPort}`;

const stack = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    LOCAL_PORT: String(localPort),
    AUTH_EMULATOR_PORT: String(authPort),
    LOCAL_DATA_DIR: dataDir,
  },
});
let stackExited = false;
const stackExit = new Promise((r) => stack.once('exit', (code) => r(code)));
stackExit.then(() => {
  stackExited = true;
});

async function stopStack() {
  if (!stackExited) {
    stack.kill('SIGINT');
    const timer = setTimeout(() => stack.kill('SIGKILL'), 20_000);
    await stackExit;
    clearTimeout(timer);
  }
  rmSync(dataDir, { recursive: true, force: true });
}

// The web build and the Auth emulator's start take a while on a busy 2-core machine.
const deadline = Date.now() + 300_000;
for (;;) {
  if (stackExited) {
    console.error('e2e: the stack exited before it was ready.');
    await stopStack();
    process.exit(1);
  }
  try {
    if ((await fetch(`${appUrl}/api/health`)).ok) break;
  } catch {
    // starting
  }
  if (Date.now() > deadline) {
    console.error('e2e: the stack was not ready within 5 minutes.');
    await stopStack();
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 500));
}

const vitest = spawn(
  process.execPath,
  [
    join(root, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    '--config',
    join(root, 'e2e', 'vitest.config.ts'),
  ],
  {
    cwd: join(root, 'e2e'),
    stdio: 'inherit',
    env: { ...process.env, E2E_APP_URL: appUrl, E2E_AUTH_HOST: `${host}:${authPort}` },
  },
);
const code = await new Promise((r) => vitest.once('exit', (c, signal) => r(c ?? (signal ? 1 : 0))));
await stopStack();
process.exit(code);
