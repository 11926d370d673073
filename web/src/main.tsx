/**
 * Entry point: reads the Firebase configuration (VITE_* variables), wires the Firebase Auth gateway
 * (loaded on first use) and the Firestore backend (loaded once someone is signed in, or at once on
 * a signed-in page), and mounts the routes.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/AppProviders.tsx';
import { preloadPage } from './app/preload.ts';
import { AppRoutes } from './app/routes.tsx';
import { emotionCache } from './app/style-snapshot.ts';
import { ShellStatus } from './components/ShellStatus.tsx';
import { lazyFirebaseAuth } from './data/adapters/lazy-auth.ts';
import { readConfig } from './data/config.ts';
import { backendForPage } from './data/page-backend.ts';
import { loadBackend } from './data/repositories.ts';
import { assumedUser } from './data/session.tsx';
import { registerServiceWorker } from './sw/register.ts';

const config = readConfig(import.meta.env);
const auth = lazyFirebaseAuth(config);

// The page's backend; a session's end stops it and, with nobody signed in, deletes the offline
// cache, as does a page where nobody is signed in (data/page-backend.ts).
const backend = backendForPage((eraseFirst) => loadBackend(config, eraseFirst), auth.sessions);
void backend.eraseLeftovers();
const endSession = (uid: string) => backend.retire(uid);

// A signed-in page (a reload, a link): the auth SDK, the data adapter, the frame and the page all
// load at once, instead of each waiting for the one before it to render. A sign-in page: its chunk.
const preloading = preloadPage(window.location.pathname, () => {
  // For a session this device remembers, the page draws first (session.tsx), and it starts auth and
  // the adapter as it mounts: their 36 KB would otherwise share the network with the page's chunks.
  if (assumedUser()) return;
  auth.warm();
  backend.warm().catch(() => {}); // WithBackend shows the failure and retries
});

// Dates and numbers follow the browser's locale (toLocaleDateString with no locale), so the page's
// language must say the same for screen readers and hyphenation.
document.documentElement.lang = navigator.language || 'en';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The offline shell (web/src/sw): production builds only, the dev server's modules are not a build.
if (import.meta.env.PROD) registerServiceWorker();

// On a signed-in or sign-in path the first render waits for the page's chunks (index.html's
// loading shell shows meanwhile), so that it draws the page in one go: rendered earlier, it would
// show a loading fallback, after which React holds back the page for 300 ms (components/chunk.ts).
// The styles this build compiled on an earlier visit (the module's address names the build).
const styles = emotionCache(import.meta.url);

const app = (
  <StrictMode>
    <AppProviders auth={auth} loadBackend={backend.get} onSessionEnd={endSession} styles={styles}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <ShellStatus />
    </AppProviders>
  </StrictMode>
);
const mount = () => startTransition(() => createRoot(root).render(app));
if (preloading) void preloading.then(mount);
else mount();
