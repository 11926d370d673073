// `npm run bench` (web part): Lighthouse, mobile preset (simulated slow 4G and 4x CPU slowdown), on
// the `npm start` stack: / and /login signed out, then /user, /community and /account signed in as
// the demo user (signed in once with Playwright in the same Chromium, whose IndexedDB keeps the
// session; Lighthouse still empties the HTTP cache before each run). RUNS runs a route, medians
// printed beside issue 12's anchors; plus the first-render JS of /user (its module graph, gzip),
// all the JS /user loads and whether the server sends it compressed, and the documents a cold load
// of /user reads for the demo user and for a user with a year of history (bench-dashboard.mjs).
// Measures, asserts nothing; kept out of `npm test`.
//
// BENCH_URL=http://127.0.0.1:3000 measures a stack that is already running (with the demo seed);
// otherwise one is started on free ports with a throwaway data folder (BENCH_AUTH_HOST, the running
// stack's Auth emulator, adds the user with a long history there too). BENCH_RUNS (default 3);
// BENCH_ROUTES=/user,/community measures only those; BENCH_SAVE=<folder> keeps each Lighthouse JSON.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { dashboardReads, firstRenderJs, heavyUser, signInThroughForm } from './bench-dashboard.mjs';
import { freePort } from './ports.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const DEMO = { email: 'demo@fittrack.local', password: 'fittrack-demo' };

/** Issue 12's measurements before this work (Lighthouse mobile, 3 runs, medians). */
const ROUTES = [
  { path: '/', signedIn: false, anchor: { perf: 75, lcp: 3.8 } },
  { path: '/login', signedIn: false, anchor: { perf: 72, lcp: 4.6 } },
  { path: '/user', signedIn: true, anchor: { perf: 48, lcp: 7.1 } },
  { path: '/community', signedIn: true, anchor: { perf: 52, lcp: 6.8 } },
  { path: '/account', signedIn: true, anchor: { perf: 57, lcp: 6.5 } },
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const ADMIN_TOKEN = `bench-web-${process.pid}`;

async function startStack() {
  const port = await freePort();
  const authPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'fittrack-bench-web-'));
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      LOCAL_PORT: String(port),
      AUTH_EMULATOR_PORT: String(authPort),
      LOCAL_DATA_DIR: dataDir,
      LOCAL_ADMIN_TOKEN: ADMIN_TOKEN,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // starting
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error('the stack did not start (see its output above)');
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  // The demo seed is written just after the server answers: wait for the demo account to sign in.
  await new Promise((r) => setTimeout(r, 3000));
  return { url, stop, authHost: `127.0.0.1:${authPort}`, adminToken: ADMIN_TOKEN };
}

/** Waits until the server's reactions have caught up (the admin endpoint; skipped without it). */
async function idle(url, adminToken) {
  if (!adminToken) return;
  await fetch(`${url}/api/admin/idle`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Admin-Token': adminToken },
    body: JSON.stringify({ timeoutMs: 120_000 }),
  });
}

/**
 * Documents read by a cold load of /user: the demo user, and (when the Auth emulator's address is
 * known: a stack this bench started, or BENCH_AUTH_HOST) a user with a year of history.
 */
async function measureReads(port, stack) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const rows = [];
  try {
    const demo = await browser.newContext();
    rows.push({ who: 'demo user (seed)', ...(await dashboardReads(demo, stack.url, DEMO)) });
    await demo.close();
    if (stack.authHost) {
      const account = await heavyUser(stack.url, stack.authHost);
      await idle(stack.url, stack.adminToken);
      const heavy = await browser.newContext();
      rows.push({
        who: `${account.activities.toLocaleString('en-US')} activities, ${account.weights} weigh-ins`,
        ...(await dashboardReads(heavy, stack.url, account)),
      });
      await heavy.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

async function signIn(port, url) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  const page = await signInThroughForm(context, url, DEMO);
  await page.getByRole('heading', { name: /^Hi,/ }).waitFor({ timeout: 60_000 });
  await page.close();
  // Leaves the browser running: closing a CDP connection does not close Chromium.
  await browser.close();
}

async function audit(port, url) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  return lhr;
}

