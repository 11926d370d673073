/**
 * Smoke test: the esbuild bundle (functions/lib/index.js) loads in the official Functions emulator
 * of firebase-tools, offline, with a demo project, and every trigger is defined.
 *
 * What the emulator can register here: the callable and the v1 auth trigger (with the Auth
 * emulator, plain Node). The Firestore triggers and the schedule are loaded from the bundle but the
 * emulator "ignores" them, because their emulators (Firestore, Pub/Sub) are Java programs that
 * cannot be downloaded offline; the test asserts exactly that, so a change in what registers shows.
 *
 * Runs on free ports (never 5001/9099 or the default hub/logging ports, which the local stack and
 * others use) with a temporary config and its own demo project id, so it never meets another
 * emulator instance. Takes about a minute on a small machine. FIT_SKIP_EMULATOR_SMOKE=1 skips it.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/ports.mjs';

const functionsDir = fileURLToPath(new URL('..', import.meta.url));
const firebaseBin = fileURLToPath(new URL('../../node_modules/.bin/firebase', import.meta.url));
const PROJECT = 'demo-fittrack-smoke';
const skip = process.env.FIT_SKIP_EMULATOR_SMOKE === '1';

let child: ChildProcess | undefined;
let dir: string | undefined;

afterAll(async () => {
  if (child?.pid && child.exitCode === null) {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 3000));
    if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(skip)('bundle in the official Functions emulator (offline)', () => {
  it('loads and defines every trigger; registers those whose emulators run here', async () => {
    execFileSync(process.execPath, ['build.mjs'], { cwd: functionsDir, stdio: 'pipe' });
    dir = mkdtempSync(join(tmpdir(), 'fit-functions-smoke-'));
    const [functionsPort, authPort, hubPort, loggingPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const host = '127.0.0.1';
    writeFileSync(
      join(dir, 'firebase.json'),
      JSON.stringify({
        // What firebase.json deploys (functions/lib: the bundle and its package.json), resolved against the config folder.
        functions: [{ source: relative(dir, join(functionsDir, 'lib')), codebase: 'default' }],
        emulators: {
          functions: { host, port: functionsPort },
          auth: { host, port: authPort },
          hub: { host, port: hubPort },
          logging: { host, port: loggingPort },
          ui: { enabled: false },
          singleProjectMode: true,
        },
      }),
    );
    child = spawn(
      firebaseBin,
      [
        'emulators:start',
        '--only',
        'functions,auth',
        '--project',
        PROJECT,
        '--config',
        join(dir, 'firebase.json'),
      ],
      {
        cwd: dir,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        // Without FIRESTORE_EMULATOR_HOST: the setup may have started a standalone Firestore
        // emulator for other suites; this test checks what firebase-tools alone registers.
        env: {
          ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'FIRESTORE_EMULATOR_HOST')),
          CI: '1',
          NO_UPDATE_NOTIFIER: '1',
          FIREBASE_CLI_DISABLE_ANALYTICS: '1',
        },
      },
    );
    let output = '';
    const ready = new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('All emulators ready')) resolve();
      };
      child?.stdout?.on('data', onData);
      child?.stderr?.on('data', onData);
      child?.once('exit', (code) => reject(new Error(`emulator exited (${code}):\n${output}`)));
    });
    await ready;
    await expect
      .poll(() => /Loaded functions definitions from source: [^\n]+\./.test(output), { timeout: 120_000 })
      .toBe(true);

    const loaded = /Loaded functions definitions from source: ([^\n]+)\./
      .exec(output)?.[1]
      ?.split(', ')
      .sort();
    expect(loaded, output).toEqual(
      [
        'deleteAccount',
        'onAuthUserDeletedBackstop',
        'onFollowWritten',
        'onPostWritten',
        'onProfileWritten',
        'onPostKudosWritten',
        'onRepKudosWritten',
        'onPostCommentWritten',
        'onRepCommentWritten',
        'onRepWritten',
        'rollup',
      ].sort(),
    );
    // On a busy machine some of these lines come after 'All emulators ready'.
    const printed = (line: string) => expect.poll(() => output, { timeout: 120_000 }).toContain(line);
    await printed('functions[us-central1-deleteAccount]: http function initialized');
    await printed('functions[us-central1-onAuthUserDeletedBackstop]: auth function initialized');
    for (const name of [
      'onRepWritten',
      'onPostWritten',
      'onProfileWritten',
      'onFollowWritten',
      'onPostKudosWritten',
      'onRepKudosWritten',
      'onPostCommentWritten',
      'onRepCommentWritten',
    ])
      await printed(
        `functions[us-central1-${name}]: function ignored because the firestore emulator does not exist`,
      );
    await printed(
      'functions[us-central1-rollup]: function ignored because the pubsub emulator does not exist',
    );

    // The bundle really runs: the callable answers a signed-out call with UNAUTHENTICATED.
    const res = await fetch(`http://${host}:${functionsPort}/${PROJECT}/us-central1/deleteAccount`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: {} }),
    });
    const body = (await res.json()) as { error?: { status?: string } };
    expect(body.error?.status).toBe('UNAUTHENTICATED');
  }, 240_000);
});
