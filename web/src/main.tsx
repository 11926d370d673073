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
import { emulatorHostsOf, readConfig } from './data/config.ts';
import { backendForPage, loadBackend } from './data/page-backend.ts';
import { registerServiceWorker } from './sw/register.ts';

const env = import.meta.env;
const config = readConfig(
  env.VITE_EMULATOR_HOSTS === 'page' ? { ...env, ...emulatorHostsOf(document) } : env,
);
const auth = lazyFirebaseAuth(config);

// The page's backend; a session's end stops it and, with nobody signed in, deletes the offline
// cache, as does a page where nobody is signed in (data/page-backend.ts).
const backend = backendForPage((eraseFirst) => loadBackend(config, eraseFirst), auth.sessions);
void backend.eraseLeftovers();
const endSession = (uid: string) => backend.retire(uid);

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
