/**
 * Entry point: reads the Firebase configuration (VITE_* variables), wires the Firebase Auth gateway
 * (loaded on first use) and the Firestore backend (loaded once someone is signed in), registers the
 * service worker and mounts the routes.
 */

import { registerSW } from 'virtual:pwa-register';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/AppProviders.tsx';
import { routes } from './app/routes.tsx';
import { ShellStatus } from './components/ShellStatus.tsx';
import { lazyFirebaseAuth } from './data/adapters/lazy-auth.ts';
import { backendPerSession } from './data/backend-session.ts';
import { readConfig } from './data/config.ts';
import { recallAnyone } from './data/device-memory.ts';
import { erasureMark } from './data/erasure-mark.ts';
import { loadBackend } from './data/repositories.ts';
import { registerServiceWorker } from './sw/register.ts';

const config = readConfig(import.meta.env);
const auth = lazyFirebaseAuth(config);

// One backend per session; its end erases the session's offline data from this browser, and an
// erasure an earlier page left halfway (a tab closed during Logout) is finished now, before any
// session here opens the cache.
const backend = backendPerSession(
  () => loadBackend(config),
  () => recallAnyone('signedIn')?.uid ?? null,
  erasureMark,
);
void backend.resume();
const endSession = (uid: string) => backend.end(uid);

// Dates and numbers follow the browser's locale (toLocaleDateString with no locale), so the page's
// language must say the same for screen readers and hyphenation.
document.documentElement.lang = navigator.language || 'en';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The offline shell (vite-plugin-pwa); the dev server's stand-in registers nothing.
registerServiceWorker(registerSW);

const router = createBrowserRouter(routes);

createRoot(root).render(
  <StrictMode>
    <AppProviders auth={auth} loadBackend={backend.get} onSessionEnd={endSession}>
      <RouterProvider router={router} />
      <ShellStatus />
    </AppProviders>
  </StrictMode>,
);
