/**
 * Two notices about the app itself rather than a section's data: the browser is offline, or this
 * page is the shell the service worker kept because the network failed (navigator.onLine can
 * still say online then), and a new version has been deployed and taken
 * over (web/src/sw/register.ts): a Reload button, never a forced reload that would lose what is
 * being typed.
 *
 * The notices' chunk is fetched once the page has painted, not on first need: the browser may be
 * offline by then (the service worker also keeps it, but a first visit has no worker yet).
 */
import { Suspense, useEffect, useState } from 'react';
import { useBrowserOnline } from '../data/connection.ts';
import { watchAppUpdate, watchOfflineShell } from '../sw/register.ts';
import { AfterFirstPaint } from './AfterFirstPaint.tsx';
import { lazyOptional } from './lazy-optional.ts';

// Outside the routes' error boundaries: a chunk that cannot load leaves the notices out, not the app.
const ShellNotices = lazyOptional('The app notices', () =>
  import('./ShellNotices.tsx').then((m) => m.ShellNotices),
);

/** `keepsOfflineWrites`: Firebase mode, where Firestore queues what is saved offline. */
export function ShellStatus({ keepsOfflineWrites }: { keepsOfflineWrites: boolean }) {
  const online = useBrowserOnline();
  const [offlineShell, setOfflineShell] = useState(false);
  useEffect(() => watchOfflineShell(setOfflineShell), []);
  const [updateReady, setUpdateReady] = useState(false);
  useEffect(() => watchAppUpdate(setUpdateReady), []);
  const offline = !online || offlineShell;

  return (
    <AfterFirstPaint>
      <Suspense fallback={null}>
        <ShellNotices offline={offline} updateReady={updateReady} keepsOfflineWrites={keepsOfflineWrites} />
      </Suspense>
    </AfterFirstPaint>
  );
}
