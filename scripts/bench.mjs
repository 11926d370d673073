// `npm run bench`: the local backend's figures (below), then Lighthouse on the web app
// (scripts/bench-web.mjs). BENCH=server or BENCH=web runs one part only.
//
// Local part: seeds synthetic users (100 activities each) at several sizes into a
// fresh local data folder, runs the real local server against the real Auth emulator, and prints
// figures: documents read per community view, p50/p95 latencies of the community read, of logging
// an activity (and of the delay until its feed item is current), of the dashboard's recent-5 and
// 50-a-page queries, sustained writes per second, and the server's memory. It measures; it asserts
// nothing. BENCH_SIZES=10,1000,10000 (default) chooses the user counts; BENCH_PER_USER=100.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { startAuthEmulator } from '../local/src/auth-emulator.mjs';
import { freePort } from './ports.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sizes = (process.env.BENCH_SIZES ?? '10,1000,10000').split(',').map(Number);
const perUser = Number(process.env.BENCH_PER_USER ?? 100);
const ADMIN = 'bench-admin';

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
const ms = (v) => (Number.isFinite(v) ? v.toFixed(1) : '-');

function runNode(args, env = {}) {
  return new Promise((resolveRun, reject) => {
    let out = '';
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.once('exit', (code) =>
      code === 0 ? resolveRun(out) : reject(new Error(`${args[0]} exited ${code}`)),
    );
  });
}

async function startServer(dataDir, authHost) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'local', 'src', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      FIREBASE_AUTH_EMULATOR_HOST: authHost,
      // The synthetic users have documents but no accounts: no backstop sweep.
      LOCAL_ACCOUNT_SWEEP_MS: '0',
      LOCAL_PORT: String(port),
      LOCAL_DATA_DIR: dataDir,
      LOCAL_ADMIN_TOKEN: ADMIN,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the local server did not start');
}

