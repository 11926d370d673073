// The bench's data and accounts. Big synthetic data is written where no trigger sees it: into a
// bare Firestore emulator (no Functions emulator to notify), its projections built there by
// prepare-data's rebuild, then exported into a data folder that startSuite imports. Bulk writes
// into a running suite would call the functions once per document instead.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { ROOT } from './emulator-suite.mjs';
import { findFirestoreEmulator, startCloudSdkFirestore } from './firestore-emulator.mjs';
import { freePort } from './ports.mjs';

export const PROJECT_ID = 'demo-fittrack';
// firebase-admin must not look for a metadata server (no Google credentials here).
process.env.METADATA_SERVER_DETECTION = 'none';
const DAY = 86_400_000;
/** Items a feed keeps (shared/src/reactions/queries.ts FEED_KEEP). */
const FEED_KEEP = 100;

/** Minutes of Running as the web app stores it (calorie units: 8 MET x 10 x 10 per minute). */
export function running(time, timestamp) {
  return { activityType: 'Running', time, timestamp, calorieUnits: 800 * time };
}

/** A small deterministic generator: the same data every run. */
function prng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `users` members, each with a profile and two Running entries in the past week, one in ten with
 * a post; and one person (`heavy.uid`) with `heavy.activities` entries over the past year,
 * `heavy.weights` weigh-ins and a daily goal. Yields [path, data] pairs.
 */
export function* benchDocuments(now, { users, heavy }) {
  const random = prng(20261128);
  for (let i = 0; i < users; i++) {
    const uid = `member-${i}`;
    yield [
      `users/${uid}`,
      {
        userId: uid,
        email: `${uid}@bench.local`,
        createdAt: now - 60 * DAY,
        displayName: `Member ${i}`,
        currentWeight: 120 + (i % 80),
        height: 60 + (i % 15),
      },
    ];
    for (let j = 0; j < 2; j++)
      yield [
        `users/${uid}/reps/r${j}`,
        running(10 + Math.floor(random() * 50), now - 60_000 - Math.floor(random() * 7 * DAY)),
      ];
    if (i % 10 === 0)
      yield [
        `users/${uid}/posts/p0`,
        { message: `Bench post ${i}`, timestamp: now - 60_000 - Math.floor(random() * 7 * DAY) },
      ];
  }
  if (!heavy) return;
  yield [
    `users/${heavy.uid}`,
    {
      userId: heavy.uid,
      email: heavy.email,
      createdAt: now - 400 * DAY,
      displayName: 'Heavy User',
      firstName: 'Heavy',
      height: 70,
      currentWeight: 180,
    },
  ];
  // A goal, as the demo user has: without one /user opens its "Set a daily goal" dialog.
  yield [`users/${heavy.uid}/preferences/goals`, { target: '30', type: 'minutes' }];
  yield [`users/${heavy.uid}/preferences/activities`, { activities: [] }];
  for (let i = 0; i < heavy.activities; i++)
    yield [
      `users/${heavy.uid}/reps/h${i}`,
      // From yesterday back: today's board is the members' and the bench writer's.
      running(10 + (i % 50), now - DAY - Math.floor((i * 365 * DAY) / heavy.activities)),
    ];
  for (let i = 0; i < heavy.weights; i++)
    yield [
      `users/${heavy.uid}/weightRecords/w${i}`,
      { weight: 180 + (i % 7) / 2, timestamp: now - 60_000 - i * (DAY / 2) },
    ];
}

/**
 * The feeds' horizons as the rollup's expiry leaves them (the FEED_KEEP-th newest item of each):
 * without them the rebuild would make a feed item of every entry ever seeded, where the running
 * product keeps 100 per feed.
 */
function horizons(docs) {
  const newest = { feedActivities: [], feedPosts: [] };
  for (const [path, data] of docs) {
    const kind = /^users\/[^/]+\/(reps|posts)\/[^/]+$/.exec(path)?.[1];
    if (kind) newest[kind === 'reps' ? 'feedActivities' : 'feedPosts'].push(data.timestamp);
  }
  return Object.entries(newest)
    .filter(([, times]) => times.length > FEED_KEEP)
    .map(([feed, times]) => [
      `feedHorizons/${feed}`,
      { timestamp: times.sort((a, b) => b - a)[FEED_KEEP - 1], asOf: Date.now() },
    ]);
}

/** Writes `docs` with admin batches of 500, a few in flight (one batch at a time leaves it idle). */
export async function writeAll(db, docs, inFlight = 4) {
  const batches = [];
  for (let i = 0; i < docs.length; i += 500) batches.push(docs.slice(i, i + 500));
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < batches.length) {
        const batch = db.batch();
        for (const [path, data] of batches[next++]) batch.set(db.doc(path), data);
        await batch.commit();
      }
    }),
  );
}

/**
 * Starts a bare Firestore emulator (the Cloud SDK's: the one this machine's suite runs), lets
 * `fill(db, host)` write, exports into `<dataDir>/export` in persistence.mjs's layout, stops it.
 */
