// Parts of the web bench (bench-web.mjs) beside Lighthouse: the JavaScript /user needs before its
// first render (firstRenderJs), signing in through the form, and the documents a cold load of
// /user reads in the browser (dashboardReads), counted from what the Firestore SDK receives.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The source modules whose chunks /user's first render needs: the entry and the routes' `lazy` it matches. */
const FIRST_RENDER_ROOTS = [
  'index.html',
  'src/app/guards.tsx',
  'src/app/AppLayout.tsx',
  'src/app/UserPage.tsx',
];
/**
 * Started once the page has drawn (or at once, for a session this device does not remember): the
 * auth SDK and the Firestore adapter (web/src/data/page-backend.ts), counted apart.
 */
const SESSION_ROOTS = ['src/data/adapters/firebase-auth.ts', 'src/data/adapters/firestore.ts'];

function run(cmd, args, cwd) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('exit', (code) => (code === 0 ? resolveRun() : reject(new Error(`${cmd} exited ${code}`))));
  });
}

/**
 * Builds the web app once more with a manifest (into a throwaway folder) and walks vite's module
 * graph from FIRST_RENDER_ROOTS by static imports; what only a dynamic import reaches (charts,
 * picker, tooltips) arrives after the first render and is not counted. gzip -9 of each file.
 */
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

/**
 * Runs in the page before its scripts: counts what the Firestore SDK's requests carry. Listeners
 * (one-shot reads included: the SDK serves those with a listener too) travel on the Listen
 * WebChannel (fetch): each `addTarget` sent is a listener, its bound the query's limit or the
 * number of documents named; each `documentChange` received is a document read. Aggregations are
 * requests of their own (runAggregationQuery, XMLHttpRequest). Writes the page makes as it loads
 * (the Write channel) are counted too.
 */
function countFirestoreTraffic() {
  const counts = { docs: 0, listens: 0, bound: 0, aggregates: 0, writes: 0, last: Date.now() };
  Object.defineProperty(window, '__benchReads', { value: counts });
  const messages = (body) => {
    const form = typeof body === 'string' ? new URLSearchParams(body) : body;
    if (!(form instanceof URLSearchParams)) return [];
    return [...form]
      .filter(([key]) => /^req\d+___data__$/.test(key))
      .map(([, value]) => {
        try {
          return JSON.parse(value);
        } catch {
          return {};
        }
      });
  };
  const noteTargets = (body) => {
    for (const { addTarget: target } of messages(body)) {
      if (!target) continue;
      counts.listens++;
      const limit = target.query?.structuredQuery?.limit;
      counts.bound += target.documents
        ? target.documents.documents.length
        : limit === undefined
          ? Number.POSITIVE_INFINITY
          : Number(typeof limit === 'object' ? limit.value : limit);
      counts.last = Date.now();
    }
  };
  // A backchannel response streams for as long as the channel lives: read a copy as it arrives
  // (a word split between two chunks is found in the next one's overlap).
  const countChanges = async (response) => {
    const word = '"documentChange"';
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let tail = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      const text = tail + value;
      const n = text.split(word).length - 1;
      if (n > 0) {
        counts.docs += n;
        counts.last = Date.now();
      }
      const cut = text.lastIndexOf(word);
      tail = text.slice(Math.max(cut >= 0 ? cut + word.length : 0, text.length - word.length + 1));
    }
  };
  const originalFetch = window.fetch;
  window.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const listen = url.includes('google.firestore.v1.Firestore/Listen/channel');
    const write = url.includes('google.firestore.v1.Firestore/Write/channel');
    // A channel sends a Request whose body is the form (addTargets, writes).
    const sent = (listen || write) && input instanceof Request ? input.clone().text() : init?.body;
    const response = await originalFetch(input, init);
    if (write) for (const message of messages(await sent)) counts.writes += message.writes?.length ?? 0;
    if (listen) {
      noteTargets(await sent);
      if (url.includes('RID=rpc') && response.body) countChanges(response.clone()).catch(() => {});
    } else if (url.includes(':runAggregationQuery')) {
      counts.aggregates++;
      counts.last = Date.now();
    }
    return response;
  };
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    if (String(url).includes(':runAggregationQuery')) {
      counts.aggregates++;
      counts.last = Date.now();
    }
    return open.call(this, method, url, ...rest);
  };
}

/**
 * The reads of a cold load of /user for `account`: signed in through the form (the session is
 * kept), the Firestore cache of that first visit deleted (else the listeners resume from it and
 * the server sends only changes), then /user opened in a new page and counted until nothing new
 * arrived for 2 s.
 */
export async function dashboardReads(context, url, account) {
  await (await signInThroughForm(context, url, account)).close();
  const cleaner = await context.newPage();
  // A static file of the app's origin: the app does not run there, so nothing holds the cache open.
  await cleaner.goto(`${url}/favicon.svg`);
  await cleaner.evaluate(async () => {
    for (const { name } of await indexedDB.databases())
      if (name?.startsWith('firestore/'))
        await new Promise((resolve, reject) => {
          const request = indexedDB.deleteDatabase(name);
          request.onsuccess = resolve;
          request.onerror = () => reject(request.error);
          request.onblocked = () => reject(new Error(`${name} is still open`));
        });
  });
  await cleaner.close();

  const page = await context.newPage();
  await page.addInitScript(countFirestoreTraffic);
  await page.goto(`${url}/user`);
  // Hidden included: a dialog the dashboard opens (a prompt) must not stop the count.
  await page.getByRole('heading', { name: /^Hi,/, includeHidden: true }).waitFor({ timeout: 60_000 });
  const giveUp = Date.now() + 30_000; // a page that never goes quiet is measured as it is then
  let counts = await page.evaluate(() => ({ ...window.__benchReads }));
  while (Date.now() - counts.last < 2000 && Date.now() < giveUp) {
    await page.waitForTimeout(250);
    counts = await page.evaluate(() => ({ ...window.__benchReads }));
  }
  await page.close();
  return counts;
}