async function post(url, route, body, token, headers = {}) {
  const response = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${route}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** A verified account (only verified accounts log activities) and a token that says so. */
async function signUp(authHost, name) {
  const identity = `http://${authHost}/identitytoolkit.googleapis.com/v1`;
  const post = async (url, body, headers = {}) => {
    const r = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const json = await r.json();
    if (!r.ok) throw new Error(`${url}: ${r.status} ${JSON.stringify(json)}`);
    return json;
  };
  const account = {
    email: `${name}-${Date.now()}@example.com`,
    password: 'password123',
    returnSecureToken: true,
  };
  const { localId } = await post(`${identity}/accounts:signUp?key=fake-api-key`, account);
  // The emulator's admin API (Bearer owner) marks the address verified; a new sign-in carries it.
  await post(
    `${identity}/projects/demo-fittrack/accounts:update`,
    { localId, emailVerified: true },
    { Authorization: 'Bearer owner' },
  );
  const { idToken } = await post(`${identity}/accounts:signInWithPassword?key=fake-api-key`, account);
  return { uid: localId, token: idToken };
}

function activity(i) {
  const time = 1 + (i % 60);
  return { activityType: 'Running', time, timestamp: Date.now(), calorieUnits: 80 * time * 10 };
}

async function timed(fn) {
  const t = performance.now();
  const value = await fn();
  return { ms: performance.now() - t, value };
}

/**
 * Waits until the document exists, through the live socket (the way the page learns it). Resolves
 * once the listener is in place; the returned promise's `done` resolves when the document exists.
 */
async function untilExists(url, token, path) {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/live`);
  let added;
  const listening = new Promise((resolveAdd) => {
    added = resolveAdd;
  });
  const done = new Promise((resolveDone, reject) => {
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.on('error', reject);
    ws.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'ready') ws.send(JSON.stringify({ type: 'add', id: '1', path }));
      else if (message.type === 'doc') {
        added();
        if (message.doc) {
          ws.close();
          resolveDone();
        }
      } else if (message.type === 'fatal' || message.type === 'refused')
        reject(new Error(`live: ${JSON.stringify(message.error)}`));
    });
  });
  done.catch(() => {});
  await listening;
  return done;
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

async function measure(size, authHost) {
  const dataDir = mkdtempSync(join(tmpdir(), 'fittrack-bench-'));
  process.stdout.write(`\n[${size} users] seeding ${size * perUser} activities and building projections... `);
  const seeded = JSON.parse(
    await runNode([join(root, 'local', 'bench', 'seed.ts'), dataDir, String(size), String(perUser)]),
  );
  console.log(`${seeded.seedMs} ms + ${seeded.rebuildMs} ms`);
  const { url, child } = await startServer(dataDir, authHost);
  try {
    const me = await signUp(authHost, `bench-${size}`);
    await post(
      url,
      '/api/commit',
      {
        writes: [
          {
            kind: 'set',
            path: `users/${me.uid}`,
            data: { userId: me.uid, email: 'b@example.com', createdAt: Date.now(), displayName: 'Bench' },
          },
        ],
      },
      me.token,
    );

    // Logging an activity: acknowledgement, then the delay until its feed item exists.
    const ack = [];
    const projection = [];
    for (let i = 0; i < 120; i++) {
      const path = `users/${me.uid}/reps/log${i}`;
      if (i % 4 === 0) {
        const waiting = untilExists(url, me.token, `feedActivities/${me.uid}_log${i}`);
        const t = performance.now();
        await post(url, '/api/commit', { writes: [{ kind: 'set', path, data: activity(i) }] }, me.token);
        ack.push(performance.now() - t);
        await waiting;
        projection.push(performance.now() - t);
      } else {
        ack.push(
          (
            await timed(() =>
              post(url, '/api/commit', { writes: [{ kind: 'set', path, data: activity(i) }] }, me.token),
            )
          ).ms,
        );
      }
    }
    await post(url, '/api/admin/idle', {}, me.token, { 'X-Admin-Token': ADMIN });

    // The community page: 3 boards + newest 30 posts + newest 30 activities.
    const community = [];
    let docsRead = 0;
    for (let i = 0; i < 100; i++) {
      const { ms: t, value } = await timed(() =>
        Promise.all([
          ...['daily', 'weekly', 'monthly'].map((k) =>
            post(url, '/api/get', { path: `boards/${k}` }, me.token),
          ),
          post(
            url,
            '/api/query',
            {
              query: {
                collection: 'feedPosts',
                orderBy: [{ field: 'timestamp', direction: 'desc' }],
                limit: 30,
              },
            },
            me.token,
          ),
          post(
            url,
            '/api/query',
            {
              query: {
                collection: 'feedActivities',
                orderBy: [{ field: 'timestamp', direction: 'desc' }],
                limit: 30,
              },
            },
            me.token,
          ),
        ]),
      );
      community.push(t);
      docsRead = value.slice(0, 3).filter((r) => r.doc).length + value[3].docs.length + value[4].docs.length;
    }

    // The dashboard: recent 5, and the 50-a-page popup (second page, with a cursor).
    const recent = [];
    const paged = [];
    const order = [{ field: 'timestamp', direction: 'desc' }];
    for (let i = 0; i < 100; i++) {
      recent.push(
        (
          await timed(() =>
            post(
              url,
              '/api/query',
              { query: { collection: `users/${me.uid}/reps`, orderBy: order, limit: 5 } },
              me.token,
            ),
          )
        ).ms,
      );
      const first = await post(
        url,
        '/api/query',
        { query: { collection: `users/${me.uid}/reps`, orderBy: order, limit: 50 } },
        me.token,
      );
      const last = first.docs[first.docs.length - 1];
      paged.push(
        (
          await timed(() =>
            post(
              url,
              '/api/query',
              {
                query: {
                  collection: `users/${me.uid}/reps`,
                  orderBy: order,
                  limit: 50,
                  startAfter: { values: [last.data.timestamp], path: last.path },
                },
              },
              me.token,
            ),
          )
        ).ms,
      );
    }

    // Sustained writes: 8 users, 32 requests in flight, 5 seconds.
    const writers = await Promise.all(Array.from({ length: 8 }, (_, i) => signUp(authHost, `w${size}-${i}`)));
    let writes = 0;
    let n = 0;
    const end = Date.now() + 5000;
    await Promise.all(
      Array.from({ length: 32 }, async (_, lane) => {
        const w = writers[lane % writers.length];
        while (Date.now() < end) {
          await post(
            url,
            '/api/commit',
            { writes: [{ kind: 'set', path: `users/${w.uid}/reps/s${n++}`, data: activity(n) }] },
            w.token,
          );
          writes++;
        }
      }),
    );
    const idle = await timed(() =>
      post(url, '/api/admin/idle', { timeoutMs: 120_000 }, me.token, { 'X-Admin-Token': ADMIN }),
    );
    return {
      size,
      activities: size * perUser,
      docsRead,
      community: [percentile(community, 50), percentile(community, 95)],
      ack: [percentile(ack, 50), percentile(ack, 95)],
      projection: [percentile(projection, 50), percentile(projection, 95)],
      recent: [percentile(recent, 50), percentile(recent, 95)],
      paged: [percentile(paged, 50), percentile(paged, 95)],
      writesPerSecond: writes / 5,
      catchUpMs: idle.ms,
      rssMb: rssMb(child.pid),
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const parts = (process.env.BENCH ?? 'server,web').split(',');
if (parts.includes('server')) await serverBench();
if (parts.includes('web')) {
  const { runWebBench } = await import('./bench-web.mjs');
  await runWebBench();
}

async function serverBench() {
  console.log('Starting the Auth emulator on a free port...');
  const emulator = await startAuthEmulator();
  const rows = [];
  try {
    for (const size of sizes) rows.push(await measure(size, emulator.host));
  } finally {
    await emulator.stop();
  }

  const header = [
    'users',
    'activities',
    'docs/community view',
    'community p50/p95 ms',
    'log ack p50/p95 ms',
    'feed current p50/p95 ms',
    'recent-5 p50/p95 ms',
    'page of 50 p50/p95 ms',
    'writes/s',
    'reactions catch-up ms',
    'server RSS MB',
  ];
  const table = rows.map((r) => [
    String(r.size),
    String(r.activities),
    String(r.docsRead),
    `${ms(r.community[0])} / ${ms(r.community[1])}`,
    `${ms(r.ack[0])} / ${ms(r.ack[1])}`,
    `${ms(r.projection[0])} / ${ms(r.projection[1])}`,
    `${ms(r.recent[0])} / ${ms(r.recent[1])}`,
    `${ms(r.paged[0])} / ${ms(r.paged[1])}`,
    r.writesPerSecond.toFixed(0),
    r.catchUpMs.toFixed(0),
    r.rssMb.toFixed(0),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\nLocal backend (SQLite + Auth emulator), ${perUser} activities per user:\n`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of table) console.log(line(row));
  console.log(
    '\nTargets (issue 4): 63 docs per community view; community p95 < 25 ms at 1,000,000 activities; log ack p95 < 10 ms; projections current p95 < 100 ms; >= 1,000 writes/s; RSS < 300 MB.',
  );
}
