// Starts the official Firebase Auth emulator (firebase-tools from node_modules, offline, `demo-`
// project, UI disabled) on chosen or free ports with a temporary firebase.json, and stops it.
// Plain JavaScript so that scripts/start.mjs and the tests (TypeScript) share it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort, isPortFree } from '../../scripts/ports.mjs';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FIREBASE_BIN = join(REPO_ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
const GUARD = join(dirname(fileURLToPath(import.meta.url)), 'emulator-guard.mjs');

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
 * `persistDir`: accounts are imported from there at start (when an export exists) and saved there
 * after every change (emulator-guard.mjs), so that accounts survive restarts and crashes like the
 * documents do. The emulator refuses browser requests (any Origin): pages go through the local
 * server's proxy. It stops by itself when this process dies.
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
    '--import',
    pathToFileURL(GUARD).href,
    FIREBASE_BIN,
    'emulators:start',
    '--only',
    'auth',
    '--project',
    projectId,
    '--config',
    config,
  ];
  const env = {
    ...process.env,
    CI: '1',
    NO_UPDATE_NOTIFIER: '1',
    FIREBASE_CLI_EXPERIMENTS: '',
    // firebase-tools keeps its hub locator file (hub-<project>.json) in the temp folder: a folder
    // of this emulator's own, so that two stacks on one machine never read each other's.
    TMPDIR: dir,
    TMP: dir,
    TEMP: dir,
    FITTRACK_PARENT_FD: '3',
    FITTRACK_AUTH_PORT: String(port),
    FITTRACK_AUTH_PROJECT: projectId,
  };
  if (options.persistDir) {
    mkdirSync(options.persistDir, { recursive: true });
    if (existsSync(join(options.persistDir, 'firebase-export-metadata.json')))
      args.push('--import', options.persistDir);
    // No --export-on-exit: emulator-guard.mjs saves the accounts after every change instead.
    env.FITTRACK_AUTH_PERSIST_DIR = options.persistDir;
  }
  // fd 3: a pipe whose end tells the emulator its starter is gone (emulator-guard.mjs). Its own
  // process group, so that Ctrl-C in a terminal reaches the starter, which stops it in order.
  const child = spawn(process.execPath, args, {
    cwd: dir,
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    detached: true,
  });
  // The watch pipe must not keep this process alive (it closes when this process ends).
  child.stdio[3]?.unref?.();
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
  return {
    host: `${host}:${port}`,
    port,
    pid: child.pid,
    stop,
    exited: exit,
    kill(signal = 'SIGKILL') {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
      return exit.then(() => rmSync(dir, { recursive: true, force: true }));
    },
  };
}
