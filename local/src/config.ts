/**
 * The local server's settings, from environment variables, with the refusal of production
 * settings: Auth emulator tokens are unsigned, so this server is for one machine and its user.
 */
import { isAbsolute, join, resolve } from 'node:path';
import { DEFAULT_COMMUNITY_TIME_ZONE, DEMO_PROJECT_ID } from '@fit/shared/model';

export interface LocalConfig {
  host: string;
  port: number;
  /** Folder of the SQLite file (created when missing). */
  dataDir: string;
  projectId: string;
  /** `host:port` of the Firebase Auth emulator. */
  authEmulatorHost: string;
  communityTimeZone: string;
  /** Folder of the built web app, served with SPA fallback. */
  webDist: string;
  /** Path of firestore.indexes.json: queries needing an index it lacks are refused. */
  indexesFile: string;
  /** How often the board rollup and the projection expiry run (ms). */
  rollupIntervalMs: number;
  /** How long after the last reaction the prompt rollup runs (ms). */
  rollupDebounceMs: number;
  /** Token for /api/admin/* (tests, bench, operators); undefined = admin endpoints off. */
  adminToken: string | undefined;
  /** How long a token's revocation / deleted-user check holds (ms); 0 = every request. */
  revocationCheckMs: number;
  /** How often users deleted directly in the Auth emulator lose their data (ms); 0 = never. */
  accountSweepMs: number;
  /** false (LOCAL_REACTIONS=off): deliveries are recorded but not run until a restart with reactions on. */
  reactions: boolean;
}

/** Repository root (local/src/config.ts -> ../..). */
export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function intFrom(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
  const text = env[key]?.trim();
  if (!text) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${key} must be a non-negative integer, got '${text}'.`);
  return n;
}

function pathFrom(env: NodeJS.ProcessEnv, key: string, fallback: string): string {
  const text = env[key]?.trim();
  if (!text) return fallback;
  return isAbsolute(text) ? text : resolve(process.cwd(), text);
}

/**
 * Reads the configuration. Throws (with the reason) for production settings: a project id that
 * is not a `demo-` project, a host that is not loopback, or no Auth emulator, unless
 * LOCAL_ALLOW_UNSAFE=1 says the operator knows this is still one machine (e.g. a container).
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): LocalConfig {
  const host = env.LOCAL_HOST?.trim() || '127.0.0.1';
  const port = intFrom(env, 'LOCAL_PORT', 3000);
  const projectId = env.GCLOUD_PROJECT?.trim() || env.FIREBASE_PROJECT_ID?.trim() || DEMO_PROJECT_ID;
  const authEmulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST?.trim() ?? '';
  const unsafe = env.LOCAL_ALLOW_UNSAFE === '1';

  const problems: string[] = [];
  if (!authEmulatorHost)
    problems.push(
      'FIREBASE_AUTH_EMULATOR_HOST is not set: local mode only accepts Auth emulator tokens (`npm start` sets it).',
    );
  if (!projectId.startsWith('demo-'))
    problems.push(
      `project id '${projectId}' is not a demo- project: local mode must never serve a real Firebase project.`,
    );
  if (!isLoopbackHost(host))
    problems.push(
      `LOCAL_HOST '${host}' is not a loopback address: Auth emulator tokens are unsigned, so anyone who can reach the server could act as any user.`,
    );
  if (env.GOOGLE_APPLICATION_CREDENTIALS?.trim())
    problems.push(
      'GOOGLE_APPLICATION_CREDENTIALS is set: production credentials have no place in local mode.',
    );
  if (problems.length > 0 && !(unsafe && authEmulatorHost)) {
    throw new Error(
      `Refusing to start the local server with production settings:\n  - ${problems.join('\n  - ')}\n` +
        (authEmulatorHost ? 'Set LOCAL_ALLOW_UNSAFE=1 only if this is still a single-user machine.' : ''),
    );
  }

  const timeZone = env.COMMUNITY_TIME_ZONE?.trim() || DEFAULT_COMMUNITY_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw new Error(`COMMUNITY_TIME_ZONE '${timeZone}' is not an IANA time zone.`);
  }

  return {
    host,
    port,
    dataDir: pathFrom(env, 'LOCAL_DATA_DIR', join(REPO_ROOT, '.data')),
    projectId,
    authEmulatorHost,
    communityTimeZone: timeZone,
    webDist: pathFrom(env, 'LOCAL_WEB_DIST', join(REPO_ROOT, 'web', 'dist')),
    indexesFile: pathFrom(env, 'LOCAL_INDEXES_FILE', join(REPO_ROOT, 'firestore.indexes.json')),
    rollupIntervalMs: intFrom(env, 'LOCAL_ROLLUP_INTERVAL_MS', 60_000),
    rollupDebounceMs: intFrom(env, 'LOCAL_ROLLUP_DEBOUNCE_MS', 250),
    adminToken: env.LOCAL_ADMIN_TOKEN?.trim() || undefined,
    reactions: env.LOCAL_REACTIONS?.trim() !== 'off',
    revocationCheckMs: intFrom(env, 'LOCAL_REVOCATION_CHECK_MS', 1000),
    accountSweepMs: intFrom(env, 'LOCAL_ACCOUNT_SWEEP_MS', 30_000),
  };
}
