// `npm run test:e2e`: the browser journeys (e2e/) against the emulator suite
// (scripts/emulator-suite.mjs) on free ports with throwaway data, the rollup every few seconds
// instead of every minute. Chromium is Debian's (scripts/ensure-deps.mjs --browser). Ends with a
// summary naming each journey.
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

/** Runs the journeys with `env`; resolves with the exit code and the JSON report's path. */
async function journeys(env) {
  const report = join(work, 'journeys.json');
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

async function run() {
  const log = join(artifacts, 'firebase-emulators.log');
  writeFileSync(log, '');
  const ports = {};
  for (const key of ['firestore', 'auth', 'functions', 'hosting', 'hub', 'logging'])
    ports[key] = await freePort(host);
  console.log(`\ne2e: starting the emulator suite (its log: ${log}) ...`);
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
    // No Firestore emulator (NO_FIRESTORE_EMULATOR) fails too: there is no other stack to run on.
    return { error: error.message };
  }
  stopCurrent = () => suite.stop();
  console.log(`e2e: suite ready in ${((Date.now() - started) / 1000).toFixed(0)} s at ${suite.appUrl}`);
  try {
    return await journeys({
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
function summarize(result) {
  if (result.error) {
    const line = `FAILED to start the emulator suite: ${result.error}`;
    return { ok: false, lines: [line], failures: [line] };
  }
  let report;
  try {
    report = JSON.parse(readFileSync(result.report, 'utf8'));
  } catch {
    const line = `FAILED (no report; vitest exited ${result.code})`;
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
      .flatMap((t) => [`  ✗ ${t.name}`, ...firstLines(t.messages.join('\n'))]),
    // A file whose hooks failed, or that did not load, has no failed journey of its own (the JSON
    // report has no message for a describe block's failed hook).
    ...report.testResults
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
  if (result.code !== 0 && failures.length === 0)
    failures.push(
      `  ✗ vitest exited ${result.code} with no journey failed: an error outside the journeys (see "Unhandled" or "Error" above)`,
    );
  return {
    ok: result.code === 0 && failures.length === 0,
    lines: [
      `${count('passed')} passed, ${count('failed')} failed of ${ran.length} journeys` +
        (tests.length > ran.length ? ` (${tests.length - ran.length} skipped)` : ''),
      ...ran.map((t) => `  ${mark[t.status]} ${t.name}`),
    ],
    failures,
  };
}

// Ctrl-C or a kill: stop the suite if it is up (its stop is registered once it is).
let stopCurrent = async () => {};
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    void stopCurrent().finally(() => {
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
if (result.failures.length)
  console.log(`What failed (the whole of each error is above):\n${result.failures.join('\n')}\n`);
process.exit(result.ok ? 0 : 1);
