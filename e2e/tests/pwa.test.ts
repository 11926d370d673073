/**
 * The installable app: a valid manifest, Chromium's own installability check (Lighthouse 13 has no
 * PWA category), a service worker keeping the shell but no API or auth answer, /user offline, and
 * an activity saved offline reaching the server once back. A persistent profile, since Chromium
 * calls no incognito page installable.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logActivity, signUpAndVerify } from './people.ts';
import { APP_URL, accountOf, screenshot, serverDocs } from './stack.ts';

const stamp = Date.now().toString(36);
const erin = { email: `erin-pwa-${stamp}@example.com`, name: `Erin ${stamp}` };
const SERVER_PATHS = [
  '/identitytoolkit.googleapis.com/',
  '/securetoken.googleapis.com/',
  '/emulator/',
  '/__/',
];

let profile: string;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}
interface Manifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  scope?: string;
  display?: string;
  theme_color?: string;
  background_color?: string;
  icons?: ManifestIcon[];
}

/** Width and height from a PNG's IHDR chunk, or undefined when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature)) return undefined;
  if (bytes.subarray(12, 16).toString('latin1') !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * What the page's caches hold: cache name to the paths (or foreign URLs) of its entries, without
 * Workbox's revision query (`?__WB_REVISION__=` on files whose name has no hash).
 */
const cachedPaths = (p: Page) =>
  p.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      out[name] = requests.map((r) => {
        const url = new URL(r.url);
        url.searchParams.delete('__WB_REVISION__');
        return url.origin === location.origin ? url.pathname + url.search : r.url;
      });
    }
    return out;
  });

/**
 * How many writes the Firestore SDK still holds for the server: the entries of its IndexedDB write
 * queue (`mutations`), which a write leaves once the server has acknowledged it.
 */
const queuedWrites = (p: Page) =>
  p.evaluate(async () => {
    const ask = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    let queues = 0;
    let writes = 0;
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith('firestore/')) continue;
      const request = indexedDB.open(name);
      request.onupgradeneeded = () => request.transaction?.abort(); // not this reader's to create
      const db = await ask(request).catch(() => null);
      if (!db) continue;
      if (db.objectStoreNames.contains('mutations')) {
        queues += 1;
        writes += await ask(db.transaction('mutations').objectStore('mutations').count());
      }
      db.close();
    }
    return queues === 0 ? 'no write queue' : writes;
  });

const offlineNotice = () => page.getByText(/you are offline/i);
const pendingChip = () => page.getByRole('status').filter({ hasText: 'Saved offline, syncing' });

