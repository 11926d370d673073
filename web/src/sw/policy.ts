/**
 * What the service worker (sw.ts) does with a request, as pure functions so that the rules are
 * tested without a browser. The worker caches nothing but the build it was made with (the
 * precache list the build writes into it): no Auth, Firestore or Functions answer, no runtime caching.
 */

/** What the build writes into the worker (web/build/service-worker.ts). */
export interface ShellBuild {
  /** Changes whenever any precached file changes (a hash of their names and contents). */
  version: string;
  /** The app's entry script (`/assets/index-<hash>.js`): names the version a page runs. */
  entry: string;
  /** Every file of the build: `/index.html`, `/assets/…`, the manifest, the icons. */
  files: string[];
}

/** Cache names of the shell: one per build, so a new build never mixes with the old one. */
export const CACHE_PREFIX = 'fittrack-shell-';
export const cacheName = (version: string): string => `${CACHE_PREFIX}${version}`;

/** The message the worker sends its pages once it controls them. */
export const ACTIVATED = 'fittrack-sw-activated';
export interface ActivatedMessage {
  type: typeof ACTIVATED;
  entry: string;
}

/**
 * Set on <html> of the index.html the worker serves from its cache because the network failed, so
 * the page knows it is offline even where navigator.onLine says otherwise (lie-fi, a captive
 * portal, automation's emulated offline). The page reads it in web/src/sw/register.ts.
 */
export const OFFLINE_SHELL_ATTRIBUTE = 'data-offline-shell';

export function markOfflineShell(html: string): string {
  return html.replace(/<html(?=[\s>])/i, (tag) => `${tag} ${OFFLINE_SHELL_ATTRIBUTE}`);
}

/**
 * Same-origin paths that belong to a server, never to the app shell: Firebase Hosting's reserved
 * `/__/` (the Google sign-in handler, init.json). Auth, Firestore and Functions, real or emulated,
 * are other origins, which the worker never touches.
 */
export const SERVER_PREFIXES = ['/__/'] as const;

/**
 * - `shell`: a page of the app (a navigation to a path without a file extension): the network
 *   first, the cached index.html when the network fails;
 * - `precached`: a file of this build (icons, manifest, hashed assets) or any hashed asset: from
 *   this build's cache, else a previous build's (a tab still running it after a deploy removed its
 *   lazily loaded chunks from the server), else the network;
 * - `network`: everything else, untouched by the worker (its answer is not even seen).
 */
export type Handling = 'shell' | 'precached' | 'network';

export interface RequestFacts {
  url: string;
  method: string;
  mode: string;
}

export function handlingOf(request: RequestFacts, origin: string, precached: ReadonlySet<string>): Handling {
  if (request.method !== 'GET') return 'network';
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return 'network';
  }
  if (url.origin !== origin) return 'network';
  const path = url.pathname;
  if (SERVER_PREFIXES.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix)) return 'network';
  if (request.mode === 'navigate') {
    // As the servers' SPA fallback: a path with an extension is a file, never the app.
    const last = path.slice(path.lastIndexOf('/') + 1);
    return !last.includes('.') || last.endsWith('.html') ? 'shell' : 'network';
  }
  // A query string would make it another resource: only exact files come from the cache.
  if (url.search !== '') return 'network';
  return precached.has(path) || path.startsWith('/assets/') ? 'precached' : 'network';
}

/**
 * The shell caches to delete when a build activates: all but its own and the newest other one.
 * The previous build's files stay for pages still running it (a lazily loaded route chunk that a
 * deploy removed from the server is still there); anything older goes. `names` is in creation
 * order, as CacheStorage.keys() lists them.
 */
export function staleCaches(names: readonly string[], current: string): string[] {
  const others = names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current);
  return others.slice(0, -1);
}

/** Hashed assets never change under their name; everything else is fetched past the HTTP cache. */
export const fetchModeFor = (path: string): RequestCache =>
  path.startsWith('/assets/') ? 'default' : 'no-cache';
