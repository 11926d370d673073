// `npm run bench`: the emulator suite's figures (start time; write-to-feed and write-to-board
// latency; documents read per community view and per dashboard load at BENCH_SIZES users, with one
// user holding as many activities), then Lighthouse (bench-web.mjs). BENCH=server or BENCH=web runs
// one part. Measures, asserts nothing; not part of `npm test`. Logs: artifacts/bench/.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { doc, onSnapshot, setDoc } from 'firebase/firestore';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { communityLoad, dailyKey, dashboardLoad, sdkQuery, signIn } from './bench-client.mjs';
import { createAccount, PROJECT_ID, running, seedDataDir } from './bench-seed.mjs';
import { ROOT, startSuite } from './emulator-suite.mjs';
import { freePort } from './ports.mjs';

const sizes = (process.env.BENCH_SIZES ?? '10,10000').split(',').filter(Boolean).map(Number);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const ROLLUPS = Number(process.env.BENCH_ROLLUPS ?? 5);
const LOGS = join(ROOT, 'artifacts', 'bench');
const PORT_NAMES = {
  hosting: 'PORT',
  auth: 'AUTH_EMULATOR_PORT',
  firestore: 'FIRESTORE_EMULATOR_PORT',
  functions: 'FUNCTIONS_EMULATOR_PORT',
  hub: 'EMULATOR_HUB_PORT',
  logging: 'EMULATOR_LOGGING_PORT',
};

function percentile(values, p) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
const secs = (ms) => (Number.isFinite(ms) ? (ms / 1000).toFixed(1) : '-');
const p50p95 = (values) => `${secs(percentile(values, 50))} / ${secs(percentile(values, 95))}`;

async function freePorts() {
  const ports = {};
  for (const key of Object.keys(PORT_NAMES)) ports[key] = await freePort();
  return ports;
}

