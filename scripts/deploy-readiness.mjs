// What `firebase deploy` would refuse or get wrong, checked before it runs: a functions runtime
// Firebase has decommissioned (firebase-tools' own table and guard), and a Hosting folder holding
// a build made for the emulators (fake API key, loopback hosts) instead of the production one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const runtimes = createRequire(import.meta.url)(
  'firebase-tools/lib/deploy/functions/runtimes/supported/index.js',
);

/** Problems with the functions' `engines.node` on `now`, or [] when it deploys. */
export function runtimeProblems(enginesNode, now = new Date()) {
  const runtime = `nodejs${String(enginesNode ?? '').trim()}`;
  if (!runtimes.isRuntime(runtime))
    return [`functions/package.json engines.node '${enginesNode}' is not a Cloud Functions runtime`];
  try {
    runtimes.guardVersionSupport(runtime, now);
  } catch (error) {
    return [`functions runtime: ${error.message}`];
  }
  return [];
}

const EMULATOR_MARKS = ['fake-api-key', '127.0.0.1:', 'localhost:9099'];

/** Problems with the Hosting folder `dir` (absent is fine: the predeploy builds it). */
export function hostingProblems(dir) {
  if (!existsSync(dir)) return [];
  const files = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(js|html)$/.test(name)) files.push(path);
    }
  };
  walk(dir);
  const marked = files.find((f) => EMULATOR_MARKS.some((m) => readFileSync(f, 'utf8').includes(m)));
  return marked ? [`${dir} holds a build made for the emulators (${marked}): run the hosting predeploy`] : [];
}

/** Problems with firebase.json: Hosting must build the production app before each deploy. */
export function configProblems(firebaseJson) {
  const predeploy = [firebaseJson.hosting?.predeploy ?? []].flat();
  return predeploy.some((step) => step.includes('build-web.mjs'))
    ? []
    : ['firebase.json: hosting.predeploy must build the production web app (node scripts/build-web.mjs)'];
}
