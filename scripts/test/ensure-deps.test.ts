/**
 * scripts/ensure-deps.mjs decides by the lockfile's content whether `npm start` / `npm test` must
 * run `npm ci`: a fresh clone installs, a lockfile whose content is unchanged never reinstalls
 * (however new its mtime, e.g. after a rebase), a changed one does, and a failed install is never
 * taken for a finished one. Each case runs in a throwaway folder with a stand-in for `npm ci`.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureNpmPackages, INSTALL_LOCK, INSTALLED_LOCK_HASH, lockHash } from '../ensure-deps.mjs';

const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const LOCK = {
  name: 'app',
  lockfileVersion: 3,
  packages: {
    '': { name: 'app' },
    'node_modules/left-pad': { version: '1.3.0' },
    'node_modules/@esbuild/darwin-arm64': { version: '0.28.2', optional: true },
  },
};

function clone(lock: object = LOCK): string {
  const root = mkdtempSync(join(tmpdir(), 'fittrack-ensure-deps-'));
  roots.push(root);
  writeFileSync(join(root, 'package-lock.json'), JSON.stringify(lock, null, 2));
  return root;
}

/** What `npm ci` leaves behind: node_modules with npm's record of the tree (this platform's packages). */
function fakeNpmCi(root: string, calls: string[]) {
  return () => {
    calls.push(root);
    rmSync(join(root, 'node_modules'), { recursive: true, force: true });
    mkdirSync(join(root, 'node_modules', 'left-pad'), { recursive: true });
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
    const { '': _root, 'node_modules/@esbuild/darwin-arm64': _other, ...tree } = lock.packages;
    writeFileSync(join(root, 'node_modules', '.package-lock.json'), JSON.stringify({ packages: tree }));
  };
}

const stampOf = (root: string) => readFileSync(join(root, INSTALLED_LOCK_HASH), 'utf8').trim();

