/**
 * `npm start` (scripts/start.mjs) on the real emulators: it says where it runs, keeps documents
 * and accounts across restarts, loses at most the last 30 s to a SIGKILL mid-writes (projections
 * then equal a rebuild), refuses other sites, and names a taken port or a missing Java. The first
 * start may build the web app: minutes on a busy 2-core machine, hence the long timeouts (conditions only).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ACTIVITIES } from '@fit/shared/catalogue';
import { paths } from '@fit/shared/model';
import { rebuildProjections } from '@fit/shared/reactions/index';
import { validateActivityForm } from '@fit/shared/validation';
import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminStore } from '../../functions/src/admin-store.ts';
import { freePort, isPortFree } from '../ports.mjs';

const ROOT = resolve(import.meta.dirname, '..', '..');
const PROJECT = 'demo-fittrack';
const NAMES = {
  hosting: 'PORT',
  auth: 'AUTH_EMULATOR_PORT',
  firestore: 'FIRESTORE_EMULATOR_PORT',
  functions: 'FUNCTIONS_EMULATOR_PORT',
  hub: 'EMULATOR_HUB_PORT',
  logging: 'EMULATOR_LOGGING_PORT',
} as const;
type Ports = Record<keyof typeof NAMES, number>;

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function launch(env: Record<string, string>): Run {
  let output = '';
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, output: () => output, exited };
}

/** Resolves with the app's URL once the stack says it runs; rejects with its output if it exits. */
async function ready(run: Run): Promise<string> {
  for (;;) {
    const url = /FitTrack is running on (\S+)/.exec(run.output())?.[1];
    if (url) return url;
    const done = await Promise.race([run.exited.then(() => true), new Promise((r) => setTimeout(r, 200))]);
    if (done) throw new Error(`npm start exited before it was ready:\n${run.output()}`);
  }
}

async function allFree(ports: Ports): Promise<boolean> {
  for (const port of Object.values(ports)) if (!(await isPortFree('127.0.0.1', port))) return false;
  return true;
}

const dataDir = mkdtempSync(join(tmpdir(), 'fittrack-stack-'));
const ports = {} as Ports;
let env: Record<string, string>;
let current: Run | undefined;
let admin: App | undefined;

beforeAll(async () => {
  for (const key of Object.keys(NAMES) as (keyof Ports)[]) ports[key] = await freePort();
  env = {
    ...Object.fromEntries(
      Object.entries(NAMES).map(([key, name]) => [name, String(ports[key as keyof Ports])]),
    ),
    FITTRACK_DATA_DIR: dataDir,
    EXPORT_EVERY_SECONDS: '5',
    SEED_DEMO: '0',
  };
});

