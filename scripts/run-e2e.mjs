// `npm run test:e2e`: the browser journeys (e2e/) against the emulator suite
// (scripts/emulator-suite.mjs) on free ports with throwaway data, the rollup every few seconds
// instead of every minute. Chromium is Debian's (scripts/ensure-deps.mjs --browser). Ends with a
// summary naming each journey.
import { spawn } from 'node:child_process';
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
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

// Two stacks by default, each running its share of the journey files one at a time: a journey
// mostly waits (on the emulators, the rollup, the browser), so two share the 2 cores well.
// E2E_STACKS=1 runs all on one; naming files (`npm run test:e2e -- boards`) runs them on one.
const filters = process.argv.slice(2);
const STACKS = filters.length
  ? 1
  : Math.min(4, Math.max(1, Number.parseInt(process.env.E2E_STACKS ?? '2', 10) || 1));
// Seconds per file in quiet clean-clone runs (its tests' mean of two runs, plus 5 s for its
// set-up), so each stack's share takes about as long; an unlisted file counts 20.
const SECONDS = {
  logout: 99,
  'offline-and-deletion': 89,
  failures: 81,
  follows: 61,
  a11y: 61,
  theme: 54,
  journeys: 48,
  kudos: 41,
  boards: 39,
  'offline-saves': 31,
  'switch-in': 30,
  'first-run': 30,
  distance: 29,
  data: 29,
  keyboard: 28,
  tabs: 24,
  progress: 23,
  sets: 22,
  returning: 22,
  pwa: 21,
  units: 19,
  when: 17,
  'password-reset': 14,
  'posts-burst': 12,
  google: 11,
};

/** The journey files split into `n` shares of about equal time (largest first, to the lightest). */
function shares(n) {
  if (n === 1) return [filters];
  const files = readdirSync(join(root, 'e2e', 'tests')).filter((f) => f.endsWith('.test.ts'));
  const cost = (f) => SECONDS[f.replace('.test.ts', '')] ?? 20;
  // The others start once the first is ready, and then start themselves: about a minute later.
  const out = Array.from({ length: n }, (_, i) => ({ files: [], total: i === 0 ? 0 : 60 }));
  for (const f of files.sort((a, b) => cost(b) - cost(a))) {
    const lightest = out.reduce((a, b) => (b.total < a.total ? b : a));
    lightest.files.push(`tests/${f}`);
    lightest.total += cost(f);
  }
  // An empty share would name no file, which runs them all.
  return out.map((s) => s.files).filter((files) => files.length > 0);
}

/** Runs `files` with `env`; resolves with the exit code and the JSON report's path. */
async function journeys(files, env, index) {
  const report = join(work, `journeys-${index}.json`);
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
      ...files,
    ],
    { cwd: join(root, 'e2e'), stdio: 'inherit', env: { ...process.env, ...env } },
  );
  const code = await new Promise((r) => vitest.once('exit', (c, signal) => r(c ?? (signal ? 1 : 0))));
  return { code, report };
}

const suites = [];

/** Starts stack `index` (free ports, its own log) and runs `files` on it. */
async function stack(files, index, onReady = () => {}) {
  const log = join(artifacts, `firebase-emulators-${index + 1}.log`);
  writeFileSync(log, '');
  const ports = {};
  for (const key of ['firestore', 'auth', 'functions', 'hosting', 'hub', 'logging'])
    ports[key] = await freePort(host);
  console.log(`\ne2e: starting emulator suite ${index + 1} of ${STACKS} (its log: ${log}) ...`);
  const started = Date.now();
  const pauseFile = join(work, `rollup-paused-${index}`);
  let suite;
  try {
    suite = await startSuite({
      ports,
      rollupEveryMs: 5000,
      rollupPauseFile: pauseFile,
      buildFunctions: index === 0,
      log: (line) => appendFileSync(log, `${line}\n`),
      emulatorOutput: (text) => appendFileSync(log, text),
    });
  } catch (error) {
    // No Firestore emulator (NO_FIRESTORE_EMULATOR) fails too: there is no other stack to run on.
    return { error: error.message };
  }
  suites.push(suite);
  onReady();
  console.log(
    `e2e: suite ${index + 1} ready in ${((Date.now() - started) / 1000).toFixed(0)} s at ${suite.appUrl}`,
  );
  try {
    return await journeys(
      files,
      {
        E2E_APP_URL: suite.appUrl,
        E2E_AUTH_HOST: suite.hosts.auth,
        E2E_FIRESTORE_HOST: suite.hosts.firestore,
        E2E_ROLLUP_PAUSE_FILE: pauseFile,
      },
      index,
    );
  } finally {
    await suite.stop();
  }
}

/** Stack 1 builds the functions bundle; the others start once it is ready, as its journeys run. */
async function run() {
  const [first, ...rest] = shares(STACKS);
  let others = [];
  const one = await stack(first, 0, () => {
    others = rest.map((files, i) => stack(files, i + 1));
  });
  return [one, ...(await Promise.all(others))];
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
    else
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
if (result.failures.length)
  console.log(`What failed (the whole of each error is above):\n${result.failures.join('\n')}\n`);
process.exit(result.ok ? 0 : 1);
