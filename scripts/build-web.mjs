// The production web build into web/dist, what Hosting deploys (firebase.json's hosting predeploy).
// Refuses to build without the project's settings or with an emulator host set, so a deploy can
// never publish an app pointed at 127.0.0.1.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const missing = ['VITE_FIREBASE_API_KEY', 'VITE_FIREBASE_PROJECT_ID'].filter((k) => !process.env[k]?.trim());
const emulators = Object.keys(process.env).filter((k) => /^VITE_.*EMULATOR_HOSTS?$/.test(k));
if (missing.length || emulators.length || process.env.VITE_FIREBASE_PROJECT_ID?.startsWith('demo-')) {
  console.error(
    `build-web: set ${missing.join(' and ') || 'the project settings'} of the real project` +
      (emulators.length ? ` and unset ${emulators.join(', ')}` : '') +
      ' (a demo- project is for the emulators only).',
  );
  process.exit(1);
}
const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
const r = spawnSync(process.execPath, [vite, 'build', '--outDir', 'dist', '--emptyOutDir'], {
  cwd: join(root, 'web'),
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
