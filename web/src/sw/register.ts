/**
 * The page's side of the service worker: a new deploy's worker waits, and the page offers a reload
 * (ShellStatus) rather than forcing one that would lose what is typed. Checks hourly for a deploy.
 */
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';

/** `registerSW` of `virtual:pwa-register` (main.tsx passes it; tests pass a stand-in). */
export type RegisterSW = (options: RegisterSWOptions) => (reloadPage?: boolean) => Promise<void>;

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Activates the waiting worker, which reloads the page; set once a new version is waiting. */
let update: (() => Promise<void>) | null = null;
const listeners = new Set<(ready: boolean) => void>();

/** Whether the browser says it is offline. */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && !navigator.onLine;
}

export function registerServiceWorker(registerSW: RegisterSW): void {
  const activate = registerSW({
    onNeedRefresh() {
      update = () => activate();
      for (const listener of listeners) listener(true);
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        registration.update().catch(() => undefined); // offline: the next check will do
      }, UPDATE_CHECK_MS);
    },
    onRegisterError: (error: unknown) =>
      console.warn('The service worker did not register: no offline shell', error),
  });
}

/** Calls `listener` now and whenever a new version is waiting. */
export function watchAppUpdate(listener: (ready: boolean) => void): () => void {
  listeners.add(listener);
  listener(update !== null);
  return () => listeners.delete(listener);
}

/** Switches to the waiting version: the worker takes over and the page reloads. */
export function updateApp(): void {
  if (update) void update();
  else window.location.reload();
}
