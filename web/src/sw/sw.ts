/**
 * The service worker (built to /sw.js by web/build/service-worker.ts, which writes the build's file
 * list into it). It keeps the app shell of its own build so that the app opens offline:
 *
 * - install: caches every file of the build in a cache named after the build, all or nothing (an
 *   index.html that does not name this build's entry script fails the install: a deploy landed
 *   in between, and the next worker will hold the new one), then takes over at once;
 * - pages (navigations): the network first, so an online page is always the deployed one; the
 *   cached index.html only when the network fails or stalls (offline, lie-fi), and that
 *   index.html always comes with its own assets, from the same cache;
 * - the build's files and hashed assets: from this build's cache, else the previous build's, else
 *   the network; anything else (Auth, Firestore, Functions, other origins) is not touched;
 * - activate: drops shell caches older than the previous build (pages still running the
 *   previous build keep their lazily loaded chunks), claims the open pages and tells them which
 *   build it serves; a page running another build offers a reload (web/src/sw/register.ts).
 *
 * Typed against the few worker APIs it uses (declared below): the web project's lib is the DOM's,
 * and the WebWorker lib cannot be loaded beside it.
 */
import {
  ACTIVATED,
  type ActivatedMessage,
  cacheName,
  fetchModeFor,
  handlingOf,
  markOfflineShell,
  type ShellBuild,
  staleCaches,
} from './policy.ts';

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface WindowClient {
  postMessage(message: unknown): void;
}
interface WorkerScope {
  readonly location: Location;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled?: boolean }): Promise<WindowClient[]>;
  };
}

const worker = self as unknown as WorkerScope;
// Replaced at build time by the JSON of this build's ShellBuild (a string literal, so that it
// survives minification).
const BUILD = JSON.parse('__FIT_SW_BUILD__') as ShellBuild;
const CACHE = cacheName(BUILD.version);
const PRECACHED = new Set(BUILD.files);
/** How long a page may wait for the network before the cached shell is shown instead. */
const NAVIGATION_TIMEOUT_MS = 5000;

async function install(): Promise<void> {
  const cache = await caches.open(CACHE);
  try {
    await cache.addAll(BUILD.files.map((path) => new Request(path, { cache: fetchModeFor(path) })));
    const index = await cache.match('/index.html');
    if (!index || !(await index.text()).includes(BUILD.entry))
      throw new Error(`The served index.html is not this build's (${BUILD.entry})`);
  } catch (error) {
    await caches.delete(CACHE);
    throw error;
  }
  await worker.skipWaiting();
}

async function activate(): Promise<void> {
  await Promise.all(staleCaches(await caches.keys(), CACHE).map((name) => caches.delete(name)));
  await worker.clients.claim();
  const message: ActivatedMessage = { type: ACTIVATED, entry: BUILD.entry };
  for (const client of await worker.clients.matchAll({ type: 'window' })) client.postMessage(message);
}

/** This build's file first; then a previous build's (a page still running it); then the network. */
async function precached(request: Request): Promise<Response> {
  const cached = (await (await caches.open(CACHE)).match(request)) ?? (await caches.match(request));
  return cached ?? fetch(request);
}

/** The cached page, marked as served offline. Its headers (the page's CSP) stay; the body is decoded. */
async function offlineShell(index: Response): Promise<Response> {
  const headers = new Headers(index.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  return new Response(markOfflineShell(await index.text()), { status: 200, headers });
}

async function shell(request: Request): Promise<Response> {
  const network = fetch(request);
  const stalled = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('navigation timed out')), NAVIGATION_TIMEOUT_MS),
  );
  try {
    return await Promise.race([network, stalled]);
  } catch {
    const index = await (await caches.open(CACHE)).match('/index.html');
    if (index) return offlineShell(index);
    // No shell cached (the install failed): the network's own answer or error, as without a worker.
    return network;
  }
}

worker.addEventListener('install', (event) => event.waitUntil(install()));
worker.addEventListener('activate', (event) => event.waitUntil(activate()));
worker.addEventListener('fetch', (event) => {
  const handling = handlingOf(event.request, worker.location.origin, PRECACHED);
  if (handling === 'shell') event.respondWith(shell(event.request));
  else if (handling === 'precached') event.respondWith(precached(event.request));
});
