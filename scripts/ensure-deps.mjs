// Installs what `npm start`, `npm test` and `npm run bench` need on a fresh clone, and nothing when
// it is already there: npm packages from the lockfile and, with --browser, Debian's Chromium.
//
// "Already there" is decided by content, never by file times: after a successful `npm ci` the
// SHA-256 of package-lock.json is recorded in node_modules (INSTALLED_LOCK_HASH), and a later run
// installs again only when the lockfile's content differs. (Comparing mtimes reinstalled after any
// checkout or rebase that merely touched the lockfile, and `npm ci` removes node_modules/.bin from
// under a running `npm start`.)
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the hash of the lockfile last installed is kept (inside node_modules: gone with it). */
export const INSTALLED_LOCK_HASH = join('node_modules', '.fittrack-installed-lock.sha256');
/** npm's own record of the installed tree, written at the end of every install. */
const NPM_INSTALLED_TREE = join('node_modules', '.package-lock.json');

export function lockHash(root) {
  return createHash('sha256')
    .update(readFileSync(join(root, 'package-lock.json')))
    .digest('hex');
}

/**
 * Whether npm's record of the installed tree holds exactly the lockfile's packages (same paths,
 * same versions; optional packages of other platforms may be absent). Only for a node_modules
 * installed before the hash was recorded, so that it is not reinstalled for nothing.
 */
function treeMatchesLock(root) {
  try {
    const wanted = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages ?? {};
    const installed = JSON.parse(readFileSync(join(root, NPM_INSTALLED_TREE), 'utf8')).packages ?? {};
    for (const [path, pkg] of Object.entries(installed))
      if (wanted[path]?.version !== pkg.version) return false;
    for (const [path, pkg] of Object.entries(wanted))
      if (path !== '' && !(path in installed) && !pkg.optional && !pkg.devOptional) return false;
    return true;
  } catch {
    return false;
  }
}

/** Whether the packages of the lockfile's current content are installed (recording it if so). */
function installed(root) {
  const stamp = join(root, INSTALLED_LOCK_HASH);
  const hash = lockHash(root);
  const recorded = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : null;
  if (recorded === hash) return true;
  if (recorded === null && treeMatchesLock(root)) {
    writeFileSync(stamp, `${hash}\n`);
    return true;
  }
  return false;
}

/** The file an install holds while it runs (beside node_modules, which `npm ci` deletes). */
export const INSTALL_LOCK = '.fittrack-install.lock';

function sleepSync(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM'; // running, as another user
  }
}

/**
 * Creates the lock at `path` naming this process, unless it exists: false then. The file appears
 * with its content in one step (a hard link to a file already written): created empty and then
 * written, a second run could read it empty in between, take it for a dead holder's and install
 * too (seen once in a clean CI run of the concurrency test).
 */
function tryLock(path) {
  const written = `${path}.${process.pid}`;
  writeFileSync(written, `${process.pid}\n`);
  try {
    linkSync(written, path);
    return true;
  } catch (error) {
    if (error.code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(written, { force: true });
  }
}

/**
 * Runs `fn` holding the install lock of `root`, so that a second `npm start` / `npm test` started
 * meanwhile waits for the first one's `npm ci` instead of running another over it (two at once
 * delete each other's files). The lock names its holder's pid: one left by a process that died (a
 * crash, Ctrl-C) is taken over. Two waiters clearing the same dead lock in the same instant could
 * both go on; that needs a crash and two new runs at once, and costs one redundant install.
 */
function withInstallLock(root, fn, { waitMs = 20 * 60_000, pollMs = 500 } = {}) {
  const path = join(root, INSTALL_LOCK);
  const deadline = Date.now() + waitMs;
  let told = false;
  for (;;) {
    if (tryLock(path)) break;
    let holder = Number.NaN;
    try {
      holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
    } catch {
      continue; // released between the two calls: try again
    }
    if (!Number.isInteger(holder) || !isRunning(holder)) {
      rmSync(path, { force: true });
      continue;
    }
    if (Date.now() > deadline)
      throw new Error(
        `Another install (pid ${holder}) still holds ${path} after ${Math.round(waitMs / 1000)} s. ` +
          'If no npm start or npm test is running, delete that file and try again.',
      );
    if (!told) {
      console.log(`Another npm start or npm test (pid ${holder}) is installing packages; waiting for it...`);
      told = true;
    }
    sleepSync(pollMs);
  }
  try {
    return fn();
  } finally {
    rmSync(path, { force: true });
  }
}

/**
 * Installs the npm packages of `root` unless the lockfile installed last has the same content.
 * `install` runs `npm ci`; the hash is recorded only once it has succeeded, so an interrupted or
 * failed install is run again next time. One install at a time per checkout (`withInstallLock`);
 * a run that waited for another's install checks again and installs nothing if that one did.
 * Returns whether it installed.
 */
export function ensureNpmPackages(root, install, lock) {
  if (installed(root)) return false;
  return withInstallLock(
    root,
    () => {
      if (installed(root)) return false;
      // From here on nothing may pass for installed until `install` succeeds.
      const hash = lockHash(root);
      rmSync(join(root, INSTALLED_LOCK_HASH), { force: true });
      rmSync(join(root, NPM_INSTALLED_TREE), { force: true });
      install();
      writeFileSync(join(root, INSTALLED_LOCK_HASH), `${hash}\n`);
      return true;
    },
    lock,
  );
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

  ensureNpmPackages(root, () => {
    console.log('Installing npm packages from package-lock.json (about a minute the first time)...');
    run('npm ci --no-audit --no-fund');
  });

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
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