describe('ensure-deps: npm ci when, and only when, the lockfile content changed', () => {
  it('a fresh clone installs and records the hash of the lockfile it installed', () => {
    const root = clone();
    const calls: string[] = [];
    expect(ensureNpmPackages(root, fakeNpmCi(root, calls))).toBe(true);
    expect(calls).toHaveLength(1);
    expect(stampOf(root)).toBe(lockHash(root));
  });

  it('a lockfile touched by a checkout or rebase (newer mtime, same content) installs nothing', () => {
    const root = clone();
    const calls: string[] = [];
    ensureNpmPackages(root, fakeNpmCi(root, calls));
    const later = new Date(Date.now() + 3_600_000);
    utimesSync(join(root, 'package-lock.json'), later, later);
    expect(ensureNpmPackages(root, fakeNpmCi(root, calls))).toBe(false);
    expect(calls).toHaveLength(1);
  });

  it('a lockfile whose content changed installs again', () => {
    const root = clone();
    const calls: string[] = [];
    ensureNpmPackages(root, fakeNpmCi(root, calls));
    const changed = structuredClone(LOCK);
    changed.packages['node_modules/left-pad'].version = '1.3.1';
    writeFileSync(join(root, 'package-lock.json'), JSON.stringify(changed, null, 2));
    expect(ensureNpmPackages(root, fakeNpmCi(root, calls))).toBe(true);
    expect(calls).toHaveLength(2);
    expect(stampOf(root)).toBe(lockHash(root));
  });

  it('a failed install records nothing, so the next run installs again', () => {
    const root = clone();
    const calls: string[] = [];
    ensureNpmPackages(root, fakeNpmCi(root, calls));
    writeFileSync(join(root, 'package-lock.json'), JSON.stringify({ ...LOCK, name: 'app2' }));
    expect(() =>
      ensureNpmPackages(root, () => {
        throw new Error('npm ci failed (no network)');
      }),
    ).toThrow('no network');
    expect(existsSync(join(root, INSTALLED_LOCK_HASH))).toBe(false);
    expect(ensureNpmPackages(root, fakeNpmCi(root, calls))).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it('node_modules installed before hashes were recorded: kept when npm says it holds the lockfile, else reinstalled', () => {
    const root = clone();
    const calls: string[] = [];
    fakeNpmCi(root, [])();
    expect(ensureNpmPackages(root, fakeNpmCi(root, calls))).toBe(false);
    expect(calls).toHaveLength(0);
    expect(stampOf(root)).toBe(lockHash(root));

    const stale = clone();
    fakeNpmCi(stale, [])();
    writeFileSync(
      join(stale, 'node_modules', '.package-lock.json'),
      JSON.stringify({ packages: { 'node_modules/left-pad': { version: '1.2.0' } } }),
    );
    expect(ensureNpmPackages(stale, fakeNpmCi(stale, calls))).toBe(true);
    expect(calls).toEqual([stale]);
  });

  it('the script itself, run by node in a checkout whose packages are current, installs nothing', () => {
    const root = clone();
    fakeNpmCi(root, [])();
    mkdirSync(join(root, 'scripts'));
    copyFileSync(join(REPO_ROOT, 'scripts', 'ensure-deps.mjs'), join(root, 'scripts', 'ensure-deps.mjs'));
    const out = execFileSync(process.execPath, [join(root, 'scripts', 'ensure-deps.mjs')], {
      encoding: 'utf8',
    });
    expect(out).not.toContain('Installing');
    expect(stampOf(root)).toBe(lockHash(root));
  });
});

/** A `node` process running ensure-deps on `root` with a slow stand-in for npm ci (logs each install). */
function installer(root: string, log: string): Promise<{ code: number | null; out: string }> {
  const script = `
    import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
    import { join, resolve } from 'node:path';
    import { ensureNpmPackages } from ${JSON.stringify(join(REPO_ROOT, 'scripts', 'ensure-deps.mjs'))};
    const root = ${JSON.stringify(root)};
    ensureNpmPackages(root, () => {
      appendFileSync(${JSON.stringify(log)}, process.pid + '\\n');
      rmSync(join(root, 'node_modules'), { recursive: true, force: true });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1500);
      mkdirSync(join(root, 'node_modules', 'left-pad'), { recursive: true });
      const { '': _r, 'node_modules/@esbuild/darwin-arm64': _o, ...tree } =
        JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages;
      writeFileSync(join(root, 'node_modules', '.package-lock.json'), JSON.stringify({ packages: tree }));
    }, { pollMs: 100 });
  `;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

describe('ensure-deps: one install at a time', () => {
  it('a second run started during an install waits for it, then installs nothing', async () => {
    const root = clone();
    const log = join(root, 'installs.log');
    const [first, second] = await Promise.all([installer(root, log), installer(root, log)]);
    expect(first.code).toBe(0);
    expect(second.code).toBe(0);
    expect(readFileSync(log, 'utf8').trim().split('\n')).toHaveLength(1);
    expect(first.out + second.out).toMatch(/is installing packages; waiting for it/);
    expect(stampOf(root)).toBe(lockHash(root));
    expect(existsSync(join(root, INSTALL_LOCK))).toBe(false);
  }, 30_000);

  it('a lock left by a process that died is taken over', () => {
    const root = clone();
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(join(root, INSTALL_LOCK), `${dead}\n`);
    const calls: string[] = [];
    expect(ensureNpmPackages(root, fakeNpmCi(root, calls), { pollMs: 10 })).toBe(true);
    expect(calls).toHaveLength(1);
    expect(existsSync(join(root, INSTALL_LOCK))).toBe(false);
  });

  it('a lock held too long by a running process ends in a message naming the file, and installs nothing', () => {
    const root = clone();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      writeFileSync(join(root, INSTALL_LOCK), `${holder.pid}\n`);
      const calls: string[] = [];
      expect(() => ensureNpmPackages(root, fakeNpmCi(root, calls), { waitMs: 300, pollMs: 50 })).toThrow(
        /Another install \(pid \d+\) still holds .*\.fittrack-install\.lock/,
      );
      expect(calls).toHaveLength(0);
      expect(existsSync(join(root, INSTALL_LOCK))).toBe(true); // not ours to remove
    } finally {
      holder.kill();
    }
  });

  it('a failed install releases the lock', () => {
    const root = clone();
    expect(() =>
      ensureNpmPackages(root, () => {
        throw new Error('npm ci failed');
      }),
    ).toThrow('npm ci failed');
    expect(existsSync(join(root, INSTALL_LOCK))).toBe(false);
  });
});
