// `npm run bench` (web part): Lighthouse (mobile preset) medians of BENCH_RUNS (3) runs of / and
// /login signed out, /user, /community and /account signed in as the demo user; the first-render JS
// of /user and the documents a cold /user load reads (bench-dashboard.mjs). On an emulator suite it
// starts (demo seed, plus a user with a year of history), or BENCH_URL's running stack (demo user
// only). BENCH_ROUTES=/user,/community picks routes; BENCH_SAVE=<folder> keeps each Lighthouse JSON.
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { dashboardReads, firstRenderJs, signInThroughForm } from './bench-dashboard.mjs';
import { createAccount, seedDataDir } from './bench-seed.mjs';
import { DEMO_ACCOUNT as DEMO, startSuite } from './emulator-suite.mjs';
import { freePort } from './ports.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
/** A year of history: the dashboard's reads must stay bounded whatever the history holds. */
const HEAVY = {
  uid: 'bench-heavy',
  email: 'heavy@bench.local',
  password: 'heavy-password-1',
  activities: 3000,
  weights: 730,
};

/** The anchors: measurements before the performance work (Lighthouse mobile, 3 runs, medians). */
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

/**
 * The suite on free ports with a throwaway data folder holding the user with a long history
 * (seeded before the start, so the projections are rebuilt once instead of a trigger per entry),
 * the demo seeded beside it.
 */
async function startStack() {
  const dataDir = mkdtempSync(join(process.env.TMPDIR || tmpdir(), 'fittrack-bench-web-'));
  const logs = join(root, 'artifacts', 'bench');
  mkdirSync(logs, { recursive: true });
  const log = join(logs, 'web-suite.log');
  writeFileSync(log, '');
  let suite;
  const stop = async () => {
    await suite?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await seedDataDir(dataDir, { users: 0, heavy: HEAVY });
    const ports = {};
    for (const key of ['hosting', 'auth', 'firestore', 'functions', 'hub', 'logging'])
      ports[key] = await freePort();
    suite = await startSuite({
      ports,
      dataDir,
      seed: true,
      log: (line) => appendFileSync(log, `${line}\n`),
      emulatorOutput: (text) => appendFileSync(log, text),
    });
    await createAccount(suite.hosts.auth, HEAVY);
    return { url: suite.appUrl, heavy: HEAVY, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Documents read by a cold load of /user: the demo user, and the user with a long history when seeded. */
async function measureReads(port, stack) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const rows = [];
  try {
    for (const [who, account] of [
      ['demo user (seed)', DEMO],
      ...(stack.heavy
        ? [[`${HEAVY.activities.toLocaleString('en-US')} activities, ${HEAVY.weights} weigh-ins`, HEAVY]]
        : []),
    ]) {
      const context = await browser.newContext();
      rows.push({ who, ...(await dashboardReads(context, stack.url, account)) });
      await context.close();
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

/** One Lighthouse run; one that failed to record (NO_NAVSTART and the like, under load) is run again. */
async function audit(port, url, tries = 3) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  const lhr = result?.lhr;
  if (lhr && !lhr.runtimeError) return lhr;
  const why = lhr ? `Lighthouse: ${lhr.runtimeError.message}` : `Lighthouse gave no result for ${url}`;
  if (tries <= 1) throw new Error(why);
  process.stdout.write(`(${why.slice(0, 80)}; again) `);
  return audit(port, url, tries - 1);
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

/** gzip -9 size of each script the page loaded from the app's origin, as the server sends it now. */
async function scriptKb(lhr, base) {
  let bytes = 0;
  const scripts = [];
  for (const item of lhr.audits['network-requests']?.details?.items ?? []) {
    if (item.resourceType !== 'Script' || !item.url.startsWith(base)) continue;
    const response = await fetch(item.url);
    if (!response.ok) continue;
    const size = gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
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
    ? { url: process.env.BENCH_URL.replace(/\/$/, ''), heavy: null, stop: async () => {} }
    : null;
  console.log(
    stack
      ? `Measuring ${stack.url}`
      : '\nStarting the emulator suite (demo seed and a user with a year of history) for Lighthouse ...',
  );
  const started = stack ?? (await startStack());
  const { url, stop } = started;
  const rows = [];
  const notes = new Set();
  let userJs = null;
  let reads = [];
  let chrome = null;
  // The module graph of /user's first render (a build of its own, while nothing is measured).
  const firstRender = await firstRenderJs(root).catch((e) => ({ error: e.message }));
  try {
    chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
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
        if (route.path === '/user' && i === 0) userJs = await scriptKb(lhr, url);
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
    await chrome?.kill();
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
    `\nLighthouse ${runs}x per route, mobile preset, medians (anchors: the figures before the speed work):\n`,
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
        `  ${r.who}: ${r.docs} documents through ${r.listens} listeners (the SDK's one-shot reads included; bound ${r.bound}), ${r.aggregates} aggregate queries; ${r.writes} documents written`,
      );
  }
  if (notes.size > 0) console.log(`\n${[...notes].join('\n')}`);
  console.log(
    '\nTargets: performance >= 95 on / and /login, >= 90 signed in; accessibility 100; LCP <= 2.5 s; CLS < 0.05.',
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await runWebBench();
