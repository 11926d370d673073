/**
 * Crash test: under a load of writes and sign-ups, the server process is SIGKILLed five times and
 * the Auth emulator (its own here, saving accounts in the data folder) twice. Afterwards every
 * acknowledged write and every acknowledged account is there, the deliveries left pending
 * complete, and every projection equals its from-scratch computation (the audit). The backstop
 * sweep runs every second throughout: an emulator restarting must not make it delete anyone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paths } from '@fit/shared/model';
import type { DocSnapshot } from '@fit/shared/store';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/ports.mjs';
import { type AuthEmulator, startAuthEmulator } from '../src/auth-emulator.mjs';
import { REPO_ROOT } from '../src/config.ts';
import { DATA_FILE } from '../src/server.ts';
import { activity, markVerified, profile } from './accounts-helpers.ts';
import { ADMIN_TOKEN, admin, call, commit } from './helpers.ts';

interface Account {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

let dataDir: string;
let port: number;
let authPort: number;
let emulator: AuthEmulator | undefined;
let child: ChildProcess | undefined;
const authHost = () => `127.0.0.1:${authPort}`;

async function startEmulator(): Promise<void> {
  emulator = await startAuthEmulator({ port: authPort, persistDir: join(dataDir, 'auth') });
}

async function identity(
  op: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, string> }> {
  const r = await fetch(
    `http://${authHost()}/identitytoolkit.googleapis.com/v1/accounts:${op}?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...(body as object), returnSecureToken: true }),
    },
  );
  return { status: r.status, body: (await r.json()) as Record<string, string> };
}

let made = 0;
/** Every sign-up the emulator acknowledged (whatever happened next). */
const signedUp: { email: string; password: string }[] = [];
/** A verified account; undefined when the emulator is down (not acknowledged). */
async function newAccount(name: string): Promise<Account | undefined> {
  try {
    const email = `${name}-${Date.now()}-${made++}@example.com`;
    const password = 'password123';
    const up = await identity('signUp', { email, password });
    if (up.status !== 200) return undefined;
    signedUp.push({ email, password });
    await markVerified(up.body.localId as string, authHost());
    const signedIn = await identity('signInWithPassword', { email, password });
    if (signedIn.status !== 200) return undefined;
    return { uid: up.body.localId as string, email, password, idToken: signedIn.body.idToken as string };
  } catch {
    return undefined;
  }
}

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
      LOCAL_ACCOUNT_SWEEP_MS: '1000',
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
  authPort = await freePort();
  await startEmulator();
});

