/**
 * Two `npm start` stacks (scripts/start.mjs) on one machine, each with its own data folder: each
 * keeps its own accounts across restarts, one of them after its starter was SIGKILLed (accounts
 * are saved as they change, not at exit), and a SIGKILLed starter leaves neither its Auth emulator
 * nor its server running. Browsers reach Auth only through the local server's origin: a foreign
 * page is refused by the proxy and by the emulator itself.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, isPortFree } from '../../scripts/ports.mjs';
import { REPO_ROOT } from '../src/config.ts';

interface Stack {
  name: string;
  dataDir: string;
  localPort: number;
  authPort: number;
  child?: ChildProcess;
  output: string;
}

const stacks: Stack[] = [];

async function newStack(name: string): Promise<Stack> {
  const stack = {
    name,
    dataDir: mkdtempSync(join(tmpdir(), `fittrack-stack-${name}-`)),
    localPort: await freePort(),
    authPort: await freePort(),
    output: '',
  };
  stacks.push(stack);
  return stack;
}

async function start(stack: Stack): Promise<void> {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'scripts', 'start.mjs')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      LOCAL_PORT: String(stack.localPort),
      AUTH_EMULATOR_PORT: String(stack.authPort),
      LOCAL_DATA_DIR: stack.dataDir,
      SKIP_WEB_BUILD: '1',
      SEED_DEMO: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  stack.child = child;
  child.stdout?.on('data', (d) => {
    stack.output += d;
  });
  child.stderr?.on('data', (d) => {
    stack.output += d;
  });
  const deadline = Date.now() + 200_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${stack.localPort}/api/health`)).ok) return;
    } catch {
      // starting
    }
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`stack ${stack.name} did not start:\n${stack.output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stop(stack: Stack, signal: NodeJS.Signals): Promise<number | null> {
  const child = stack.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  child.kill(signal);
  return exited;
}

/** Processes whose environment holds `entry` (e.g. the emulator's FITTRACK_AUTH_PORT=<port>). */
function processesWith(entry: string): number[] {
  const found: number[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const env = readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
      if (env.includes(entry)) found.push(Number(pid));
    } catch {
      // gone, or not ours
    }
  }
  return found;
}

const idp = (stack: Stack, op: string) =>
  `http://127.0.0.1:${stack.localPort}/identitytoolkit.googleapis.com/v1/accounts:${op}?key=fake-api-key`;

async function authCall(
  stack: Stack,
  op: string,
  body: unknown,
  origin: string | null = `http://127.0.0.1:${stack.localPort}`,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(idp(stack, op), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

afterAll(async () => {
  for (const stack of stacks) {
    await stop(stack, 'SIGKILL');
    rmSync(stack.dataDir, { recursive: true, force: true });
  }
});

describe('two stacks on one machine', () => {
  it('each keeps its own accounts across restarts; a SIGKILLed starter leaves nothing running', async () => {
    const a = await newStack('a');
    const b = await newStack('b');
    await Promise.all([start(a), start(b)]);

    const accounts = new Map<Stack, { email: string; password: string }>();
    for (const stack of [a, b]) {
      const account = { email: `${stack.name}-${Date.now()}@example.com`, password: 'password123' };
      const r = await authCall(stack, 'signUp', { ...account, returnSecureToken: true });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      accounts.set(stack, account);
    }

    // A foreign page: refused by the proxy and by the emulator, and nothing is created.
    const foreign = { email: `foreign-${Date.now()}@example.com`, password: 'password123' };
    const viaProxy = await authCall(a, 'signUp', foreign, 'http://evil.example');
    expect(viaProxy.status).toBe(403);
    const direct = await fetch(
      `http://127.0.0.1:${a.authPort}/identitytoolkit.googleapis.com/v1/projects/demo-fittrack/accounts:batchGet?maxResults=-1`,
      { headers: { Authorization: 'Bearer owner', Origin: 'http://evil.example' } },
    );
    expect(direct.status).toBe(403);
    expect(await direct.text()).not.toContain('passwordHash');
    const ownerViaProxy = await fetch(
      `http://127.0.0.1:${a.localPort}/identitytoolkit.googleapis.com/v1/projects/demo-fittrack/accounts:batchGet?maxResults=-1`,
      { headers: { Authorization: 'Bearer owner' } },
    );
    expect(ownerViaProxy.status).toBe(403);
    expect((await authCall(a, 'signInWithPassword', foreign)).status).toBe(400);

    // A's starter dies without any chance to clean up; B stops normally.
    expect(processesWith(`FITTRACK_AUTH_PORT=${a.authPort}`)).not.toEqual([]);
    await stop(a, 'SIGKILL');
    expect(await stop(b, 'SIGINT')).toBe(0);
    const deadline = Date.now() + 30_000;
    while (
      processesWith(`FITTRACK_AUTH_PORT=${a.authPort}`).length > 0 ||
      processesWith(`LOCAL_PORT=${a.localPort}`).length > 0
    ) {
      if (Date.now() > deadline) throw new Error(`stack a left processes running:\n${a.output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(await isPortFree('127.0.0.1', a.authPort)).toBe(true);
    expect(await isPortFree('127.0.0.1', a.localPort)).toBe(true);

    await Promise.all([start(a), start(b)]);
    for (const [stack, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const own = await authCall(stack, 'signInWithPassword', {
        ...accounts.get(stack),
        returnSecureToken: true,
      });
      expect(own.status, `${stack.name}: ${JSON.stringify(own.body)}`).toBe(200);
      const theirs = await authCall(stack, 'signInWithPassword', accounts.get(other));
      expect(theirs.status).toBe(400);
    }
    expect(await stop(a, 'SIGINT')).toBe(0);
    expect(await stop(b, 'SIGINT')).toBe(0);
  }, 600_000);
});
