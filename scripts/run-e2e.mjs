// `npm run test:e2e`: the browser journeys (e2e/) against both stacks, one after the other, each on
// free ports with throwaway data:
//   1. local mode: the `npm start` stack (local server + Auth emulator);
//   2. Firebase mode: the official emulator suite of `npm run emulators` (scripts/emulator-suite.mjs),
//      with the rollup every few seconds instead of every minute. Where no Firestore emulator can run,
//      this part is reported as NOT RUN (never as passed).
// Chromium is Debian's (scripts/ensure-deps.mjs --browser). Ends with a summary naming each journey.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSuite } from './emulator-suite.mjs';
import { freePort } from './ports.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const host = '127.0.0.1';
const work = mkdtempSync(join(tmpdir(), 'fittrack-e2e-'));
const artifacts = join(root, 'artifacts', 'e2e');
mkdirSync(artifacts, { recursive: true });
const only = process.env.E2E_ONLY; // 'local' | 'firebase': one stack only (debugging)

/** Runs the journeys with `env`; resolves with the exit code and the JSON report's path. */
async function journeys(name, env) {
  const report = join(work, `${name}.json`);
  const vitest = spawn(
    process.execPath,
    [
      join(root, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      '--config',
      join(root, 'e2e', 'vitest.config.ts'),
      '--reporter=verbose',
      '--reporter=json',
      `--outputFile.json=${report}`,
      // `npm run test:e2e -- boards`: only the journey files whose name matches.
      ...process.argv.slice(2),
    ],
    { cwd: join(root, 'e2e'), stdio: 'inherit', env: { ...process.env, ...env } },
  );
  const code = await new Promise((r) => vitest.once('exit', (c, signal) => r(c ?? (signal ? 1 : 0))));
  return { code, report };
}

async function localMode() {
  const localPort = await freePort(host);
  const authPort = await freePort(host);
  const dataDir = join(work, 'local-data');
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
  const stopStack = async () => {
    if (!stackExited) {
      stack.kill('SIGINT');
      const timer = setTimeout(() => stack.kill('SIGKILL'), 20_000);
      await stackExit;
      clearTimeout(timer);
    }
  };
  // The web build and the Auth emulator's start take a while on a busy 2-core machine.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (stackExited) return { error: 'the stack exited before it was ready' };
    try {
      if ((await fetch(`${appUrl}/api/health`)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() > deadline) {
      await stopStack();
      return { error: 'the stack was not ready within 5 minutes' };
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  stopCurrent = stopStack;
  try {
    return await journeys('local', {
      E2E_BACKEND: 'local',
      E2E_APP_URL: appUrl,
      E2E_AUTH_HOST: `${host}:${authPort}`,
    });
  } finally {
    await stopStack();
  }
}

async function firebaseMode() {
  const log = join(artifacts, 'firebase-emulators.log');
  writeFileSync(log, '');
  const ports = {};
  for (const key of ['firestore', 'auth', 'functions', 'hosting', 'hub', 'logging'])
    ports[key] = await freePort(host);
  console.log(`\ne2e: starting the Firebase-mode emulator suite (its log: ${log}) ...`);
  const started = Date.now();
  let suite;
  try {
    suite = await startSuite({
      ports,
      rollupEveryMs: 5000,
      rollupPauseFile: join(work, 'rollup-paused'),
      log: (line) => appendFileSync(log, `${line}\n`),
      emulatorOutput: (text) => appendFileSync(log, text),
    });
  } catch (error) {
    if (error.code === 'NO_FIRESTORE_EMULATOR') return { notRun: error.message };
    return { error: error.message };
  }
  console.log(
    `e2e: Firebase-mode suite ready in ${((Date.now() - started) / 1000).toFixed(0)} s at ${suite.appUrl}`,
  );
  try {
    return await journeys('firebase', {
      E2E_BACKEND: 'firebase',
      E2E_APP_URL: suite.appUrl,
      E2E_AUTH_HOST: suite.hosts.auth,
      E2E_FIRESTORE_HOST: suite.hosts.firestore,
      E2E_ROLLUP_PAUSE_FILE: join(work, 'rollup-paused'),
    });
  } finally {
    await suite.stop();
  }
}

/** The first lines of an error, indented, for the summary (the whole of it is in the log above). */
const firstLines = (text, n = 4) =>
  String(text)
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, n)
    .map((line) => `      ${line.trim().slice(0, 300)}`);

/**
 * Names and counts from vitest's JSON report. What failed is repeated in `failures`, which the run
 * prints last: CI keeps only the tail of a long log, and a red run must say why within it.
 */
function summarize(title, result) {
  if (result.notRun) return { ok: true, lines: [`${title}: NOT RUN (${result.notRun})`], failures: [] };
  if (result.error) {
    const line = `${title}: FAILED to start: ${result.error}`;
    return { ok: false, lines: [line], failures: [line] };
  }
  let report;
  try {
    report = JSON.parse(readFileSync(result.report, 'utf8'));
  } catch {
    const line = `${title}: FAILED (no report; vitest exited ${result.code})`;
    return { ok: false, lines: [line], failures: [line] };
  }
  const tests = report.testResults.flatMap((file) =>
    file.assertionResults.map((t) => ({
      name: t.fullName,
      status: t.status,
      messages: t.failureMessages ?? [],
    })),
  );
  const count = (s) => tests.filter((t) => t.status === s).length;
  const mark = { passed: '✓', failed: '✗', skipped: '-', pending: '-', todo: '-' };
  const ran = tests.filter((t) => t.status === 'passed' || t.status === 'failed');
  const failures = [
    ...ran
      .filter((t) => t.status === 'failed')
      .flatMap((t) => [`  ✗ ${title}: ${t.name}`, ...firstLines(t.messages.join('\n'))]),
    // A file whose hooks failed, or that did not load, has no failed journey of its own.
    ...report.testResults
      .filter((file) => file.status === 'failed' && file.message)
      .flatMap((file) => [`  ✗ ${title}: ${file.name}`, ...firstLines(file.message)]),
  ];
  if (result.code !== 0 && failures.length === 0)
    failures.push(
      `  ✗ ${title}: vitest exited ${result.code} with no journey failed: an error outside the journeys (see "Unhandled" or "Error" above)`,
    );
  return {
    ok: result.code === 0 && failures.length === 0,
    lines: [
      `${title}: ${count('passed')} passed, ${count('failed')} failed of ${ran.length} journeys` +
        (tests.length > ran.length ? ` (${tests.length - ran.length} for the other mode skipped)` : ''),
      ...ran.map((t) => `  ${mark[t.status]} ${t.name}`),
    ],
    failures,
  };
}

// Ctrl-C or a kill: stop whichever stack is up (its stop is registered while it runs).
let stopCurrent = async () => {};
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    void stopCurrent().finally(() => {
      rmSync(work, { recursive: true, force: true });
      process.exit(130);
    });
  });

const results = [];
try {
  if (only !== 'firebase') results.push(summarize('Local mode (npm start stack)', await localMode()));
  if (only !== 'local') results.push(summarize('Firebase mode (emulator suite)', await firebaseMode()));
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`\nBrowser journeys\n${results.flatMap((r) => r.lines).join('\n')}\n`);
const failures = results.flatMap((r) => r.failures);
if (failures.length) console.log(`What failed (the whole of each error is above):\n${failures.join('\n')}\n`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