afterAll(async () => {
  await kill('SIGKILL');
  await emulator?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('crash', () => {
  it('5 SIGKILLs of the server and 2 of the Auth emulator under load: nothing acknowledged is lost, projections audit clean', async () => {
    const accounts: Account[] = [];
    const acknowledged: { user: Account; path: string; time: number }[] = [];
    let base = '';
    let n = 0;

    // One round of load: writers on every account so far, and new accounts (each writing its
    // profile) until `until()` holds; then `crash()` and the load stops.
    const load = async (until: () => boolean, crash: () => Promise<void>) => {
      let stop = false;
      const writer = async (slot: number) => {
        while (!stop) {
          const user = accounts[(slot + n) % accounts.length] as Account;
          const id = `w${n++}`;
          const time = 1 + (n % 50);
          try {
            const r = await commit(base, user.idToken, [
              { kind: 'set', path: paths.rep(user.uid, id), data: activity(time) },
            ]);
            if (r.status === 200) acknowledged.push({ user, path: paths.rep(user.uid, id), time });
          } catch {
            await new Promise((r) => setTimeout(r, 20)); // the server is gone for now
          }
        }
      };
      const signer = async () => {
        while (!stop) {
          const user = await newAccount('crash');
          if (!user) {
            await new Promise((r) => setTimeout(r, 50));
            continue;
          }
          accounts.push(user);
          try {
            const r = await commit(base, user.idToken, [
              { kind: 'set', path: paths.user(user.uid), data: profile(user, `Crash ${accounts.length}`) },
            ]);
            if (r.status === 200) acknowledged.push({ user, path: paths.user(user.uid), time: -1 });
          } catch {
            // the server is gone for now
          }
        }
      };
      const workers = [signer(), ...[0, 1, 2, 3].map(writer)];
      while (!until()) await new Promise((r) => setTimeout(r, 5));
      await crash();
      stop = true;
      await Promise.all(workers);
    };

    // Round 1: reactions paused, so that deliveries are surely pending when the crash comes.
    base = await startChild({ LOCAL_REACTIONS: 'off' });
    for (let i = 0; i < 2; i++) accounts.push((await newAccount('crash-first')) as Account);
    await load(
      () => acknowledged.length >= 300,
      () => kill('SIGKILL'),
    );
    const db = new Database(join(dataDir, DATA_FILE));
    const pending = (db.prepare('SELECT count(*) AS n FROM deliveries').get() as { n: number }).n;
    db.close();
    expect(pending).toBeGreaterThanOrEqual(300);

    // Rounds 2-7: four more server SIGKILLs and two of the emulator (restarted on its port from
    // its saved accounts while the server keeps running).
    const serverKills = { n: 1 };
    for (const target of ['emulator', 'server', 'server', 'emulator', 'server', 'server'] as const) {
      if (!child || child.exitCode !== null || child.signalCode !== null) base = await startChild();
      const ackedBefore = acknowledged.length;
      const accountsBefore = accounts.length;
      await load(
        () => acknowledged.length >= ackedBefore + 150 && accounts.length >= accountsBefore + 2,
        async () => {
          if (target === 'server') {
            await kill('SIGKILL');
            serverKills.n++;
          } else {
            await emulator?.kill('SIGKILL');
            await startEmulator();
          }
        },
      );
    }
    expect(serverKills.n).toBe(5);

    base = await startChild();
    for (const { email, password } of signedUp) {
      const r = await identity('signInWithPassword', { email, password });
      expect(r.status, `account ${email}`).toBe(200);
      // Acknowledged verifications are kept too.
      if (accounts.some((a) => a.email === email)) {
        const claims = JSON.parse(
          Buffer.from(String(r.body.idToken).split('.')[1] as string, 'base64url').toString(),
        );
        expect(claims.email_verified, email).toBe(true);
      }
    }
    // A session survives the emulator's restarts: the first account's first ID token still passes.
    const first = accounts[0] as Account;
    const old = await call(base, '/api/get', { path: paths.user(first.uid) }, first.idToken);
    expect(old.status, JSON.stringify(old.body)).toBe(200);
    // Read back with fresh tokens too (as a browser would after refreshing).
    const tokens = new Map<string, string>();
    const missing: string[] = [];
    for (const { user, path, time } of acknowledged) {
      let token = tokens.get(user.uid);
      if (!token) {
        const r = await identity('signInWithPassword', { email: user.email, password: user.password });
        token = r.body.idToken as string;
        tokens.set(user.uid, token);
      }
      const r = await call<{ doc: DocSnapshot | null }>(base, '/api/get', { path }, token);
      const ok = time === -1 ? r.body.doc?.data.userId === user.uid : r.body.doc?.data.time === time;
      if (!ok) missing.push(`${path}: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
    }
    expect(missing.slice(0, 10), `${missing.length} of ${acknowledged.length} acknowledged writes`).toEqual(
      [],
    );
    const idle = await admin<{ idle: boolean; pendingDeliveries: number }>(base, '/api/admin/idle', {
      timeoutMs: 60_000,
    });
    expect(idle).toEqual({ idle: true, pendingDeliveries: 0 });
    const { differences } = await admin<{ differences: string[] }>(base, '/api/admin/rebuild', {
      apply: false,
    });
    expect(differences).toEqual([]);
    console.log(
      `crash run: ${acknowledged.length} acknowledged writes and ${signedUp.length} acknowledged accounts, all present after 5 server and 2 emulator SIGKILLs`,
    );
    await kill('SIGTERM');
    expect(child?.exitCode).toBe(0);
  }, 400_000);
});