function printTable(title, header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

/** Lines of `npm start` that end each phase of a start (emulator-suite.mjs's steps). */
const START_MARKS = {
  build: 'Starting the Firestore emulator',
  firestore: 'Starting the Auth, Functions and Hosting emulators',
  emulators: 'All emulators ready',
  prepare: 'Projections rebuilt',
};

/** A start's phases in s: builds, Firestore up, the others up, seed and rebuild, triggers and the rest. */
function phases({ ready, marks }) {
  const at = [0, marks.build, marks.firestore, marks.emulators, marks.prepare, ready];
  return at.slice(1).map((t, i) => (t !== undefined && at[i] !== undefined ? secs(t - at[i]) : '-'));
}

/**
 * `npm start` (scripts/start.mjs) on `ports` and `dataDir`, timed from the spawn to its line
 * "FitTrack is running on <url>"; then Ctrl-C (its final export) and the time until it exited.
 */
async function timedStart(dataDir, ports, log) {
  const env = { ...process.env, FITTRACK_DATA_DIR: dataDir };
  for (const [key, name] of Object.entries(PORT_NAMES)) env[name] = String(ports[key]);
  const started = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  let output = '';
  const marks = {};
  const ready = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('npm start did not serve within 300 s')), 300_000);
    const onData = (chunk) => {
      appendFileSync(log, chunk);
      output = (output + chunk).slice(-20_000);
      for (const [phase, line] of Object.entries(START_MARKS))
        if (!marks[phase] && output.includes(line)) marks[phase] = performance.now() - started;
      if (/FitTrack is running on \S+/.test(output)) {
        clearTimeout(timer);
        resolve(performance.now() - started);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}) before serving:\n${output.slice(-3000)}`));
    });
  }).catch(async (error) => {
    child.kill('SIGINT');
    await exited;
    throw error;
  });
  const stopping = performance.now();
  child.kill('SIGINT');
  const hard = setTimeout(() => child.kill('SIGKILL'), 60_000);
  await exited;
  clearTimeout(hard);
  return { ready, marks, stop: performance.now() - stopping };
}

async function startTimes(ports) {
  const dataDir = mkdtempSync(join(process.env.TMPDIR || tmpdir(), 'fittrack-bench-start-'));
  const log = join(LOGS, 'start.log');
  writeFileSync(log, '');
  try {
    console.log('npm start, cold (empty data folder: builds, seeds the demo) ...');
    const cold = await timedStart(dataDir, ports, log);
    console.log(`  serving after ${secs(cold.ready)} s; stopped in ${secs(cold.stop)} s`);
    console.log('npm start, warm (same data folder: imports it, rebuilds the projections) ...');
    const warm = await timedStart(dataDir, ports, log);
    console.log(`  serving after ${secs(warm.ready)} s; stopped in ${secs(warm.stop)} s`);
    return { cold, warm };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A live read kept open: `until(test)` resolves with the time of the first snapshot for which
 * `test` holds (at once if the latest does), or NaN after a minute.
 */
function watcher(subscribe) {
  let latest;
  const waiting = new Set();
  const stop = subscribe((value) => {
    latest = value;
    const at = performance.now();
    for (const w of [...waiting])
      if (w.test(value)) {
        waiting.delete(w);
        clearTimeout(w.timer);
        w.resolve(at);
      }
  });
  return {
    stop,
    until(test) {
      if (latest !== undefined && test(latest)) return Promise.resolve(performance.now());
      return new Promise((resolve) => {
        const w = { test, resolve };
        w.timer = setTimeout(() => waiting.delete(w) && resolve(Number.NaN), 60_000);
        waiting.add(w);
      });
    },
  };
}

/**
 * `SAMPLES` activities written one at a time by a verified user through the web SDK (rules apply),
 * after two warm-up writes (the functions' first, cold invocations) long enough to put the writer
 * first on today's minutes board. Per write, from the call until: the observer's live feed query
 * (the page's) shows the item; the writer's daily board entry holds the write (firebase-admin:
 * clients may not read entries); the observer's boards/daily shows it (the reaction refreshes a
 * board whose top 3 the entry changes; the minute's rollup is only the safety net). Then the
 * rollup itself, run `ROLLUPS` times.
 */
async function latencies(suite, writer, observer, admin) {
  const feedQuery = sdkQuery(observer.db, {
    collection: 'feedActivities',
    orderBy: [{ field: 'timestamp', direction: 'desc' }],
    limit: 30,
  });
  const feed = watcher((next) => onSnapshot(feedQuery, (s) => next(s.docs.map((d) => d.id))));
  const entry = watcher((next) =>
    admin.doc(`boardEntries/${dailyKey()}_${writer.uid}`).onSnapshot((s) => next(s.data() ?? null)),
  );
  const board = watcher((next) =>
    onSnapshot(doc(observer.db, 'boards/daily'), (s) => next(s.data() ?? null)),
  );
  const times = { feed: [], entry: [], board: [], rollup: [] };
  let minutes = 0;
  try {
    for (const w of [feed, entry, board]) await w.until(() => true);
    for (let i = -2; i < SAMPLES; i++) {
      const time = i < 0 ? 150 : 10; // members log under 2 h a day
      minutes += time;
      const expected = minutes;
      const id = `bench-${Date.now()}-${i}`;
      const t0 = performance.now();
      const seen = Promise.all([
        feed.until((ids) => ids.includes(`${writer.uid}_${id}`)),
        entry.until((e) => e?.minutes === expected),
        board.until((b) => b?.minutes?.some((p) => p.uid === writer.uid && p.value === expected)),
      ]);
      await setDoc(doc(writer.db, `users/${writer.uid}/reps/${id}`), running(time, Date.now()));
      const [tFeed, tEntry, tBoard] = await seen;
      if (i < 0) continue;
      times.feed.push(tFeed - t0);
      times.entry.push(tEntry - t0);
      times.board.push(tBoard - t0);
    }
    for (let i = 0; i < ROLLUPS; i++) {
      const t0 = performance.now();
      await suite.tick();
      times.rollup.push(performance.now() - t0);
    }
  } finally {
    for (const w of [feed, entry, board]) w.stop();
  }
  return times;
}

/** One size: seed, start the suite on it, count reads, time writes, stop. */
async function measureSize(size, ports) {
  const dataDir = mkdtempSync(join(process.env.TMPDIR || tmpdir(), 'fittrack-bench-data-'));
  const log = join(LOGS, `suite-${size}.log`);
  writeFileSync(log, '');
  const heavy = { uid: 'bench-heavy', email: 'heavy@bench.local', password: 'heavy-password-1' };
  let suite;
  const clients = [];
  let adminApp;
  try {
    process.stdout.write(
      `\n[${size} users] seeding ${size} members and one user with ${size} activities ... `,
    );
    const seeded = await seedDataDir(dataDir, {
      users: size,
      heavy: { uid: heavy.uid, email: heavy.email, activities: size, weights: 200 },
    });
    console.log(
      `${seeded.docs} documents in ${secs(seeded.writeMs)} s, ${seeded.projections} projections in ${secs(seeded.projectionsMs)} s`,
    );
    process.stdout.write(
      `[${size} users] starting the suite on that folder (a warm start at that size) ... `,
    );
    let emulatorsReady = 0;
    let rebuilt = { at: 0, written: '?' };
    const started = performance.now();
    suite = await startSuite({
      ports,
      dataDir,
      seed: false,
      // The bench runs the rollup itself; nothing else should run meanwhile.
      rollupEveryMs: 24 * 3_600_000,
      exportEveryMs: 24 * 3_600_000,
      log: (line) => {
        appendFileSync(log, `${line}\n`);
        const m = /Projections rebuilt .*\((\d+) written\)/.exec(line);
        if (m) rebuilt = { at: performance.now(), written: m[1] };
      },
      emulatorOutput: (text) => {
        appendFileSync(log, text);
        if (!emulatorsReady && text.includes('All emulators ready')) emulatorsReady = performance.now();
      },
    });
    const startMs = performance.now() - started;
    const rebuildMs = rebuilt.at && emulatorsReady ? rebuilt.at - emulatorsReady : Number.NaN;
    console.log(`${secs(startMs)} s (rebuild ${secs(rebuildMs)} s, ${rebuilt.written} written)`);

    await createAccount(suite.hosts.auth, heavy);
    const stamp = Date.now();
    const observer = await createAccount(suite.hosts.auth, {
      email: `observer-${stamp}@bench.local`,
      password: 'observer-password-1',
    });
    const writer = await createAccount(suite.hosts.auth, {
      email: `writer-${stamp}@bench.local`,
      password: 'writer-password-1',
    });
    for (const account of [heavy, observer, writer]) clients.push(await signIn(suite.hosts, account));
    const [heavyClient, observerClient, writerClient] = clients;

    console.log(`[${size} users] counting the reads of /community and of /user ...`);
    const community = await communityLoad(observerClient);
    const dashboard = await dashboardLoad(heavyClient);

    console.log(`[${size} users] ${SAMPLES} writes to their feed item, board entry and daily board ...`);
    // The writer's profile: without one the reactions make no feed item (no name to show).
    await setDoc(doc(writerClient.db, `users/${writer.uid}`), {
      userId: writer.uid,
      email: writer.email,
      createdAt: Date.now(),
      displayName: 'Bench Writer',
      currentWeight: 170,
      height: 70,
    });
    adminApp = initializeApp({ projectId: PROJECT_ID }, `bench-admin-${size}`);
    const admin = getFirestore(adminApp);
    admin.settings({ host: suite.hosts.firestore, ssl: false });
    const times = await latencies(suite, writerClient, observerClient, admin);
    return { size, seeded, startMs, rebuildMs, rebuilt: rebuilt.written, community, dashboard, ...times };
  } finally {
    for (const c of clients) await c.close().catch(() => {});
    if (adminApp) await deleteApp(adminApp).catch(() => {});
    await suite?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function serverBench() {
  mkdirSync(LOGS, { recursive: true });
  const started = performance.now();
  // One set of ports for every start: the suite reuses a web build made for the same settings
  // (ports included), as a person's `npm start` on its default ports does.
  const ports = await freePorts();
  const start = await startTimes(ports);
  const rows = [];
  for (const size of sizes) rows.push(await measureSize(size, ports));

  printTable(
    '`npm start` from its spawn to "FitTrack is running", in s, and its phases (web build reused when unchanged):',
    [
      'start',
      'to serving',
      'builds',
      'Firestore up',
      'Auth+Functions+Hosting up',
      'seed/rebuild',
      'triggers, rest',
      'Ctrl-C to exit',
    ],
    [
      ['cold (empty data folder, demo seeded)', start.cold],
      ['warm (second start, same folder)', start.warm],
    ].map(([what, t]) => [what, secs(t.ready), ...phases(t), secs(t.stop)]),
  );
  printTable(
    `Per size N: N members (2 activities each in the past week, 1 in 10 a post) + 1 user with N activities over a year.\nLatencies p50 / p95 in s over ${SAMPLES} writes; the rollup run ${ROLLUPS} times:`,
    [
      'N',
      'docs seeded',
      'seed s (projections s)',
      'warm start s (rebuild audit s)',
      'docs/community view',
      'docs/dashboard (aggregates, billed)',
      'write->feed',
      'write->board entry',
      'write->daily board',
      'rollup run',
    ],
    rows.map((r) => [
      r.size,
      r.seeded.docs,
      `${secs(r.seeded.writeMs)} (${secs(r.seeded.projectionsMs)}: ${r.seeded.projections})`,
      `${secs(r.startMs)} (${secs(r.rebuildMs)}, ${r.rebuilt} written)`,
      `${r.community.docs} in ${r.community.listens} listens`,
      `${r.dashboard.docs} in ${r.dashboard.listens} listens + ${r.dashboard.oneShot} get (${r.dashboard.aggregates}, ${r.dashboard.aggregateReads})`,
      p50p95(r.feed),
      p50p95(r.entry),
      p50p95(r.board),
      p50p95(r.rollup),
    ]),
  );
  console.log(
    '\nThe daily board as the reaction refreshes it (the writer is in its top 3); the rollup (every minute as' +
      ' deployed) moves boards to a new period and expires old entries.\nThe Firestore emulator answers a' +
      ' query by scanning its collection (no indexes): what grows with N here need not in production.' +
      `\nServer part: ${secs(performance.now() - started)} s. Target: warm start <= 30 s.`,
  );
}

const parts = (process.env.BENCH ?? 'server,web').split(',');
if (parts.includes('server')) await serverBench();
if (parts.includes('web')) {
  const { runWebBench } = await import('./bench-web.mjs');
  await runWebBench();
}
// The SDKs' idle connections would keep the process alive.
process.exit(0);