async function intoExport(dataDir, fill) {
  const emulator = findFirestoreEmulator();
  if (emulator.kind !== 'cloud-sdk')
    throw new Error(
      `the bench seeds with the Cloud SDK's Firestore emulator, which is not here (${emulator.kind})`,
    );
  const work = mkdtempSync(join(process.env.TMPDIR || tmpdir(), 'fittrack-bench-seed-'));
  mkdirSync(join(work, 'tmp'));
  const stateFile = join(work, 'groups.json');
  const host = `127.0.0.1:${await freePort()}`;
  let child;
  // The suite's watchdog: the Java emulator dies with this process, however it ends.
  const reaper = spawn(
    process.execPath,
    [join(ROOT, 'scripts', 'reaper.mjs'), String(process.pid), stateFile],
    {
      detached: true,
      stdio: 'ignore',
    },
  );
  reaper.unref();
  writeFileSync(stateFile, JSON.stringify({ groups: [], dir: work }));
  const app = initializeApp({ projectId: PROJECT_ID }, `bench-seed-${Date.now()}`);
  try {
    child = await startCloudSdkFirestore({
      path: emulator.path,
      host: '127.0.0.1',
      port: Number(host.split(':')[1]),
      env: { ...process.env, TMPDIR: join(work, 'tmp') },
      onSpawn: (c) => writeFileSync(stateFile, JSON.stringify({ groups: [c.pid], dir: work })),
    });
    const db = getFirestore(app);
    // Plain http with the emulator's admin token, without setting FIRESTORE_EMULATOR_HOST for
    // the whole process (the suites this bench starts inherit its environment).
    db.settings({ host, ssl: false });
    await fill(db, host);
    const exportDir = join(dataDir, 'export');
    rmSync(exportDir, { recursive: true, force: true });
    mkdirSync(exportDir, { recursive: true });
    const res = await fetch(`http://${host}/emulator/v1/projects/${PROJECT_ID}:export`, {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({
        database: `projects/${PROJECT_ID}/databases/(default)`,
        export_directory: exportDir,
        export_name: 'firestore_export',
      }),
    });
    if (!res.ok) throw new Error(`export failed: HTTP ${res.status} ${await res.text()}`);
    // Firestore only: the accounts are made once the suite runs (none of the members signs in).
    writeFileSync(
      join(exportDir, 'firebase-export-metadata.json'),
      JSON.stringify({
        version: 'fittrack-bench',
        firestore: {
          version: 'fittrack-bench',
          path: 'firestore_export',
          metadata_file: 'firestore_export/firestore_export.overall_export_metadata',
        },
      }),
    );
  } finally {
    await deleteApp(app);
    if (child && child.exitCode === null) {
      const gone = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid, 'SIGTERM');
      await gone;
    }
    rmSync(stateFile, { force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

/** prepare-data's rebuild (the product's own) of every projection over the emulator at `host`. */
function rebuildProjections(host) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts', 'prepare-data.ts'), '--rebuild'],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          GCLOUD_PROJECT: PROJECT_ID,
          FIRESTORE_EMULATOR_HOST: host,
          // Its guard asks for both hosts; with SEED_DEMO=0 it makes no account, so Auth is unused.
          FIREBASE_AUTH_EMULATOR_HOST: host,
          SEED_DEMO: '0',
          COMMUNITY_TIME_ZONE: process.env.COMMUNITY_TIME_ZONE ?? 'UTC',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.once('exit', (code) =>
      code === 0
        ? resolve(Number(/\((\d+) written\)/.exec(out)?.[1] ?? Number.NaN))
        : reject(new Error(`prepare-data --rebuild exited ${code}: ${out.slice(-2000)}`)),
    );
  });
}

/**
 * Seeds `benchDocuments(now, spec)` and the feed horizons into `dataDir`'s export with every
 * projection built, as a suite that ran with them leaves its folder; resolves with how many
 * documents, and how long the writing and the projections took.
 */
export async function seedDataDir(dataDir, spec, now = Date.now()) {
  const docs = [...benchDocuments(now, spec)];
  docs.push(...horizons(docs));
  const r = { docs: docs.length, writeMs: 0, projectionsMs: 0, projections: 0, totalMs: 0 };
  const started = performance.now();
  await intoExport(dataDir, async (db, host) => {
    let t = performance.now();
    await writeAll(db, docs);
    r.writeMs = performance.now() - t;
    t = performance.now();
    r.projections = await rebuildProjections(host);
    r.projectionsMs = performance.now() - t;
  });
  r.totalMs = performance.now() - started;
  return r;
}

async function postJson(url, body, headers = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${new URL(url).pathname}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * A verified email account (only verified accounts log activities), with `uid` when given (the
 * emulator's admin route, as firebase-admin's createUser) or one the emulator picks (sign-up).
 */
export async function createAccount(authHost, { uid, email, password }) {
  const identity = `http://${authHost}/identitytoolkit.googleapis.com/v1`;
  const owner = { authorization: 'Bearer owner' };
  if (uid) {
    await postJson(
      `${identity}/projects/${PROJECT_ID}/accounts`,
      { localId: uid, email, password, emailVerified: true },
      owner,
    );
    return { uid, email, password };
  }
  const { localId } = await postJson(`${identity}/accounts:signUp?key=fake-api-key`, {
    email,
    password,
    returnSecureToken: true,
  });
  await postJson(
    `${identity}/projects/${PROJECT_ID}/accounts:update`,
    { localId, emailVerified: true },
    owner,
  );
  return { uid: localId, email, password };
}
