// Parts of the web bench (scripts/bench-web.mjs) that do not need Lighthouse:
// - firstRenderJs(): the JavaScript /user needs before its first render, from the build's module
//   graph (vite's manifest): the entry, the signed-in frame and the /user page chunks (what
//   web/src/app/preload.ts asks for) with their static imports. For a person this device remembers,
//   the page draws with these alone and then loads the auth SDK and the local adapter to fetch its
//   data: counted apart (`session`), as the files beyond the first set. What a chunk only reaches by
//   a dynamic import (the charts, the activity picker, tooltips) arrives after the first render and
//   is not counted; gzip -9 of each file, as bench-web measures.
// - dashboardReads(): how many documents the dashboard reads when it opens (a cold load of /user,
//   until nothing new arrived for 2 s), counted from what the browser receives (the live socket's
//   `doc`/`docs` messages, /api/get and /api/query answers), beside the bound its reads allow (the
//   sum of each query's limit, one per document) and the aggregate queries (period sums).
// - heavyUser(): a verified account with a long history (activities over a year, daily weigh-ins)
//   and a daily goal, written through the API as an import would be, so that the count above shows
//   the reads bounded.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The source modules whose chunks /user's first render needs (see web/src/app/preload.ts). */
const FIRST_RENDER_ROOTS = [
  'index.html',
  'src/app/guards.tsx',
  'src/app/AppLayout.tsx',
  'src/features/dashboard/DashboardPage.tsx',
];
/** Started once the page has drawn (or at once, for a session this device does not remember). */
const SESSION_ROOTS = ['src/data/adapters/firebase-auth.ts', 'src/data/adapters/local.ts'];

function run(cmd, args, cwd) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('exit', (code) => (code === 0 ? resolveRun() : reject(new Error(`${cmd} exited ${code}`))));
  });
}

