// `npm run test:e2e`: the browser journeys (e2e/) against the emulator suite
// (scripts/emulator-suite.mjs) on free ports with throwaway data, the rollup every few seconds
// instead of every minute. Chromium is Debian's (scripts/ensure-deps.mjs --browser). Ends with a
// summary naming each journey.
import { spawn } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
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

// Two stacks by default, and one vitest worker per stack: the pool hands the next journey file to
// whichever worker is free (largest files first), so the stacks' loads even out by themselves. A
// journey mostly waits (on the emulators, the rollup, the browser), so two share the 2 cores well.
// E2E_STACKS=1 runs all on one; naming files (`npm run test:e2e -- boards`) runs them on one.
const filters = process.argv.slice(2);
const STACKS = filters.length
  ? 1
  : Math.min(4, Math.max(1, Number.parseInt(process.env.E2E_STACKS ?? '2', 10) || 1));
const report = join(work, 'journeys.json');

/** Runs the journeys; each worker waits for its stack (e2e/tests/pick-stack.ts). */
async function journeys() {
  const vitest = spawn(
    process.execPath,
    [
      join(root, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      '--config',
      join(root, 'e2e', 'vitest.config.ts'),
      `--maxWorkers=${STACKS}`,
      '--reporter=verbose',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...filters,
    ],
    { cwd: join(root, 'e2e'), stdio: 'inherit', env: { ...process.env, E2E_STACKS_DIR: work } },
  );
  const code = await new Promise((r) => vitest.once('exit', (c, signal) => r(c ?? (signal ? 1 : 0))));
  return { code, report };
}

const suites = [];

/** Writes whole or not at all: the worker polls for the file and reads it at once. */
function tell(path, value) {
  writeFileSync(`${path}.tmp`, JSON.stringify(value));
  renameSync(`${path}.tmp`, path);
}

/** Starts stack `index` (free ports, its own log) and tells its worker where it is, or why not. */
async function stack(index) {
  const log = join(artifacts, `firebase-emulators-${index + 1}.log`);
  writeFileSync(log, '');
  const ports = {};
  for (const key of ['firestore', 'auth', 'functions', 'hosting', 'hub', 'logging'])
    ports[key] = await freePort(host);
  console.log(`\ne2e: starting emulator suite ${index + 1} of ${STACKS} (its log: ${log}) ...`);
  const started = Date.now();
  const pauseFile = join(work, `rollup-paused-${index}`);
  const told = join(work, `stack-${index + 1}.json`);
  try {
    const suite = await startSuite({
      ports,
      rollupEveryMs: 5000,
      rollupPauseFile: pauseFile,
      buildFunctions: index === 0,
      log: (line) => appendFileSync(log, `${line}\n`),
      emulatorOutput: (text) => appendFileSync(log, text),
    });
    suites.push(suite);
    const env = {
      E2E_APP_URL: suite.appUrl,
      E2E_AUTH_HOST: suite.hosts.auth,
      E2E_FIRESTORE_HOST: suite.hosts.firestore,
      E2E_ROLLUP_PAUSE_FILE: pauseFile,
    };
    tell(told, { env });
    console.log(
      `e2e: suite ${index + 1} ready in ${((Date.now() - started) / 1000).toFixed(0)} s at ${suite.appUrl}`,
    );
    return {};
  } catch (error) {
    // No Firestore emulator (NO_FIRESTORE_EMULATOR) fails too: its worker's files say so.
    tell(told, { error: error.message });
    return { error: error.message };
  }
}

/** Stack 1 builds the functions bundle; the others start once it is ready, as the journeys run. */
async function run() {
  const first = await stack(0);
  if (first.error) return [first];
  const others = Promise.all(Array.from({ length: STACKS - 1 }, (_, i) => stack(i + 1)));
  try {
    const ran = await journeys();
    return [...(await others), ran];
  } finally {
    await others;
    await Promise.allSettled(suites.map((s) => s.stop()));
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
function summarize(results) {
  const problems = [];
  const files = [];
  let exitCode = 0;
  for (const result of results) {
    if (result.error) problems.push(`  ✗ FAILED to start an emulator suite: ${result.error}`);
    else if (result.report)
      try {
        files.push(...JSON.parse(readFileSync(result.report, 'utf8')).testResults);
        exitCode ||= result.code;
      } catch {
        problems.push(`  ✗ FAILED (no report; vitest exited ${result.code})`);
      }
  }
  const tests = files.flatMap((file) =>
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
    ...problems,
    ...ran
      .filter((t) => t.status === 'failed')
      .flatMap((t) => [`  ✗ ${t.name}`, ...firstLines(t.messages.join('\n'))]),
    // A file whose hooks failed, or that did not load, has no failed journey of its own (the JSON
    // report has no message for a describe block's failed hook).
    ...files
      .filter(
        (file) =>
          file.status === 'failed' &&
          (file.message || !file.assertionResults.some((t) => t.status === 'failed')),
      )
      .flatMap((file) => [
        `  ✗ ${file.name}`,
        ...(file.message
          ? firstLines(file.message)
          : ['      its journeys did not run: a hook of a describe block failed (its error is above)']),
      ]),
  ];
  if (exitCode !== 0 && failures.length === 0)
    failures.push(
      `  ✗ vitest exited ${exitCode} with no journey failed: an error outside the journeys (see "Unhandled" or "Error" above)`,
    );
  return {
    ok: exitCode === 0 && failures.length === 0,
    lines: [
      `${count('passed')} passed, ${count('failed')} failed of ${ran.length} journeys` +
        (tests.length > ran.length ? ` (${tests.length - ran.length} skipped)` : ''),
      ...ran.map((t) => `  ${mark[t.status]} ${t.name}`),
    ],
    failures,
  };
}

// Ctrl-C or a kill: stop the suites that are up.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    void Promise.allSettled(suites.map((s) => s.stop())).finally(() => {
      rmSync(work, { recursive: true, force: true });
      process.exit(130);
    });
  });

let result;
try {
  result = summarize(await run());
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`\nBrowser journeys (emulator suite): ${result.lines.join('\n')}\n`);
if (result.failures.length) {
  // CI keeps no artifacts: a failure caused by the backend shows in the functions' own complaints.
  for (let i = 1; i <= STACKS; i++) {
    const log = join(artifacts, `firebase-emulators-${i}.log`);
    const complaints = existsSync(log)
      ? readFileSync(log, 'utf8')
          .split('\n')
          .filter(
            (line) => /failed|error|timed out|killed|unhandled/i.test(line) && !/^\s+at |hosting:/.test(line),
          )
      : [];
    if (complaints.length)
      console.log(
        `Emulator suite ${i} complained (last 30 of ${complaints.length}):\n${complaints.slice(-30).join('\n')}\n`,
      );
  }
  console.log(`What failed (the whole of each error is above):\n${result.failures.join('\n')}\n`);
}
process.exit(result.ok ? 0 : 1);