function failingA11y(lhr) {
  return lhr.categories.accessibility.auditRefs
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
}

/** The elements that moved, as Lighthouse names them (selector and score). */
function shifted(lhr) {
  const items = lhr.audits['layout-shifts']?.details?.items ?? [];
  return items
    .slice(0, 3)
    .map((item) => `${item.node?.selector ?? item.node?.snippet ?? '?'} (${Number(item.score).toFixed(3)})`);
}

/** gzip size of each script the page loaded, from the build's files (whatever was sent). */
function scriptKb(lhr, base) {
  const dist = join(root, 'web', 'dist');
  let bytes = 0;
  const scripts = [];
  for (const item of lhr.audits['network-requests']?.details?.items ?? []) {
    if (item.resourceType !== 'Script' || !item.url.startsWith(base)) continue;
    const file = join(dist, new URL(item.url).pathname);
    if (!existsSync(file)) continue;
    const size = gzipSync(readFileSync(file), { level: 9 }).length;
    bytes += size;
    scripts.push({ url: item.url, gzipKb: size / 1024 });
  }
  return { kb: bytes / 1024, scripts };
}

async function encodingOf(scripts) {
  const seen = new Map();
  for (const s of scripts) {
    const response = await fetch(s.url, { headers: { 'Accept-Encoding': 'br, gzip' } });
    await response.arrayBuffer();
    const encoding = response.headers.get('content-encoding') ?? 'none';
    seen.set(encoding, (seen.get(encoding) ?? 0) + 1);
  }
  return [...seen].map(([e, n]) => `${e} x${n}`).join(', ');
}