/** Builds the web app once more with a manifest (into a throwaway folder) and walks its graph. */
export async function firstRenderJs(root) {
  const web = join(root, 'web');
  const out = mkdtempSync(join(tmpdir(), 'fittrack-bench-build-'));
  try {
    await run(
      process.execPath,
      [
        join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
        'build',
        '--manifest',
        '--outDir',
        out,
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      web,
    );
    const manifest = JSON.parse(readFileSync(join(out, '.vite', 'manifest.json'), 'utf8'));
    const seen = new Set();
    const walk = (key) => {
      const entry = manifest[key];
      if (!entry) throw new Error(`the build has no chunk for ${key}`);
      if (seen.has(entry.file)) return;
      seen.add(entry.file);
      for (const imported of entry.imports ?? []) walk(imported);
    };
    const measure = (names) => {
      const files = names.map((file) => ({
        file: file.split('/').pop(),
        gzipKb: gzipSync(readFileSync(join(out, file)), { level: 9 }).length / 1024,
      }));
      return { kb: files.reduce((sum, f) => sum + f.gzipKb, 0), files };
    };
    for (const key of FIRST_RENDER_ROOTS) walk(key);
    const first = [...seen];
    for (const key of SESSION_ROOTS) walk(key);
    return { ...measure(first), session: measure([...seen].filter((file) => !first.includes(file))) };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const DAY = 86_400_000;

async function postJson(url, body, headers = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${new URL(url).pathname}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * A verified account with `activities` Running entries spread over the past year and `weights`
 * daily weigh-ins, written as imported entries (`importedAt` lets a past timestamp in) in batches
 * of 500. Needs the Auth emulator's own address (its admin API marks the email verified).
 */
export async function heavyUser(url, authHost, { activities = 3000, weights = 730 } = {}) {
  const identity = `http://${authHost}/identitytoolkit.googleapis.com/v1`;
  const account = { email: `heavy-${Date.now()}@example.com`, password: 'heavy-password-1' };
  const { localId: uid } = await postJson(`${identity}/accounts:signUp?key=fake-api-key`, {
    ...account,
    returnSecureToken: true,
  });
  await postJson(
    `${identity}/projects/demo-fittrack/accounts:update`,
    { localId: uid, emailVerified: true },
    { Authorization: 'Bearer owner' },
  );
  const { idToken } = await postJson(`${identity}/accounts:signInWithPassword?key=fake-api-key`, {
    ...account,
    returnSecureToken: true,
  });
  const now = Date.now();
  const writes = [
    {
      kind: 'set',
      path: `users/${uid}`,
      data: {
        userId: uid,
        email: account.email,
        createdAt: now,
        displayName: 'Heavy',
        firstName: 'Heavy',
        height: 70,
        currentWeight: 180,
      },
    },
    // A daily goal, as the demo user has: without one the dashboard opens its "Set a daily goal"
    // dialog, which hides the rest of the page (the heading dashboardReads waits for) from role
    // queries whenever the goal is read before the heading is found.
    { kind: 'set', path: `users/${uid}/preferences/goals`, data: { target: '30', type: 'minutes' } },
  ];
  for (let i = 0; i < activities; i++) {
    const time = 10 + (i % 50);
    writes.push({
      kind: 'set',
      path: `users/${uid}/reps/h${i}`,
      data: {
        activityType: 'Running',
        time,
        timestamp: now - Math.floor((i * 365 * DAY) / activities) - 60_000,
        calorieUnits: 80 * time * 10,
        importedAt: now,
      },
    });
  }
  for (let i = 0; i < weights; i++) {
    writes.push({
      kind: 'set',
      path: `users/${uid}/weightRecords/w${i}`,
      data: { weight: 180 + (i % 7) / 2, timestamp: now - i * (DAY / 2) - 60_000, importedAt: now },
    });
  }
  const auth = { Authorization: `Bearer ${idToken}` };
  for (let i = 0; i < writes.length; i += 500)
    await postJson(`${url}/api/commit`, { writes: writes.slice(i, i + 500) }, auth);
  return { ...account, activities, weights };
}

/** Signs `account` in through the login form of a new page of `context`; resolves with the page on /user. */
export async function signInThroughForm(context, url, account) {
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/user', { timeout: 60_000 });
  return page;
}

/** Signs in through the login form in `context`, then counts the reads of a cold load of /user. */
export async function dashboardReads(context, url, account) {
  await (await signInThroughForm(context, url, account)).close();

  const page = await context.newPage();
  const counts = { docs: 0, bound: 0, aggregates: 0, listens: 0 };
  let last = Date.now();
  const countDocs = (n) => {
    counts.docs += n;
    last = Date.now();
  };
  page.on('websocket', (ws) => {
    ws.on('framesent', (frame) => {
      const message = safeJson(frame.payload);
      if (message?.type !== 'add') return;
      counts.listens++;
      counts.bound += message.query ? (message.query.limit ?? Number.POSITIVE_INFINITY) : 1;
    });
    ws.on('framereceived', (frame) => {
      const message = safeJson(frame.payload);
      if (message?.type === 'docs') countDocs(message.docs.length);
      else if (message?.type === 'doc') countDocs(message.doc ? 1 : 0);
    });
  });
  page.on('response', async (response) => {
    const path = new URL(response.url()).pathname;
    if (!path.startsWith('/api/')) return;
    const request = safeJson(response.request().postData() ?? '');
    if (path.endsWith('/aggregate')) {
      counts.aggregates++;
      last = Date.now();
      return;
    }
    const body = await response.json().catch(() => null);
    if (path.endsWith('/query')) {
      counts.bound += request?.query?.limit ?? Number.POSITIVE_INFINITY;
      countDocs(body?.docs?.length ?? 0);
    } else if (path.endsWith('/get')) {
      counts.bound += 1;
      countDocs(body?.doc ? 1 : 0);
    }
  });
  await page.goto(`${url}/user`);
  // Hidden included: a dialog the dashboard opens (a prompt) must not stop the count.
  await page.getByRole('heading', { name: /^Hi,/, includeHidden: true }).waitFor({ timeout: 60_000 });
  const giveUp = Date.now() + 30_000; // a page that never goes quiet is measured as it is then
  while (Date.now() - last < 2000 && Date.now() < giveUp) await page.waitForTimeout(250);
  await page.close();
  return counts;
}

function safeJson(text) {
  try {
    return JSON.parse(typeof text === 'string' ? text : String(text));
  } catch {
    return null;
  }
}
