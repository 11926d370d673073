#!/usr/bin/env node
// `npm run emulators`: the full Firebase emulator suite (Auth, Firestore, Functions, Hosting) with
// the demo project, over firebase.json. Builds the functions bundle first (functions/lib), and the
// web app when web/dist is missing. The Firestore emulator is a Java program the CLI downloads on
// first use: it needs Java 21 and internet. Without Java this says so and starts the suite without
// Firestore (Auth, Functions, Hosting are plain Node and run offline); the local mode (`npm start`)
// is the way to run the whole product on such a machine.
//
// Then, in another terminal, the pre-deploy gate:
//   FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 npx vitest run --project functions rules.contract
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const project = process.env.FIREBASE_PROJECT || 'demo-fittrack';
if (!project.startsWith('demo-')) {
  console.error(`Refusing project '${project}': the emulators run with a demo- project only.`);
  process.exit(2);
}

function hasJava21() {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return false;
  const m = /version "(\d+)/.exec(`${r.stderr}${r.stdout}`);
  return m ? Number(m[1]) >= 21 : false;
}

console.log('Building the functions bundle (functions/lib) ...');
execFileSync(process.execPath, ['functions/build.mjs'], { cwd: root, stdio: 'inherit' });
if (!existsSync(`${root}web/dist/index.html`)) {
  console.log('web/dist is missing: building the web app ...');
  const r = spawnSync('npm', ['run', 'build', '--workspace', 'web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) console.warn('The web build failed; Hosting will serve nothing until web/dist exists.');
}

let only = 'auth,firestore,functions,hosting';
if (!hasJava21()) {
  only = 'auth,functions,hosting';
  console.warn(
    [
      '',
      'Java 21 was not found: the Firestore emulator (a Java program downloaded on first use) cannot run here.',
      'Starting Auth, Functions and Hosting only; Firestore triggers stay unregistered and the access',
      'contract cannot run against the rules. Install Java 21 (with internet for the first download) for',
      'the full suite, or use `npm start` (local mode) to run the whole product on this machine.',
      'The rules gate needs only a Firestore emulator: the functions tests start the standalone one of the',
      'Google Cloud SDK (component cloud-firestore-emulator, Java 11+) by themselves when it is installed.',
      '',
    ].join('\n'),
  );
}

const firebase = `${root}node_modules/.bin/firebase`;
const child = spawn(firebase, ['emulators:start', '--only', only, '--project', project], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NO_UPDATE_NOTIFIER: '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