afterAll(async () => {
  if (admin) await deleteApp(admin);
  if (current && current.child.exitCode === null) {
    current.child.kill('SIGINT');
    await current.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

function activity(uid: string, n: number) {
  const running = ACTIVITIES.find((a) => a.name === 'Running');
  if (!running) throw new Error('Running is in the catalogue');
  const checked = validateActivityForm({
    userId: uid,
    activityType: 'Running',
    time: 10 + (n % 50),
    timestamp: Date.now() - n * 1000,
  });
  if (!checked.ok) throw new Error(checked.message);
  return checked.value;
}

describe('npm start', () => {
  it('starts, refuses other sites, and keeps data across a clean restart', async () => {
    current = launch(env);
    const url = await ready(current);
    expect(url).toBe(`http://127.0.0.1:${ports.hosting}`);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root"');
    // The production build, though this test runs under vitest (NODE_ENV=test): React's
    // development copy checks DOM nesting, the production one does not.
    const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toBeTruthy();
    expect(await (await fetch(new URL(entry ?? '', url))).text()).not.toContain('validateDOMNesting');
    // One build serves any ports: this stack's page names its own emulators.
    expect(html).toContain(
      `data-auth="127.0.0.1:${ports.auth}" data-firestore="127.0.0.1:${ports.firestore}"`,
    );

    // A page of another site cannot read accounts or documents (both emulators take `Bearer owner`
    // as admin), nor can a foreign name rebound to 127.0.0.1 (fetch cannot set Host).
    const batchGet = `http://127.0.0.1:${ports.auth}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:batchGet`;
    const listDocs = `http://127.0.0.1:${ports.firestore}/v1/projects/${PROJECT}/databases/(default)/documents/users`;
    for (const resource of [batchGet, listDocs]) {
      const foreign = await fetch(resource, {
        headers: { origin: 'http://evil.example', authorization: 'Bearer owner' },
      });
      expect(foreign.status).toBe(403);
      const { port, pathname } = new URL(resource);
      const rebound = await new Promise<number | undefined>((done, fail) =>
        request({ host: '127.0.0.1', port, path: pathname, headers: { host: 'evil.example' } }, (res) => {
          res.resume();
          done(res.statusCode);
        })
          .once('error', fail)
          .end(),
      );
      expect(rebound).toBe(403);
      const own = await fetch(resource, { headers: { origin: url, authorization: 'Bearer owner' } });
      expect(own.status).toBe(200);
    }

    const signUp = await fetch(
      `http://127.0.0.1:${ports.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: 'kept@fittrack.test',
          password: 'kept-password',
          returnSecureToken: true,
        }),
      },
    );
    expect(signUp.status).toBe(200);
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${ports.firestore}`;
    process.env.METADATA_SERVER_DETECTION = 'none';
    admin = initializeApp({ projectId: PROJECT }, 'stack-test');
    await getFirestore(admin).doc('probe/kept').set({ n: 1 });

    current.child.kill('SIGINT');
    expect(await current.exited).toBe(0);
    current = launch(env);
    await ready(current);
    expect((await getFirestore(admin).doc('probe/kept').get()).data()).toEqual({ n: 1 });
    const signIn = await fetch(
      `http://127.0.0.1:${ports.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'kept@fittrack.test', password: 'kept-password' }),
      },
    );
    expect(signIn.status).toBe(200);
  }, 600_000);

  it('a SIGKILL mid-writes loses at most the last 30 s, and projections equal a rebuild', async () => {
    if (!current || !admin) throw new Error('runs after the first test');
    const db = getFirestore(admin);
    const acked: { path: string; at: number }[] = [];
    let writing = true;
    const writer = (async () => {
      for (let n = 0; writing; n++) {
        const uid = `crash-${n % 4}`;
        const path = paths.rep(uid, `r${n}`);
        try {
          if (n < 4) await db.doc(paths.user(uid)).set({ userId: uid, displayName: `Crash ${n}`, email: '' });
          await db.doc(path).set(activity(uid, n));
          acked.push({ path, at: Date.now() });
        } catch {
          // the stack is going down: this write was never acknowledged
        }
      }
    })();
    // Writes acknowledged over more than one export interval, then the whole stack killed.
    await expect.poll(() => acked.length, { timeout: 60_000 }).toBeGreaterThan(40);
    await expect
      .poll(() => Date.now() - (acked[0]?.at ?? Date.now()), { timeout: 60_000 })
      .toBeGreaterThan(20_000);
    const killedAt = Date.now();
    current.child.kill('SIGKILL');
    await current.exited;
    writing = false;
    await expect.poll(() => allFree(ports), { timeout: 60_000, interval: 500 }).toBe(true);

    current = launch(env);
    await ready(current);
    await writer; // its last write, cut off by the kill, is retried by the SDK against the new stack
    // Exports run every 5 s here (10 s by default): three intervals cover one slow export.
    const older = acked.filter((w) => w.at < killedAt - 15_000);
    expect(older.length).toBeGreaterThan(0);
    const missing = [];
    for (const w of older) if (!(await db.doc(w.path).get()).exists) missing.push(w.path);
    expect(missing).toEqual([]);

    const store = new AdminStore(db);
    const audit = await rebuildProjections({ store, now: Date.now(), timeZone: 'UTC' }, { apply: false });
    expect(audit.differences).toEqual([]);
  }, 600_000);

  it('names a taken port and the variable that moves it', async () => {
    if (current && current.child.exitCode === null) {
      current.child.kill('SIGINT');
      await current.exited;
    }
    // The stack's own emulators must have let go of its ports, or a lingering one is named instead.
    await expect.poll(() => allFree(ports), { timeout: 60_000, interval: 500 }).toBe(true);
    const holder = createServer();
    const port = await freePort();
    await new Promise<void>((r) => holder.listen(port, '127.0.0.1', r));
    try {
      const run = launch({ ...env, FUNCTIONS_EMULATOR_PORT: String(port) });
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain(`port ${port}`);
      expect(run.output()).toContain('FUNCTIONS_EMULATOR_PORT=');
    } finally {
      holder.close();
    }
  });

  it('says to install Java when none is found, without a stack trace', async () => {
    const run = launch({ ...env, PATH: '/nonexistent' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('Install Java 17 or newer');
    expect(run.output()).not.toMatch(/\n\s+at /);
  });
});
