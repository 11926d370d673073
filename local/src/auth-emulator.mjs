// Starts the official Firebase Auth emulator (firebase-tools from node_modules, offline, `demo-`
// project, UI disabled) on chosen or free ports with a temporary firebase.json, and stops it.
// Plain JavaScript so that scripts/start.mjs and the tests (TypeScript) share it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FIREBASE_BIN = join(REPO_ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');

/** A TCP port free right now on `host` (0 = ask the OS). */
export function freePort(host = '127.0.0.1', port = 0) {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: chosen } = server.address();
      server.close(() => resolvePort(chosen));
    });
  });
}

/** Whether `port` on `host` can be listened on. */
export async function isPortFree(host, port) {
  try {
    await freePort(host, port);
    return true;
  } catch {
    return false;
  }
}

async function ready(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    if (!response.ok) return false;
    const body = await response.json();
    return body?.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

/**
 * `persistDir`: accounts are imported from there at start (when an export exists) and exported
 * there on a clean stop (SIGINT), so that sign-ins survive restarts like the documents do.
 * @param {{ host?: string, port?: number, projectId?: string, timeoutMs?: number, persistDir?: string, onOutput?: (text: string) => void }} [options]
 * @returns {Promise<{ host: string, port: number, stop: () => Promise<void> }>}
 */
export async function startAuthEmulator(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const projectId = options.projectId ?? 'demo-fittrack';
  const port = options.port ?? (await freePort(host));
  if (!(await isPortFree(host, port)))
    throw new Error(
      `Port ${port} on ${host} is already in use, so the Auth emulator cannot start there: stop what runs there or set AUTH_EMULATOR_PORT to another port.`,
    );
  // The hub and logging ports would default to 4400/4500, which another run may hold.
  const hubPort = await freePort(host);
  const loggingPort = await freePort(host);
  const dir = mkdtempSync(join(tmpdir(), 'fittrack-auth-emulator-'));
  const config = join(dir, 'firebase.json');
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host, port },
        hub: { host, port: hubPort },
        logging: { host, port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const args = [
    FIREBASE_BIN,
    'emulators:start',
    '--only',
    'auth',
    '--project',
    projectId,
    '--config',
    config,
  ];
  if (options.persistDir) {
    mkdirSync(options.persistDir, { recursive: true });
    if (existsSync(join(options.persistDir, 'firebase-export-metadata.json')))
      args.push('--import', options.persistDir);
    args.push('--export-on-exit', options.persistDir);
  }
  const child = spawn(process.execPath, args, {
    cwd: dir,
    env: { ...process.env, CI: '1', NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_EXPERIMENTS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const collect = (chunk) => {
    const text = chunk.toString();
    output = (output + text).slice(-20_000);
    options.onOutput?.(text);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exited = false;
  const exit = new Promise((resolveExit) =>
    child.once('exit', (code, signal) => {
      exited = true;
      resolveExit({ code, signal });
    }),
  );

  const stop = async () => {
    if (!exited) {
      try {
        process.kill(-child.pid, 'SIGINT');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 10_000);
      await exit;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const url = `http://${host}:${port}/`;
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  while (!(await ready(url))) {
    if (exited) {
      await stop();
      throw new Error(`The Auth emulator exited before it was ready:\n${output}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `The Auth emulator was not ready within ${options.timeoutMs ?? 180_000} ms:\n${output}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { host: `${host}:${port}`, port, stop, exited: exit };
}
