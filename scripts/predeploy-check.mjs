// `npm run predeploy-check`: the gate to pass before `firebase deploy`, as one command:
//   - firestore.rules' generated maps are current (scripts/gen-rules.mjs --check, and
//     shared/test/rules.test.ts, which also holds the rules to the shared formulas and limits);
//   - every query the code issues has its index in firestore.indexes.json (shared/test/indexes.test.ts);
//   - the access contract passes against firestore.rules in a real Firestore emulator
//     (functions/test/rules.contract.test.ts; the functions project starts the Cloud SDK's emulator);
//   - the functions bundle loads in the official Functions emulator (functions/test/emulator.smoke.test.ts);
//   - the functions runtime is not decommissioned, and Hosting deploys a production build
//     (scripts/deploy-readiness.mjs).
// A suite that did not run (no Firestore emulator) fails the gate: a deploy gate never passes unrun.
//
// In `npm test` these suites already run inside `vitest run`; there this script only reads that
// run's JSON report (`--report <file>`) instead of running them twice, and with `--not-run-ok`
// reports a missing emulator as NOT RUN without failing the tests.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configProblems, hostingProblems, runtimeProblems } from './deploy-readiness.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const GATE = [
  'shared/test/rules.test.ts',
  'shared/test/indexes.test.ts',
  'functions/test/rules.contract.test.ts',
  'functions/test/emulator.smoke.test.ts',
];
const args = process.argv.slice(2);
const reportArg = args.includes('--report') ? args[args.indexOf('--report') + 1] : undefined;
const notRunOk = args.includes('--not-run-ok');

const problems = [];
const notRun = [];

const gen = spawnSync(process.execPath, [join(root, 'scripts', 'gen-rules.mjs'), '--check'], {
  cwd: root,
  encoding: 'utf8',
});
if (gen.status !== 0) problems.push(`generated rules: ${(gen.stderr || gen.stdout).trim()}`);
const readJson = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const firebaseJson = readJson('firebase.json');
problems.push(
  ...runtimeProblems(readJson('functions/package.json').engines?.node),
  ...configProblems(firebaseJson),
  ...hostingProblems(join(root, firebaseJson.hosting.public)),
);

let report = reportArg ? resolve(reportArg) : undefined;
let work;
if (!report) {
  work = mkdtempSync(join(tmpdir(), 'fittrack-predeploy-'));
  report = join(work, 'report.json');
  // The functions project's global setup starts the Cloud SDK's Firestore emulator when installed.
  spawnSync(
    process.execPath,
    [
      join(root, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      ...GATE,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { cwd: root, stdio: 'inherit' },
  );
}

let files = [];
try {
  files = JSON.parse(readFileSync(report, 'utf8')).testResults;
} catch (error) {
  problems.push(`no test report at ${report}: ${error.message}`);
}
if (work) rmSync(work, { recursive: true, force: true });

for (const gateFile of GATE) {
  const file = files.find((f) => relative(root, f.name) === gateFile);
  if (!file) {
    if (files.length) problems.push(`${gateFile}: not in the run`);
    continue;
  }
  const tests = file.assertionResults;
  const failed = tests.filter((t) => t.status === 'failed');
  const skipped = tests.filter((t) => t.status !== 'passed' && t.status !== 'failed');
  if (failed.length)
    problems.push(`${gateFile}: ${failed.length} failed (${failed.map((t) => t.title).join('; ')})`);
  else if (file.status === 'failed')
    problems.push(
      `${gateFile}: the file failed (${file.message || 'a hook or the file itself failed: see the output above'})`,
    );
  if (skipped.length) notRun.push(`${gateFile}: ${skipped.length} NOT RUN (${skipped[0].fullName})`);
  if (!failed.length && !skipped.length && file.status !== 'failed')
    console.log(`predeploy-check: ${gateFile}: ${tests.length} passed`);
}
if (gen.status === 0) console.log('predeploy-check: firestore.rules generated maps are current');

for (const p of problems) console.error(`predeploy-check: FAILED ${p}`);
for (const n of notRun) console.error(`predeploy-check: ${n}`);
if (problems.length) process.exit(1);
if (notRun.length) {
  console.error(
    'predeploy-check: NOT RUN: the gate needs a Firestore emulator (Java 21 for firebase-tools, or the Cloud SDK component cloud-firestore-emulator).',
  );
  process.exit(notRunOk ? 0 : 1);
}
console.log('predeploy-check: PASSED: the rules, indexes and functions bundle may be deployed.');
