/**
 * Crash test: the server process is killed with SIGKILL in the middle of a stream of writes.
 * After a restart on the same SQLite file, every acknowledged write is there, the deliveries left
 * pending complete, and every projection equals its from-scratch computation (the audit).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calorieUnits } from '@fit/shared/formulas';
import { paths } from '@fit/shared/model';
import type { DocSnapshot } from '@fit/shared/store';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/auth-emulator.mjs';
import { REPO_ROOT } from '../src/config.ts';
import { DATA_FILE } from '../src/server.ts';
import { ADMIN_TOKEN, admin, authHost, call, commit, signUp, type TestUser } from './helpers.ts';

let dataDir: string;
let port: number;
let child: ChildProcess | undefined;

async function startChild(extra: Record<string, string> = {}): Promise<string> {
  const base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'local', 'src', 'main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      FIREBASE_AUTH_EMULATOR_HOST: authHost(),
      LOCAL_PORT: String(port),
      LOCAL_DATA_DIR: dataDir,
      LOCAL_ADMIN_TOKEN: ADMIN_TOKEN,
      LOCAL_ROLLUP_DEBOUNCE_MS: '20',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const r = await fetch(`${base}/api/health`);
      if (r.ok) return base;
    } catch {
      // not yet
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function kill(signal: NodeJS.Signals): Promise<void> {
  const c = child;
  if (!c || c.exitCode !== null || c.signalCode !== null) return;
  const exited = new Promise((r) => c.once('exit', r));
  c.kill(signal);
  await exited;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fittrack-crash-'));
  port = await freePort();
});

afterAll(async () => {
  await kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('crash', () => {
  it('SIGKILL mid-stream: acknowledged writes survive, deliveries complete, projections audit clean', async () => {
    // Reactions paused before the crash, so that deliveries are surely pending when it comes.
    let base = await startChild({ LOCAL_REACTIONS: 'off' });
    const users: TestUser[] = [await signUp('crash-a'), await signUp('crash-b')];
    for (const [i, user] of users.entries()) {
      const r = await commit(base, user.idToken, [
        {
          kind: 'set',
          path: paths.user(user.uid),
          data: { userId: user.uid, email: user.email, createdAt: Date.now(), displayName: `Crash ${i}` },
        },
      ]);
      expect(r.status).toBe(200);
    }

    const acknowledged: { user: TestUser; path: string; time: number }[] = [];
    let stop = false;
    let n = 0;
    const writer = async (user: TestUser) => {
      while (!stop) {
        const id = `w${n++}`;
        const time = 1 + (n % 50);
        const doc = { activityType: 'Cycling', time, timestamp: Date.now() };
        try {
          const r = await commit(base, user.idToken, [
            { kind: 'set', path: paths.rep(user.uid, id), data: { ...doc, calorieUnits: calorieUnits(doc) } },
          ]);
          if (r.status === 200) acknowledged.push({ user, path: paths.rep(user.uid, id), time });
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = [0, 1, 2, 3, 4, 5].map((i) => writer(users[i % 2] as TestUser));
    while (acknowledged.length < 300) await new Promise((r) => setTimeout(r, 5));
    await kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);

    // What the crash left behind: deliveries written with their changes, not yet run.
    const db = new Database(join(dataDir, DATA_FILE));
    const pending = (db.prepare('SELECT count(*) AS n FROM deliveries').get() as { n: number }).n;
    db.close();
    expect(pending).toBeGreaterThanOrEqual(acknowledged.length);

    base = await startChild();
    for (const { user, path, time } of acknowledged) {
      const r = await call<{ doc: DocSnapshot | null }>(base, '/api/get', { path }, user.idToken);
      expect(r.body.doc?.data.time, path).toBe(time);
    }
    const idle = await admin<{ idle: boolean; pendingDeliveries: number }>(base, '/api/admin/idle', {
      timeoutMs: 60_000,
    });
    expect(idle).toEqual({ idle: true, pendingDeliveries: 0 });
    const { differences } = await admin<{ differences: string[] }>(base, '/api/admin/rebuild', {
      apply: false,
    });
    expect(differences).toEqual([]);
    await kill('SIGTERM');
    expect(child?.exitCode).toBe(0);
  });
});
