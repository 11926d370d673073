/**
 * Test helpers: an in-process local server on a free port with its own SQLite file, users on the
 * real Auth emulator (REST API), and a small HTTP client speaking the local protocol.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PROJECT_ID } from '@fit/shared/model';
import type { WriteOp } from '@fit/shared/store';
import { inject } from 'vitest';
import { readConfig } from '../src/config.ts';
import { type LocalServer, startLocalServer } from '../src/server.ts';

export const ADMIN_TOKEN = 'test-admin-token';

export function authHost(): string {
  return inject('authEmulatorHost');
}

export interface TestServer extends LocalServer {
  dataDir: string;
  dispose(): Promise<void>;
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: { reactions?: boolean; now?: () => number } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fittrack-local-test-'));
  const config = readConfig({
    FIREBASE_AUTH_EMULATOR_HOST: authHost(),
    LOCAL_PORT: '0',
    LOCAL_DATA_DIR: dataDir,
    LOCAL_ADMIN_TOKEN: ADMIN_TOKEN,
    LOCAL_ROLLUP_DEBOUNCE_MS: '20',
    LOCAL_WEB_DIST: join(dataDir, 'no-web-dist'),
    // Tests seed documents of made-up users: no backstop sweep unless a test asks for one.
    LOCAL_ACCOUNT_SWEEP_MS: '0',
    ...(options.reactions === false ? { LOCAL_REACTIONS: 'off' } : {}),
    ...env,
  });
  const server = await startLocalServer(config, options.now ? { now: options.now } : {});
  return {
    ...server,
    dataDir,
    async dispose() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---- Auth emulator ----

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  /** A current token: `email_verified` true unless signed up with `{ verified: false }`. */
  idToken: string;
  /** The token from sign-up, before the address was verified (still valid). */
  unverifiedIdToken: string;
}

let counter = 0;

/**
 * A new account on the Auth emulator. By default its address is then verified (as by the link in
 * the verification email) and `idToken` is a fresh sign-in carrying `email_verified: true`: only
 * verified accounts write activities, weights and posts.
 */
export async function signUp(name = 'user', options: { verified?: boolean } = {}): Promise<TestUser> {
  counter++;
  const email = `${name}-${Date.now()}-${counter}@example.com`;
  const password = 'password123';
  const response = await fetch(
    `http://${authHost()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { localId: string; idToken: string };
  if (!response.ok) throw new Error(`signUp failed: ${JSON.stringify(body)}`);
  const user = { uid: body.localId, email, password, idToken: body.idToken, unverifiedIdToken: body.idToken };
  if (options.verified === false) return user;
  await markEmailVerified(user.uid);
  return { ...user, idToken: await signIn(user) };
}

/** Marks the address verified on the emulator (admin API; the emulator takes `Bearer owner`). */
export async function markEmailVerified(uid: string): Promise<void> {
  const response = await fetch(
    `http://${authHost()}/identitytoolkit.googleapis.com/v1/projects/${DEMO_PROJECT_ID}/accounts:update`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, emailVerified: true }),
    },
  );
  if (!response.ok) throw new Error(`verifying the email failed: ${await response.text()}`);
}

export async function signIn(user: Pick<TestUser, 'email' | 'password'>): Promise<string> {
  const response = await fetch(
    `http://${authHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken: string };
  if (!response.ok) throw new Error(`signIn failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

export async function deleteAllAuthUsers(): Promise<void> {
  await fetch(`http://${authHost()}/emulator/v1/projects/${DEMO_PROJECT_ID}/accounts`, { method: 'DELETE' });
}

/** Deletes one user on the emulator directly (as if removed elsewhere). */
export async function deleteAuthUser(user: TestUser): Promise<void> {
  const response = await fetch(
    `http://${authHost()}/identitytoolkit.googleapis.com/v1/accounts:delete?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ idToken: user.idToken }),
    },
  );
  if (!response.ok) throw new Error(`delete failed: ${await response.text()}`);
}

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** The same (unsigned, emulator) token with its claims changed, e.g. `exp` in the past. */
export function withClaims(idToken: string, claims: Record<string, unknown>): string {
  const [header, payload] = idToken.split('.');
  const decoded = JSON.parse(Buffer.from(payload as string, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  return `${header}.${b64url({ ...decoded, ...claims })}.`;
}

// ---- HTTP ----

export interface ApiResult<T = unknown> {
  status: number;
  body: T & { error?: { code: string; message: string } };
}

export async function call<T = unknown>(
  base: string,
  route: string,
  body: unknown,
  token?: string | null,
  init: { raw?: string; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const response = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...init.headers,
    },
    body: init.raw ?? JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = { text };
  }
  return { status: response.status, body: parsed as ApiResult<T>['body'] };
}

export function commit(base: string, token: string | null, writes: WriteOp[]): Promise<ApiResult> {
  return call(base, '/api/commit', { writes }, token);
}

export async function admin<T = unknown>(base: string, route: string, body: unknown = {}): Promise<T> {
  const r = await call<T>(base, route, body, null, { headers: { 'X-Admin-Token': ADMIN_TOKEN } });
  if (r.status !== 200) throw new Error(`admin ${route}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