beforeAll(async () => {
  profile = mkdtempSync(join(tmpdir(), 'fittrack-pwa-profile-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    baseURL: APP_URL,
    viewport: { width: 1280, height: 900 },
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (e) => errors.push(e.message));
});

afterAll(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

describe('installable app, offline shell', () => {
  it('serves a valid manifest, linked from the page, whose icons load at their stated sizes', async () => {
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await page.request.get(href ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'FitTrack',
      short_name: 'FitTrack',
      start_url: '/user',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

    const icons = manifest.icons ?? [];
    const has = (size: string, purpose: string) =>
      icons.some(
        (i) =>
          i.sizes === size && i.type === 'image/png' && (i.purpose ?? 'any').split(' ').includes(purpose),
      );
    expect(has('192x192', 'any')).toBe(true);
    expect(has('512x512', 'any')).toBe(true);
    expect(has('512x512', 'maskable')).toBe(true);
    for (const icon of icons.filter((i) => i.type === 'image/png')) {
      const image = await page.request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type'], icon.src).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(await image.body()), icon.src).toEqual({ width, height });
    }
  });

  it('registers a service worker that controls the page; Chromium finds the app installable', async () => {
    const sw = await page.request.get('/sw.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['cache-control']).toMatch(/no-cache/);
    expect(sw.headers()['content-type']).toMatch(/javascript/);

    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    // Workbox's clientsClaim takes the page while the worker is still activating: wait for the end.
    // (Not waitForFunction: it takes a predicate's promise as truthy and does not wait.)
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), {
        timeout: 30_000,
      })
      .toBe('activated');
    const registration = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.ready;
      return { scope: r.scope, script: r.active?.scriptURL, state: r.active?.state };
    });
    expect(registration).toEqual({ scope: `${APP_URL}/`, script: `${APP_URL}/sw.js`, state: 'activated' });

    // Chromium's own verdict (what its install prompt uses): no manifest errors, nothing missing.
    const cdp = await context.newCDPSession(page);
    const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installability.installabilityErrors).toEqual([]);
    const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(parsed.url).toBe(`${APP_URL}/manifest.webmanifest`);
    expect(parsed.errors).toEqual([]);
    await cdp.detach();
  });

  it('keeps the shell of one build and never an API or auth answer, even after signing in and using the app', async () => {
    await signUpAndVerify(page, erin);
    await logActivity(page, 'Walking', 30);
    await page.getByRole('table').first().getByText('Walking').waitFor();
    // Confirmed before the network goes (the first write waits for cold starts): the SDK's queue
    // is empty once the server acknowledged it, and the top bar's chip goes with it.
    await expect.poll(() => queuedWrites(page), { timeout: 30_000 }).toBe(0);
    await pendingChip().waitFor({ state: 'detached', timeout: 30_000 });
    const cached = await cachedPaths(page);
    const names = Object.keys(cached);
    expect(names).toHaveLength(1);
    const paths = cached[names[0] ?? ''] ?? [];
    const entry = await page.evaluate(
      () => document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]')?.src,
    );
    expect(paths).toContain('/index.html');
    expect(paths).toContain(new URL(entry ?? '/none', APP_URL).pathname);
    expect(paths).toContain('/manifest.webmanifest');
    for (const path of paths) {
      expect(path.startsWith('/'), `${path} is of this origin`).toBe(true);
      expect(
        SERVER_PATHS.some((prefix) => path.startsWith(prefix)),
        `${path} is not a server answer`,
      ).toBe(false);
    }
  });

  it('reloads /user offline: the app shell with its top bar, and a notice that it is offline', async () => {
    await context.setOffline(true);
    await page.reload();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'User', exact: true })
      .waitFor();
    await offlineNotice().waitFor({ timeout: 15_000 });
    expect(page.url()).toBe(`${APP_URL}/user`);
    await screenshot(page, '30-pwa-offline');
  });

  it('an activity logged in the offline shell waits to sync, then reaches the server once online', async () => {
    const uid = (await accountOf(erin.email))?.localId ?? '';
    expect(uid).not.toBe('');
    const repsOnServer = async () =>
      (await serverDocs(`users/${uid}/reps`)).map((d) => JSON.stringify((d as { fields: unknown }).fields));
    expect(await repsOnServer()).toHaveLength(1);
    await logActivity(page, 'Yoga', 20);
    // In Recent Activities at once, its row marked as waiting to sync (and only its row).
    const rows = page.getByRole('table').first().getByRole('row');
    const yoga = rows.filter({ hasText: 'Yoga' });
    await yoga.getByText('Waiting to sync').waitFor({ timeout: 10_000 });
    expect(await rows.filter({ hasText: 'Walking' }).getByText('Waiting to sync').count()).toBe(0);
    const pending = pendingChip();
    await pending.waitFor({ timeout: 10_000 });
    await screenshot(page, '31-pwa-offline-write');
    expect(await repsOnServer()).toHaveLength(1);

    // Reloaded, still offline: the SDK kept the write, which this page load did not make. Logging
    // out would erase it with the offline cache, so Logout asks all the same.
    await page.reload();
    await yoga.getByText('Waiting to sync').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Logout' }).click();
    const ask = page.getByRole('dialog', { name: 'Log out and lose unsent changes?' });
    await ask.getByText(/^Changes made offline have not reached the server yet\./).waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });

    // Online again, the SDK sends it once it reconnects (its back-off may take seconds); then the
    // row's mark goes (the row stays) and the top bar has nothing waiting.
    await context.setOffline(false);
    await expect.poll(async () => (await repsOnServer()).length, { timeout: 60_000 }).toBe(2);
    expect((await repsOnServer()).some((r) => r.includes('Yoga'))).toBe(true);
    await yoga.getByText('Waiting to sync').waitFor({ state: 'detached', timeout: 30_000 });
    await yoga.waitFor();
    await pending.waitFor({ state: 'detached', timeout: 30_000 });
    await offlineNotice().waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('raised no uncaught page errors', () => {
    expect(errors).toEqual([]);
  });
});