export async function runWebBench() {
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  const stack = process.env.BENCH_URL
    ? {
        url: process.env.BENCH_URL.replace(/\/$/, ''),
        stop: async () => {},
        authHost: process.env.BENCH_AUTH_HOST,
        adminToken: process.env.BENCH_ADMIN_TOKEN,
      }
    : null;
  console.log(
    stack ? `Measuring ${stack.url}` : '\nStarting the app (npm start on free ports) for Lighthouse...',
  );
  const started = stack ?? (await startStack());
  const { url, stop } = started;
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const rows = [];
  const notes = new Set();
  let userJs = null;
  let reads = [];
  // The module graph of /user's first render (a build of its own, while nothing is measured).
  const firstRender = await firstRenderJs(root).catch((e) => ({ error: e.message }));
  try {
    let signedIn = false;
    const only = process.env.BENCH_ROUTES?.split(',');
    for (const route of ROUTES.filter((r) => !only || only.includes(r.path))) {
      if (route.signedIn && !signedIn) {
        await signIn(chrome.port, url);
        signedIn = true;
      }
      const results = [];
      for (let i = 0; i < runs; i++) {
        process.stdout.write(`Lighthouse ${route.path} run ${i + 1}/${runs}... `);
        const lhr = await audit(chrome.port, `${url}${route.path}`);
        if (process.env.BENCH_SAVE)
          writeFileSync(
            join(process.env.BENCH_SAVE, `lhr${route.path.replace(/\//g, '_')}-${i + 1}.json`),
            JSON.stringify(lhr),
          );
        const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
        if (finalPath !== route.path) throw new Error(`${route.path} ended on ${finalPath}: not signed in?`);
        const r = {
          perf: Math.round((lhr.categories.performance.score ?? 0) * 100),
          a11y: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
          lcp: lhr.audits['largest-contentful-paint'].numericValue / 1000,
          cls: lhr.audits['cumulative-layout-shift'].numericValue,
          tbt: lhr.audits['total-blocking-time'].numericValue,
          fcp: lhr.audits['first-contentful-paint'].numericValue / 1000,
        };
        console.log(`performance ${r.perf}, LCP ${r.lcp.toFixed(1)} s, CLS ${r.cls.toFixed(3)}`);
        results.push(r);
        for (const id of failingA11y(lhr)) notes.add(`${route.path}: accessibility audit '${id}' fails`);
        if (r.cls >= 0.01)
          for (const shift of shifted(lhr)) notes.add(`${route.path}: layout shift of ${shift}`);
        if (route.path === '/user' && i === 0) userJs = scriptKb(lhr, url);
      }
      const m = (k) => median(results.map((r) => r[k]));
      rows.push({
        route,
        perf: m('perf'),
        a11y: m('a11y'),
        lcp: m('lcp'),
        cls: m('cls'),
        tbt: m('tbt'),
        fcp: m('fcp'),
      });
    }
    // While the server still runs: how it sends the scripts /user loaded, and what /user reads.
    if (userJs) userJs.encoding = await encodingOf(userJs.scripts).catch((e) => `unknown (${e.message})`);
    if (!only || only.includes('/user'))
      reads = await measureReads(chrome.port, started).catch((e) => {
        notes.add(`documents read by /user: not measured (${e.message.split('\n')[0]})`);
        return [];
      });
  } finally {
    await chrome.kill();
    await stop();
  }

  const header = [
    'route',
    'performance (anchor)',
    'accessibility',
    'FCP s',
    'LCP s (anchor)',
    'CLS',
    'TBT ms',
  ];
  const table = rows.map((r) => [
    r.route.path,
    `${r.perf} (${r.route.anchor.perf})`,
    String(r.a11y),
    r.fcp.toFixed(1),
    `${r.lcp.toFixed(1)} (${r.route.anchor.lcp})`,
    r.cls.toFixed(3),
    r.tbt.toFixed(0),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(
    `\nLighthouse ${runs}x per route, mobile preset, medians (anchors: issue 12 before this work):\n`,
  );
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of table) console.log(line(row));
  const largest = (files) =>
    [...files]
      .sort((a, b) => b.gzipKb - a.gzipKb)
      .slice(0, 6)
      .map((f) => `${f.file} ${f.gzipKb.toFixed(0)} KB`)
      .join(', ');
  if ('error' in firstRender) console.log(`\nFirst-render JS of /user: not measured (${firstRender.error})`);
  else
    console.log(
      `\nFirst-render JS of /user (module graph of the entry, frame and page): ${firstRender.kb.toFixed(1)} KB gzip in ${firstRender.files.length} files (target <= 200 KB)\n  largest: ${largest(firstRender.files)}\n  then, to fetch its data, the auth SDK and the adapter: +${firstRender.session.kb.toFixed(0)} KB gzip in ${firstRender.session.files.length} files (loaded first when this device remembers no session: ${(firstRender.kb + firstRender.session.kb).toFixed(0)} KB)`,
    );
  if (userJs) {
    const files = userJs.scripts.map((s) => ({
      file: new URL(s.url).pathname.split('/').pop(),
      gzipKb: s.gzipKb,
    }));
    console.log(
      `All JS /user loads (the charts, picker and tooltips after the first render included): ${userJs.kb.toFixed(0)} KB gzip in ${files.length} scripts; served as: ${userJs.encoding}\n  largest: ${largest(files)}`,
    );
  }
  if (reads.length > 0) {
    console.log(
      '\nDocuments read by a cold load of /user (until 2 s without news), beside the bound of its reads:',
    );
    for (const r of reads)
      console.log(
        `  ${r.who}: ${r.docs} documents in ${r.listens} live reads + one-shot reads (bound ${r.bound}), ${r.aggregates} aggregate queries`,
      );
  }
  if (notes.size > 0) console.log(`\n${[...notes].join('\n')}`);
  console.log(
    '\nTargets (issue 12): performance >= 95 on / and /login, >= 90 signed in; accessibility 100; LCP <= 2.5 s; CLS < 0.05.',
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await runWebBench();
