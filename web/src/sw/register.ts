/**
 * The page's side of the service worker (web/src/sw/sw.ts): registers it in production builds once
 * the page has loaded (its precache then never competes with the page's own loading), checks for
 * a new deploy every hour while the tab stays open, and tells `watchAppUpdate` listeners when a
 * worker of another build has taken over this page: the page keeps running (its chunks stay
 * cached) until the person chooses to reload, so nothing half-typed is lost to an automatic reload.
 */

/**
 * The worker's "I now control this page" message (policy.ts's ACTIVATED; a test holds the two
 * equal). Not imported from there: a module both the app and the worker import becomes a chunk
 * they share, and the worker must stand alone.
 */
export const ACTIVATED_MESSAGE = 'fittrack-sw-activated';

/** policy.ts's OFFLINE_SHELL_ATTRIBUTE (held equal by a test, not imported: see above). */
export const OFFLINE_SHELL = 'data-offline-shell';
const PROBE_EVERY_MS = 5000;

/**
 * Whether the browser is offline as far as the page can tell: navigator.onLine, or this page being
 * the shell the worker served because the network failed (until a request gets through).
 */
export function browserOffline(): boolean {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return true;
  return typeof document !== 'undefined' && document.documentElement.hasAttribute(OFFLINE_SHELL);
}

/**
 * Calls `listener` with true while this page is the shell the worker served because the network
 * failed, until a request gets through (probed every few seconds: a HEAD of `/`, which the worker
 * leaves to the network), then with false.
 */
export function watchOfflineShell(listener: (offline: boolean) => void): () => void {
  const root = document.documentElement;
  if (!root.hasAttribute(OFFLINE_SHELL)) {
    listener(false);
    return () => undefined;
  }
  listener(true);
  let stopped = false;
  const probe = async () => {
    try {
      await fetch('/', { method: 'HEAD', cache: 'no-store' });
      root.removeAttribute(OFFLINE_SHELL);
      stopped = true;
      clearInterval(timer);
      listener(false);
    } catch {
      // still offline
    }
  };
  const timer = setInterval(() => {
    if (!stopped) void probe();
  }, PROBE_EVERY_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

function activatedEntry(data: unknown): string | undefined {
  const message = data as { type?: unknown; entry?: unknown } | null;
  return typeof message === 'object' &&
    message?.type === ACTIVATED_MESSAGE &&
    typeof message.entry === 'string'
    ? message.entry
    : undefined;
}
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let updateReady = false;
const listeners = new Set<(ready: boolean) => void>();

/** Calls `listener` now and whenever a newer build is ready (after a reload). */
export function watchAppUpdate(listener: (ready: boolean) => void): () => void {
  listeners.add(listener);
  listener(updateReady);
  return () => listeners.delete(listener);
}

/** The build this page runs: its entry script, as index.html names it. */
function pageEntry(): string | undefined {
  const script = document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]');
  return script ? new URL(script.src).pathname : undefined;
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  container.addEventListener('message', (event: MessageEvent) => {
    const workerEntry = activatedEntry(event.data);
    const entry = pageEntry();
    if (workerEntry === undefined || entry === undefined || entry === workerEntry || updateReady) return;
    updateReady = true;
    for (const listener of listeners) listener(true);
  });
  const register = () => {
    container
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        setInterval(() => {
          registration.update().catch(() => undefined); // offline: the next check will do
        }, UPDATE_CHECK_MS);
      })
      .catch((error: unknown) =>
        console.warn('The service worker did not register: no offline shell', error),
      );
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
