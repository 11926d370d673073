// Installs what `npm start`, `npm test` and `npm run bench` need on a fresh clone, and nothing when
// it is already there: npm packages from the lockfile and, with --browser, Debian's Chromium.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

const installed = join(root, 'node_modules', '.package-lock.json');
const lock = join(root, 'package-lock.json');
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
  console.log('Installing npm packages from package-lock.json (first run builds better-sqlite3, ~2 min)...');
  run('npm ci --no-audit --no-fund');
}

if (process.argv.includes('--browser') && !existsSync('/usr/bin/chromium')) {
  if (process.getuid?.() !== 0) {
    console.error(
      'The browser tests need Chromium at /usr/bin/chromium: run `sudo apt-get install -y chromium`.',
    );
    process.exit(1);
  }
  console.log("Installing Debian's chromium for the browser tests...");
  run('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium');
}
